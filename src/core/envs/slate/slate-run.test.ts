import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InThreadRunner } from '../../run/runner';
import type { RunResult } from '../../run/results';
import { DEFAULT_RUN_CONFIG } from '../../run/run-config';

const loadBundled = async (file: string) => JSON.parse(await readFile(new URL(`../../../../public/data/${file}`, import.meta.url), 'utf8'));
const config = { ...DEFAULT_RUN_CONFIG, envs: ['slate'], strategies: ['react', 'egb-sampling', 'egb-logits'], tasks: 3, seeds: 1, seed: 5 };
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);

describe('a run on the bundled SLATE cases', () => {
  it('should be deterministic per seed and report execution success, step-wise metrics and logit passes', async () => {
    const first = await new InThreadRunner(loadBundled).run(config);
    const second = await new InThreadRunner(loadBundled).run(config);
    expect(withoutTimes(second)).toEqual(withoutTimes(first));
    expect(first.results).toHaveLength(9);
    for (const result of first.results) {
      expect(result.metrics.toolMatch).toBeGreaterThanOrEqual(0);
      expect(result.metrics.actionIdAcc).toBeGreaterThanOrEqual(0);
      expect(result.logitPasses > 0).toBe(result.strategy === 'egb-logits');
      expect(result.progress).toBe(result.metrics.progress);
    }
    expect(first.results.some((result) => result.progress > 0)).toBe(true);
    const egbTrace = Object.entries(first.traces).find(([key]) => key.includes('/egb-sampling/'))![1];
    expect(egbTrace.some((event) => event.type === 'entropy')).toBe(true);
    const other = await new InThreadRunner(loadBundled).run({ ...config, seed: 6 });
    expect(withoutTimes(other)).not.toEqual(withoutTimes(first));
  }, 60_000);
});
