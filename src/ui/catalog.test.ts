import { describe, expect, it } from 'vitest';
import { metricSpec, sampleQuery } from './catalog';
import { ENVIRONMENTS } from '../core/envs';

describe('the page catalogue of what specs say about themselves', () => {
  it('labels the metrics environments and strategies report', () => {
    for (const key of ['toolMatch', 'actionIdAcc', 'correctPath', 'deltaSL', 'poolSize', 'inertialCalls', 'inertialOk', 'recoveryCalls', 'registeredTools', 'availableTools']) {
      expect(metricSpec(key)?.label, key).toBeTruthy();
    }
    expect(metricSpec('toolMatch')?.kind).toBe('share');
    expect(metricSpec('correctPath')?.kind).toBe('rate');
    expect(metricSpec('inertialCalls')?.kind).toBe('count');
    expect(metricSpec('constructor')).toBeUndefined();
  });

  it('has a sample query for every environment', () => {
    for (const id of Object.keys(ENVIRONMENTS)) expect(sampleQuery(id), id).toBeTruthy();
  });
});

describe('every metric a run reports', () => {
  it('has a label from the environment or the strategy that reports it', async () => {
    const { InThreadRunner } = await import('../core/run/runner');
    const { loadNodeData } = await import('../../scripts/node-data');
    const { DEFAULT_RUN_CONFIG } = await import('../core/run/run-config');
    const runner = new InThreadRunner(loadNodeData);
    const runs = [
      { envs: ['household', 'academic', 'toolbench', 'restapi'], strategies: ['react', 'autotool-react', 'ecoact-react'] },
      { envs: ['slate'], strategies: ['react', 'egb-logits'] },
    ];
    const keys = new Set<string>();
    for (const run of runs) {
      const result = await runner.run({ ...DEFAULT_RUN_CONFIG, ...run, tasks: 2 });
      for (const r of result.results) for (const key of Object.keys(r.metrics)) keys.add(key);
    }
    // AutoTool's parameter filling by source is labelled by its pattern (paramTried_<source>, paramOk_<source>).
    // 'progress' is the task's own progress column, which a plan-guided environment also reports step-wise.
    const unlabelled = [...keys].filter((key) => key !== 'progress' && !/^param(Tried|Ok)_/.test(key) && !metricSpec(key));
    expect(unlabelled).toEqual([]);
    expect(keys.size).toBeGreaterThan(5);
  }, 60_000);
});
