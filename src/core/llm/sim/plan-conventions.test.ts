import { describe, expect, it } from 'vitest';
import type { Tool } from '../../types';
import type { ExecutedStep } from '../../plan-guided';
import { NO_TOOL } from '../../plan-guided';
import { planMessages, planOptions, type PlanPromptParts } from '../../strategies/plan/plan-prompt';
import { advisePlan } from './plan-reader';
import { stem } from './word-stems';
import { stem as listingStem } from './tool-listing/words';

/**
 * General conventions of the plan reader (issue 25 item 5), on a small library written here (a
 * veterinary practice) that neither our generators nor the development sets use.
 */
type Props = Record<string, { type: 'string'; description: string }>;
const tool = (name: string, description: string, properties: Props, required = Object.keys(properties)): Tool => ({ name, description, arguments: { properties, required } });
const arg = (description = '') => ({ type: 'string' as const, description });

function advise(substep: string, candidates: Tool[], history: ExecutedStep[] = [], earlier: { step: string; description: string }[] = []) {
  const substeps = [...earlier.map((e) => ({ ...e, goal: 'Earlier' })), { step: `9.${earlier.length + 1}`, description: substep, goal: 'Now' }];
  const parts: PlanPromptParts = { query: 'Please sort out Biscuit the beagle (owner Ana Reyes).', substeps, index: substeps.length - 1, candidates, history, reflections: [], memory: [] };
  const options = planOptions(parts);
  return advisePlan({ noTool: NO_TOOL }, { messages: planMessages(parts, 'act', options), options });
}

const done = (step: string, name: string, output: Record<string, unknown>): ExecutedStep => ({ step, action: { tool: name, args: {} }, output, observation: `Output: ${JSON.stringify(output)}`, ok: true });

describe('plan reader conventions', () => {
  it('of near-duplicates, advises the one that takes the parameter the substep labels with a value', () => {
    const candidates = [tool('retire_kennel', 'Takes a kennel out of use.', { kennel_id: arg('kennel identifier (KEN-…)') }), tool('release_kennel', 'Takes a kennel out of use.', { kennel_id: arg('kennel identifier (KEN-…)'), reason: arg() })];
    const advice = advise('Free kennel KEN-2231 (reason: pet adopted)', candidates);
    expect(advice.calls.map((c) => c.tool)).toEqual(['release_kennel']);
    expect(advice.calls[0].args).toEqual({ kennel_id: 'KEN-2231', reason: 'pet adopted' });
  });

  it('of an alias and the tool its doc names, advises the one it names', () => {
    const candidates = [tool('visit_move', 'Moves a visit to another slot (alias of move_visit).', { visit_id: arg('visit identifier (VIS-…)'), slot_id: arg() }), tool('move_visit', 'Moves a visit to another slot.', { visit_id: arg('visit identifier (VIS-…)'), slot_id: arg() })];
    expect(advise('Move visit VIS-40021 into slot SL-1182', candidates).calls.map((c) => c.tool)).toEqual(['move_visit']);
  });

  it('reads a kind written before the record\'s word, and an identifier of capitals run into digits', () => {
    const candidates = [tool('record_vaccination', 'Records a vaccine dose given to a pet.', { pet_id: arg('pet identifier (PET-…)'), vaccine_code: arg('code or vaccine name'), given_on: arg('date given'), lot_number: arg() })];
    const history = [done('9.1', 'find_pet', { pet_id: 'PET-7781' })];
    const advice = advise('Record the rabies vaccine given on 2025-05-02, lot RB7731', candidates, history, [{ step: '9.1', description: 'Find the pet' }]);
    expect(advice.calls[0].args).toMatchObject({ vaccine_code: 'rabies', lot_number: 'RB7731' });
  });

  it('takes an identifier from the earlier step that names whom the substep names', () => {
    const candidates = [tool('search_vet_slots', 'Lists a vet\'s open slots in a date range.', { vet_id: arg('vet identifier (VET-…)'), start_date: arg('YYYY-MM-DD'), end_date: arg('YYYY-MM-DD') })];
    const earlier = [
      { step: '9.1', description: 'Find Dr. Okafor in surgery' },
      { step: '9.2', description: 'Read visit VIS-40021' },
    ];
    const history = [done('9.1', 'find_vet_by_name', { vet_id: 'VET-0031' }), done('9.2', 'get_visit', { visit_id: 'VIS-40021', vet_id: 'VET-0090' })];
    const advice = advise("Search Dr. Okafor's free slots from May 3, 2025 to May 5, 2025", candidates, history, earlier);
    expect(advice.calls[0].args.vet_id).toBe('OUTPUT_FROM_STEP_9.1.vet_id');
  });

  it('reads derived words as one: eligible / eligibility, contribution / contributor', () => {
    expect(stem('eligibility')).toBe(stem('eligible'));
    expect(stem('availability')).toBe(stem('available'));
    expect(listingStem('contributions')).toBe(listingStem('contributors'));
    expect(listingStem('collaboration')).toBe(listingStem('collaborator'));
    expect(listingStem('playlist')).toBe('playlist');
  });
});
