import { describe, expect, it } from 'vitest';
import { byKind, callsInRunOrder } from './breakdowns';
import type { TaskResult } from '../../core/run/results';

const result = (strategy: string, seed: number, taskKind: string, llmCalls: number, success: boolean): TaskResult => ({
  env: 'e', strategy, taskId: `${taskKind}-${llmCalls}`, taskKind, seed, success, progress: 0, steps: 0, invalidSteps: 0, failedCalls: 0,
  llmCalls, promptTokens: llmCalls * 1000, completionTokens: 0, callsByKind: {}, logitPasses: 0, metrics: {}, ms: 0,
});

describe('breakdowns', () => {
  it('should give success and cost per kind and strategy, kinds in range order', () => {
    const results = [result('a', 1, '20+', 4, true), result('a', 1, '0-10', 2, false), result('a', 1, '10-20', 3, true), result('b', 1, '0-10', 1, true)];
    const { kinds, cells } = byKind(results, { input: 1, output: 0, note: '' });
    expect(kinds).toEqual(['0-10', '10-20', '20+']);
    expect(cells.find((c) => c.kind === '0-10' && c.strategy === 'a')).toMatchObject({ tasks: 1, success: 0, promptTokens: 2000, costUsd: 0.002 });
    expect(cells.find((c) => c.kind === '10-20' && c.strategy === 'b')).toMatchObject({ tasks: 0 });
  });

  it('should average LLM calls per position in the run order over seeds', () => {
    const results = [result('a', 1, 'k', 10, true), result('a', 1, 'k', 6, true), result('a', 2, 'k', 20, true), result('a', 2, 'k', 8, true), result('b', 1, 'k', 5, true)];
    expect(callsInRunOrder(results)).toEqual([
      { position: 1, a: 15, b: 5 },
      { position: 2, a: 7 },
    ]);
  });
});
