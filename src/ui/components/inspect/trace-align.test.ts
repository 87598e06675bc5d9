import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../core/trace';
import { alignSteps, endOf, firstDifference } from './trace-align';

const step = (index: number, action: string, ok = true): TraceEvent => ({ type: 'step', index, thought: '', action, observation: ok ? 'ok' : 'error', ok, invalid: false, progress: 0 });

describe('two traces side by side', () => {
  it('aligns the n-th step of each, marks different actions and the missing side', () => {
    const left = [step(1, 'go_to(desk)'), step(2, 'take(key)'), { type: 'task-end', success: true, steps: 2, progress: 1 } as TraceEvent];
    const right = [step(1, 'go_to(desk) '), step(2, 'open(drawer)', false), step(3, 'take(key)')];
    const rows = alignSteps(left, right);
    expect(rows.map((r) => [r.row, r.differs])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(rows[2].left).toBeUndefined();
    expect(rows[2].right?.action).toBe('take(key)');
    expect(firstDifference(rows)).toBe(2);
    expect(endOf(left)?.success).toBe(true);
    expect(endOf(right)).toBeUndefined();
  });

  it('never parts for equal traces', () => {
    const t = [step(1, 'a()'), step(2, 'b()')];
    expect(firstDifference(alignSteps(t, t))).toBeUndefined();
  });
});
