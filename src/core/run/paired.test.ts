import { describe, expect, it } from 'vitest';
import type { TaskResult } from './results';
import { pairedDifferences } from './paired';

function result(strategy: string, taskId: string, seed: number, success: boolean, llmCalls: number): TaskResult {
  return { env: 'e', strategy, taskId, seed, taskKind: 'k', callsByKind: {}, success, progress: success ? 1 : 0, steps: 1, invalidSteps: 0, failedCalls: 0, llmCalls, promptTokens: 10 * llmCalls, completionTokens: 1, logitPasses: 0, metrics: {}, ms: 1 };
}

describe('pairedDifferences', () => {
  it('pairs on task and seed, and lists the runs only one of the two solved', () => {
    const results = [
      result('base', 't1', 1, true, 10), result('new', 't1', 1, true, 6),
      result('base', 't2', 1, false, 10), result('new', 't2', 1, true, 8),
      result('base', 't3', 1, true, 10), result('new', 't3', 1, false, 7),
      result('base', 't4', 1, false, 10), result('new', 't4', 1, false, 7),
      result('new', 't5', 1, true, 1), // no baseline run: not paired
    ];
    const diffs = pairedDifferences(results, 'base');
    const calls = diffs.find((d) => d.column === 'llmCalls')!;
    expect(calls.pairs).toBe(4);
    expect(calls.difference).toBeCloseTo(-3, 9);
    expect(calls.interval[1]).toBeLessThan(0);
    const success = diffs.find((d) => d.column === 'success')!;
    expect(success.difference).toBe(0);
    expect(success.onlyStrategy).toEqual(['t2@1']);
    expect(success.onlyBaseline).toEqual(['t3@1']);
  });
});
