import { describe, expect, it } from 'vitest';
import { aggregate } from './aggregate';
import type { TaskResult } from './results';

const result = (strategy: string, success: boolean, metrics: Record<string, number>): TaskResult => ({
  env: 'e', strategy, taskId: 't', taskKind: 'k', seed: 1, success, progress: success ? 1 : 0.5, steps: 3, invalidSteps: 0, failedCalls: 0,
  llmCalls: 4, promptTokens: 100, completionTokens: 10, callsByKind: {}, logitPasses: 0, metrics, ms: 1,
});

describe('aggregate', () => {
  it('should average each metric over the task runs that report it (Delta solution length exists on correct paths only)', () => {
    const [row] = aggregate([result('a', true, { correctPath: 1, deltaSL: 2 }), result('a', false, { correctPath: 0 }), result('a', true, { correctPath: 1, deltaSL: 0 })]);
    expect(row.metrics.correctPath).toBeCloseTo(2 / 3);
    expect(row.metrics.deltaSL).toBe(1);
    expect(row.success).toBeCloseTo(2 / 3);
    expect(row.logitPromptTokens).toBe(0);
  });
});

describe('aggregate while a run streams', () => {
  it('gives the same means without intervals when asked (the finished run carries them)', () => {
    const results = [result('a', true, {}), result('a', false, {}), result('b', true, {})];
    const full = aggregate(results);
    const live = aggregate(results, { intervals: false });
    expect(live.every((row) => row.intervals === undefined)).toBe(true);
    expect(live).toEqual(full.map(({ intervals: _intervals, ...row }) => row));
  });
});

describe('intervals by declared metric kind, never by the values', () => {
  // Three tasks, each run once: every run made exactly one LLM call and one inertial call.
  const runs = ['t1', 't2', 't3'].map((taskId): TaskResult => ({ ...result('a', true, { inertialCalls: 1, correctPath: 1 }), taskId, llmCalls: 1 }));

  it('gives a count whose values are all 0 or 1 a bootstrap interval of its mean, not a Wilson interval', () => {
    const [row] = aggregate(runs);
    // A count of 1 on every run has mean 1 and no spread: its bootstrap interval is [1, 1].
    // Wilson would say [0.44, 1.00], as if one call per task were a 100% rate of 3 trials.
    expect(row.llmCalls).toBe(1);
    expect(row.intervals?.llmCalls).toEqual([1, 1]);
    expect(row.intervals?.inertialCalls).toEqual([1, 1]);
  });

  it('keeps Wilson for a declared rate with the same values', () => {
    const [row] = aggregate(runs);
    expect(row.intervals?.correctPath[0]).toBeCloseTo(0.4385, 3);
    expect(row.intervals?.correctPath[1]).toBe(1);
    expect(row.intervals?.success[0]).toBeCloseTo(0.4385, 3);
  });

  it('gives a share a bootstrap interval even where every run is 0 or 1 (progress of one-subgoal tasks)', () => {
    const [row] = aggregate(runs);
    expect(row.intervals?.progress).toEqual([1, 1]);
  });
});
