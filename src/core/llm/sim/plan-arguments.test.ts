import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../envs';
import { NO_TOOL } from '../../plan-guided';
import { DEV_SETS, devSetFiles } from '../../../../test/fixtures/dev-sets';
import { recordSimRun } from '../../../../test/fixtures/record-sim-run';
import { SIM_PRESETS } from './presets';
import { advisePlan } from './plan-reader';
import { callArguments, listedValues } from './plan-arguments';
import { planView, shownTool } from './plan-prompt-view';
import { clearModuleCaches } from '../../caches';
import type { ChatMessage } from '../language-model';

describe('plan arguments by general conventions', () => {
  it('reads the values a parameter doc lists', () => {
    expect(listedValues('sick, annual, training')).toEqual(['sick', 'annual', 'training']);
    expect(listedValues('e.g. discharged home, follow-up booked')).toEqual(['discharged home', 'follow-up booked']);
    expect(listedValues('office visit, telehealth, procedure, …')).toEqual(['office visit', 'telehealth', 'procedure']);
    expect(listedValues('provider identifier (PRV-…)')).toEqual([]);
    expect(listedValues('the reason, in a sentence or two that the payer reads')).toEqual([]);
  });

  it('fills a parameter with the listed value the substep writes, on a clinic training case ("Record sick leave" gives leave_type sick)', async () => {
    const spec = ENVIRONMENTS.slate;
    const dataset = spec.parse(devSetFiles(DEV_SETS.find((s) => s.env === 'slate')!));
    const task = dataset.tasks.find((t) => t.id === 'clinic-008')!;
    const calls = await recordSimRun(spec, dataset, task, { strategy: 'react', seed: 1, override: { ...SIM_PRESETS.small, kappa: 50, argumentError: 0, formatError: 0 } });
    const first = calls.find((call) => call.options && planView(call.messages).current?.step === '1.1')!;
    const advice = advisePlan({ noTool: NO_TOOL }, { messages: first.messages, options: first.options! });
    expect(advice.calls.find((call) => call.tool === 'request_provider_leave')?.args.leave_type).toBe('sick');
  }, 120_000);
});

describe('arguments kept per case', () => {
  it('reads a call again where a prompt of the same case answers differently what the reading asked of its text', () => {
    const tool = shownTool({ name: 'update_record', shown: '[1] update_record: Update a record. Arguments: "field" (string, required): the field; "value" (string, required): its new value.' });
    const prompt = (extra: string): ChatMessage[] => [
      { role: 'system', content: `Query: Change the unit price of SKU-1.\n\nPlan:\n1.1 Update the record (Unit Price: 4.50)${extra}` },
      { role: 'user', content: '1.1: Update the record (Unit Price: 4.50)' },
    ];
    // The field is written as the prompt writes it: in code style where the prompt shows that, else as the substep words it.
    const snake = callArguments(tool, planView(prompt('\nFields: unit_price, sku.')));
    const worded = callArguments(tool, planView(prompt('')));
    expect(planView(prompt('')).caseKey).toBe(planView(prompt('\nFields: unit_price, sku.')).caseKey);
    expect(snake).toEqual({ field: 'unit_price', value: '4.50' });
    expect(worded).toEqual({ field: 'Unit Price', value: '4.50' });
    clearModuleCaches();
    expect(callArguments(tool, planView(prompt('')))).toEqual(worded);
  });
});
