import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InThreadRunner } from '../../run/runner';
import type { RunResult } from '../../run/results';
import { DEFAULT_RUN_CONFIG } from '../../run/run-config';
import { traceKey } from '../../run/results';
import { NO_TOOL } from '../../plan-guided';
import type { SlateCase } from './slate-types';

const loadBundled = async (file: string) => JSON.parse(await readFile(new URL(`../../../../public/data/${file}`, import.meta.url), 'utf8'));
const config = { ...DEFAULT_RUN_CONFIG, envs: ['slate'], strategies: ['react', 'egb-sampling', 'egb-logits'], tasks: 3, seeds: 1, seed: 5 };
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);

describe('a run on the bundled SLATE cases', () => {
  it('should be deterministic per seed and report execution success, step-wise metrics and logit passes', async () => {
    const first = await new InThreadRunner(loadBundled).run(config);
    const second = await new InThreadRunner(loadBundled).run(config);
    expect(withoutTimes(second)).toEqual(withoutTimes(first));
    expect(first.results).toHaveLength(9);
    const cases = (await loadBundled('slate/cases.json')) as SlateCase[];
    for (const result of first.results) {
      expect(result.logitPasses > 0).toBe(result.strategy === 'egb-logits');
      if (result.strategy !== 'react') continue;
      // ReAct makes one pass: its trace's steps are the executed substeps. Recount both metrics from them and the plan.
      const gold = cases.find((c) => c.id === result.taskId)!.plan.flatMap((step) => step.substeps);
      const tools = first.traces[traceKey(result)].flatMap((e) => (e.type === 'step' ? [/^[\d.]+: (\w+)/.exec(e.action)![1]] : []));
      expect(tools).toHaveLength(gold.length);
      const needing = gold.filter((sub) => sub.action);
      const matches = gold.filter((sub, i) => sub.action && tools[i] === sub.action.tool).length;
      const identified = gold.filter((sub, i) => (tools[i] !== NO_TOOL) === (sub.action !== null)).length;
      expect(result.metrics.toolMatch).toBeCloseTo(matches / needing.length, 9);
      expect(result.metrics.actionIdAcc).toBeCloseTo(identified / gold.length, 9);
      expect(result.progress).toBe(result.metrics.progress);
    }
    expect(first.results.some((result) => result.progress > 0)).toBe(true);
    const egbTrace = Object.entries(first.traces).find(([key]) => key.includes('/egb-sampling/'))![1];
    expect(egbTrace.some((event) => event.type === 'entropy')).toBe(true);
    const other = await new InThreadRunner(loadBundled).run({ ...config, seed: 6 });
    expect(withoutTimes(other)).not.toEqual(withoutTimes(first));
  }, 60_000);
});
