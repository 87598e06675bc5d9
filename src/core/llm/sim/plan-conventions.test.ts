import { describe, expect, it } from 'vitest';
import type { Tool } from '../../types';
import type { ExecutedStep } from '../../plan-guided';
import { NO_TOOL } from '../../plan-guided';
import { planMessages, planOptions, type PlanPromptParts } from '../../strategies/plan/plan-prompt';
import { advisePlan, pickConfidence } from './plan-reader';
import { planStatisticsOf } from './plan-statistics';
import { wordingStems } from './plan-reader';
import { contentStems, words } from './word-stems';
import { stem } from './word-stems';
import { stem as listingStem } from './tool-listing/words';
import { SimLM } from './sim-lm';
import { SIM_PRESETS } from './presets';
import { ChatTokenCounter } from '../token-counter';
import { LexicalEmbedder } from '../../embed/lexical-embedder';

/**
 * General conventions of the plan reader (issue 25 item 5), on a small library written here (a
 * veterinary practice) that neither our generators nor the development sets use.
 */
type Props = Record<string, { type: 'string'; description: string }>;
const tool = (name: string, description: string, properties: Props, required = Object.keys(properties)): Tool => ({ name, description, arguments: { properties, required } });
const arg = (description = '') => ({ type: 'string' as const, description });

function advise(substep: string, candidates: Tool[], history: ExecutedStep[] = [], earlier: { step: string; description: string }[] = [], statistics?: ReturnType<typeof planStatisticsOf>) {
  const substeps = [...earlier.map((e) => ({ ...e, goal: 'Earlier' })), { step: `9.${earlier.length + 1}`, description: substep, goal: 'Now' }];
  const parts: PlanPromptParts = { query: 'Please sort out Biscuit the beagle (owner Ana Reyes).', substeps, index: substeps.length - 1, candidates, history, reflections: [], memory: [] };
  const options = planOptions(parts);
  return advisePlan({ noTool: NO_TOOL, statistics }, { messages: planMessages(parts, 'act', options), options });
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

  it('reads "no tool" from the verb that leads a substep, not from words a reasoning template happened to use', () => {
    // Training plans where reasoning substeps say "Note any warning signs ..." and "Decide whether ...".
    const examples = [
      ...['kennel', 'ward', 'cage', 'pen'].map((thing) => ({ description: `Note any warning signs in the ${thing}'s state`, tool: null })),
      ...['kennel', 'ward', 'cage'].map((thing) => ({ description: `Decide whether the ${thing} needs the change`, tool: null })),
      ...['kennel', 'ward', 'cage', 'pen', 'yard'].map((thing) => ({ description: `Read the ${thing} record`, tool: 'get_record' })),
      { description: 'Sign the intake form', tool: 'sign_form' },
    ];
    const statistics = planStatisticsOf(examples, wordingStems, (name) => contentStems(words(name).join(' ')));
    const candidates = [tool('sign_treatment_note', 'Signs a treatment note as the attending vet.', { note_id: arg('note identifier (NOTE-…)') }), tool('get_kennel', 'Reads a kennel.', { kennel_id: arg() })];
    expect(advise('Sign the treatment note NOTE-5521', candidates, [], [], statistics).calls.map((c) => c.tool)).toEqual(['sign_treatment_note']);
    expect(advise('Decide whether the pet can go home', candidates, [], [], statistics).calls.map((c) => c.tool)).toEqual([NO_TOOL]);
  });

  it('reads a phrasal verb as one verb: "check" alone is not "check in", "find out" is not "find"', () => {
    const candidates = [
      tool('check_in_owner', 'Marks an owner as arrived at reception.', { visit_id: arg('visit identifier (VIS-…)') }),
      tool('get_contact_preferences', 'Reads the channel a person wants to be reached on.', { owner_id: arg('owner identifier (OWN-…)') }),
      tool('get_kennel', 'Reads a kennel.', { kennel_id: arg() }),
    ];
    expect(advise('Check how the owner prefers to be contacted', candidates).calls.map((c) => c.tool)).toEqual(['get_contact_preferences']);
    expect(advise('Check the owner in for visit VIS-40021', candidates).calls.map((c) => c.tool)).toEqual(['check_in_owner']);
    // And the other way round: "find out" in a substep is not a tool's "find".
    const lookups = [
      tool('find_kennel_by_tag', 'Finds a kennel by its tag.', { tag: arg() }),
      tool('get_kennel_status', "Returns a kennel's state.", { kennel_id: arg('kennel identifier (KEN-…)') }),
      ...['vaccine', 'invoice', 'ward', 'diet'].map((thing) => tool(`get_${thing}`, `Reads a ${thing}.`, { [`${thing}_id`]: arg() })),
    ];
    const none = planStatisticsOf([], wordingStems, (name) => contentStems(words(name).join(' ')));
    expect(advise('Find out the present state of the kennel', lookups, [], [], none).calls.map((c) => c.tool)).toEqual(['get_kennel_status']);
  });

  it('passes over a tool whose content parameter the prompt gives no value for', () => {
    const candidates = [
      tool('text_owner', 'Texts an owner on their mobile on file.', { owner_id: arg('owner identifier (OWN-…)'), text: arg() }),
      tool('notify_owner_of_visit', "Notifies the owner of a visit's time and place.", { visit_id: arg('visit identifier (VIS-…)'), channel: arg() }),
      tool('send_sms', 'Sends a text message to any phone number.', { phone_number: arg(), text: arg() }),
      tool('reply_to_owner_message', "Replies to an owner's text message.", { message_id: arg('message identifier (MSG-…)'), body: arg() }),
      ...['kennel', 'vaccine', 'invoice', 'ward', 'diet', 'leash', 'cage', 'microchip'].map((thing) => tool(`get_${thing}`, `Reads a ${thing}.`, { [`${thing}_id`]: arg() })),
    ];
    const history = [done('9.1', 'move_visit', { visit_id: 'VIS-40021', owner_id: 'OWN-1183' })];
    const advice = advise('Text her the new time (channel: sms)', candidates, history, [{ step: '9.1', description: 'Move visit VIS-40021' }]);
    expect(advice.calls.map((c) => c.tool)).toEqual(['notify_owner_of_visit']);
    expect(advice.calls[0].args).toEqual({ visit_id: 'OUTPUT_FROM_STEP_9.1.visit_id', channel: 'sms' });
  });

  it('reads a kind opening the substep, a code\'s description after a comma, and a value written before an earlier output\'s', () => {
    const note = [tool('add_visit_note', 'Adds a note to a visit.', { visit_id: arg('visit identifier (VIS-…)'), note_type: arg(), text: arg() })];
    expect(advise('Surgery note in VIS-40021: stitches removed, healing well', note).calls[0].args).toEqual({ visit_id: 'VIS-40021', note_type: 'Surgery', text: 'stitches removed, healing well' });
    const diagnosis = [tool('add_condition', 'Adds a condition code to a visit.', { visit_id: arg('visit identifier (VIS-…)'), condition_code: arg(), description: arg() })];
    expect(advise('Add condition K9.31, mild ear infection', diagnosis, [done('9.1', 'get_visit', { visit_id: 'VIS-40021' })], [{ step: '9.1', description: 'Read the visit' }]).calls[0].args).toMatchObject({ condition_code: 'K9.31', description: 'mild ear infection' });
    const audit = [tool('audit_kennel', 'Checks a kennel against a hygiene rule.', { kennel_id: arg('kennel identifier (KEN-…)'), rule: arg() })];
    const history = [done('9.1', 'get_kennel', { kennel_id: 'KEN-2231', rule: 'daily cleaning' })];
    expect(advise('See that the kennel complies with the rule (water bowl rule)', audit, history, [{ step: '9.1', description: 'Read the kennel' }]).calls[0].args).toEqual({ kennel_id: 'OUTPUT_FROM_STEP_9.1.kennel_id', rule: 'water bowl' });
  });

  it('gives two identifiers of one call two values: the role\'s from the earlier output, the plain one from the query', () => {
    const candidates = [tool('assign_covering_vet', 'Names a vet who covers for another for a period.', { vet_id: arg('vet identifier (VET-…)'), covering_vet_id: arg(), start_date: arg('YYYY-MM-DD'), end_date: arg('YYYY-MM-DD') })];
    const history = [done('9.1', 'find_vet_by_name', { vet_id: 'VET-0031' })];
    const substeps = [{ step: '9.1', description: 'Find Dr. Okafor in surgery' }];
    const substep = 'Make Dr. Okafor the covering vet from 2025-05-03 to 2025-05-05';
    const parts = { query: 'Dr. Brandt (VET-0090) is away from 2025-05-03 to 2025-05-05; have Dr. Okafor cover.', substeps: [...substeps.map((e) => ({ ...e, goal: 'Earlier' })), { step: '9.2', description: substep, goal: 'Now' }], index: 1, candidates, history, reflections: [], memory: [] };
    const options = planOptions(parts);
    const advice = advisePlan({ noTool: NO_TOOL }, { messages: planMessages(parts, 'act', options), options });
    expect(advice.calls[0].args).toEqual({ vet_id: 'VET-0090', covering_vet_id: 'OUTPUT_FROM_STEP_9.1.vet_id', start_date: '2025-05-03', end_date: '2025-05-05' });
  });

  it('is surer of a pick the substep names plainly than of one another listed tool fits nearly as well', () => {
    const candidates = [
      tool('cancel_visit', 'Cancels a booked visit.', { visit_id: arg('visit identifier (VIS-…)') }),
      tool('get_visit', 'Reads a visit.', { visit_id: arg('visit identifier (VIS-…)') }),
      tool('get_visit_invoice', "Reads a visit's invoice.", { visit_id: arg('visit identifier (VIS-…)') }),
      ...['kennel', 'vaccine', 'ward', 'diet'].map((thing) => tool(`get_${thing}`, `Reads a ${thing}.`, { [`${thing}_id`]: arg() })),
    ];
    const statistics = { ...planStatisticsOf([], wordingStems, (name) => contentStems(words(name).join(' '))), clarity: 0.7 };
    const plain = advise('Cancel visit VIS-40021', candidates, [], [], statistics);
    const murky = advise('Read visit VIS-40021', candidates, [], [], statistics);
    expect([plain.calls.map((c) => c.tool), murky.calls.map((c) => c.tool)]).toEqual([['cancel_visit'], ['get_visit']]);
    // The margin over the next tool, as a probability, over the training prompts' mean (clarity).
    expect(plain.confidence).toBeCloseTo(pickConfidence(plain.margin!, 0.7), 9);
    expect(plain.confidence!).toBeGreaterThan(murky.confidence!);
    expect(plain.margin!).toBeGreaterThan(2 * murky.margin!);
    expect(murky.confidence!).toBeLessThan(1);
    // Statistics without a training mean: the pick is not weighed.
    const unweighed = advise('Cancel visit VIS-40021', candidates, [], [], planStatisticsOf([], wordingStems, (name) => contentStems(words(name).join(' '))));
    expect(unweighed.confidence).toBeUndefined();
  });

  it('weighs the listed tools against the substep asked about, not against the query\'s other operations', async () => {
    const candidates = [
      tool('record_vaccination', 'Records a vaccine dose given to a pet.', { pet_id: arg('pet identifier (PET-…)'), vaccine_code: arg() }),
      tool('charge_owner_card', "Charges the owner's card on file.", { owner_id: arg('owner identifier (OWN-…)'), amount: arg() }),
    ];
    const substeps = [
      { step: '1.1', description: 'Record the rabies vaccine dose given to Biscuit', goal: 'Vaccinate' },
      { step: '1.2', description: "Charge the owner's card 45.00", goal: 'Bill' },
    ];
    const parts: PlanPromptParts = { query: 'Biscuit the beagle had her rabies vaccine today: record the rabies vaccine dose given to the pet, with the vaccine lot, then bill the visit.', substeps, index: 1, candidates, history: [], reflections: [], memory: [] };
    const options = planOptions(parts);
    const messages = planMessages(parts, 'act', options);
    const advice = advisePlan({ noTool: NO_TOOL }, { messages, options });
    // What the prompt asks: the current substep with its step, not the query.
    expect(advice.asked).toBe("Substep 1.2: Charge the owner's card 45.00 (part of: Bill)");
    // With no knowledge bonus and no preference, relevance alone: the substep's tool leads, though the query speaks mostly of the other one.
    const sim = new SimLM({ ...SIM_PRESETS.small, kappa: 0, bias: 0 }, { seed: 1, modelSeed: 1, embedder: new LexicalEmbedder() }, new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length }));
    const { probabilities } = await sim.choiceDistribution({ messages, options });
    const p = (name: string) => probabilities[options.findIndex((o) => o.name === name)];
    expect(p('charge_owner_card')).toBeGreaterThan(p('record_vaccination'));
  });
});
