import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InThreadRunner } from '../../run/runner';
import type { RunResult } from '../../run/results';
import { DEFAULT_RUN_CONFIG } from '../../run/run-config';
import { ENVIRONMENTS } from '../../envs';
import { SIM_PRESETS } from '../../llm/sim/presets';
import { bundledDataset, recordSimRun } from '../../../../test/fixtures/record-sim-run';

const loadBundled = async (file: string) => JSON.parse(await readFile(new URL(`../../../../public/data/${file}`, import.meta.url), 'utf8'));
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);
/** The traces as text, without the times they record. */
const traceText = (result: RunResult) => JSON.stringify(result.traces, (key, value) => (key === 'ms' ? undefined : value));
const ignoring = { ...SIM_PRESETS.small, reflectionAdherence: 0 };

/**
 * Reflexion's memory must change what the model does wherever actions are JSON: reflections quote
 * the failed action, and a model that heeds them (reflectionAdherence) avoids it. With adherence 0
 * the reflections are shown but never heeded, so the two runs can differ only if they are read.
 */
describe('Reflexion memory on JSON-action environments', () => {
  it('on SLATE, a model that ignores reflections runs a case otherwise than one that heeds them', async () => {
    const spec = ENVIRONMENTS.slate;
    const dataset = bundledDataset(spec);
    // The first test case whose reflections quote a failed call with its arguments (which case that
    // is depends on SimLM's reading; the property must hold for it).
    let quoted = 0;
    let differ = 0;
    for (const task of dataset.tasks.filter((t) => t.split === 'test').slice(0, 12)) {
      const heeded = await recordSimRun(spec, dataset, task, { strategy: 'reflexion', seed: 1 });
      if (!heeded.some((call) => call.kind === 'reflect' && /with Action Input: \{"/.test(call.reply))) continue;
      quoted++;
      const ignored = await recordSimRun(spec, dataset, task, { strategy: 'reflexion', seed: 1, override: ignoring });
      if (JSON.stringify(ignored.map((call) => call.reply)) !== JSON.stringify(heeded.map((call) => call.reply))) differ++;
      if (differ > 0) break;
    }
    expect(quoted).toBeGreaterThan(0);
    expect(differ).toBe(1);
  }, 180_000);

  it('on toolbench, a run that ignores reflections differs from the default', async () => {
    const config = { ...DEFAULT_RUN_CONFIG, envs: ['toolbench'], strategies: ['reflexion'], tasks: 8, seeds: 1, seed: 1 };
    const heeding = await new InThreadRunner(loadBundled).run(config);
    const notHeeding = await new InThreadRunner(loadBundled).run({ ...config, dials: { reflectionAdherence: 0 } });
    expect(Object.values(heeding.traces).some((trace) => trace.some((event) => event.type === 'reflection'))).toBe(true);
    expect(traceText(notHeeding)).not.toEqual(traceText(heeding));
    expect(withoutTimes(notHeeding)).not.toEqual(withoutTimes(heeding));
  }, 60_000);
});
