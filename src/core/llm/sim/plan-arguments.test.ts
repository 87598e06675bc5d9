import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../envs';
import { NO_TOOL } from '../../plan-guided';
import { DEV_SETS, devSetFiles } from '../../../../test/fixtures/dev-sets';
import { recordSimRun } from '../../../../test/fixtures/record-sim-run';
import { SIM_PRESETS } from './presets';
import { advisePlan } from './plan-reader';
import { listedValues } from './plan-arguments';
import { planView } from './plan-prompt-view';

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
