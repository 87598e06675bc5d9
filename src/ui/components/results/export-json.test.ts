import { describe, expect, it } from 'vitest';
import { run } from '../../../../test/fixtures/export-run';
import { exportedRun } from './export-json';
import type { RunResult } from '../../../core/run/results';

describe('the JSON export says how many traces it holds', () => {
  it('counts the traces in the file, the task runs, those not kept and those no longer stored, first in the file', () => {
    const base = run('sim:small');
    const keys = base.results.map((r) => `${r.env}/${r.strategy}/${r.seed}/${r.taskId}`);
    const full = { ...base, traces: { [keys[0]]: [{ type: 'end' }] }, tracesOmitted: 3, traceKeys: keys.slice(0, 2) } as unknown as RunResult;
    const file = exportedRun(full, 2);
    expect(Object.keys(file)[0]).toBe('tracesHeld');
    expect(file.tracesHeld).toEqual({ traces: 1, taskRuns: base.results.length, notKept: 3, noLongerStored: 1 });
    expect('traceKeys' in file).toBe(false);
    // A run opened from such a file and exported again says it afresh.
    expect(exportedRun({ ...file, tracesHeld: { traces: 99 } } as unknown as RunResult, 1).tracesHeld.traces).toBe(1);
  });
});

describe('the JSON export states the prices it used (issue 42 item 7)', () => {
  it('puts the prices after tracesHeld, with their words', async () => {
    const { pricesUsed, DEFAULT_PRICES } = await import('../../../core/run/prices');
    const file = exportedRun({ ...run('sim:small'), traces: {} } as unknown as RunResult, 0, pricesUsed('sim:small', DEFAULT_PRICES['sim:small']));
    expect(Object.keys(file).slice(0, 2)).toEqual(['tracesHeld', 'prices']);
    expect(file.prices).toMatchObject({ model: 'sim:small', input: 0.3, output: 0.3, cachedInput: 0.15 });
    expect(file.prices?.words).toBe('$0.30 per million input tokens, $0.30 per million output tokens (cached input $0.15) for sim:small');
  });
});
