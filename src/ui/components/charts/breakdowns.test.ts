import { describe, expect, it } from 'vitest';
import { byKind, callsInRunOrder, tickLines } from './breakdowns';
import type { TaskResult } from '../../../core/run/results';

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

describe('intervals by task kind', () => {
  it('gives each cell a Wilson interval for success and bootstrap intervals around the means', () => {
    const make = (taskId: string, success: boolean, promptTokens: number) =>
      ({ env: 'toolbench', strategy: 'react', taskId, taskKind: '20+', seed: 1, success, progress: success ? 1 : 0, steps: 1, invalidSteps: 0, failedCalls: 0, llmCalls: 1, promptTokens, completionTokens: 0, callsByKind: {}, logitPasses: 0, metrics: {}, ms: 1 }) as TaskResult;
    const { cells } = byKind([make('a', true, 100), make('b', false, 300), make('c', true, 200)], { input: 1, output: 0, note: '' });
    const [cell] = cells;
    expect(cell.intervals.success[0]).toBeLessThan(cell.success);
    expect(cell.intervals.success[1]).toBeGreaterThan(cell.success);
    expect(cell.intervals.promptTokens[0]).toBeGreaterThanOrEqual(100);
    expect(cell.intervals.promptTokens[1]).toBeLessThanOrEqual(300);
    expect(cell.intervals.costUsd[0]).toBeLessThanOrEqual(cell.costUsd);
  });
});

describe("a kind's tick label in a narrow group (issue 42: at 390 px two of six kinds were named)", () => {
  it('stays whole where it fits, and breaks after underscores into lines that fit where not', () => {
    expect(tickLines('look_at_obj_in_light', 200)).toEqual(['look_at_obj_in_light']);
    expect(tickLines('20+', 30)).toEqual(['20+']);
    const lines = tickLines('pick_two_obj_and_place', 32);
    expect(lines).toEqual(['pick', 'two', 'obj', 'and', 'place']);
    for (const line of lines) expect(line.length * 6.3).toBeLessThanOrEqual(32);
    expect(tickLines('pick_two_obj_and_place', 80)).toEqual(['pick_two_obj', 'and_place']);
  });
});
