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
