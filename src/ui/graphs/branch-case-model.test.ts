import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../core/trace';
import { branchCase, caseOutcome, defaultCase, type BranchCase } from './branch-case-model';

const entropy = (index: number, value: number): TraceEvent => ({ type: 'entropy', step: `${index + 1}.1`, index, entropy: value, distribution: [{ tool: 'a', p: 0.6 }, { tool: 'b', p: 0.4 }], chosen: 'a' });
const branch = (n: number, success: boolean): TraceEvent => ({ type: 'branch', branch: n, step: '2.1', index: 1, entropy: 1.2, tool: 'b', p: 0.4, success });
const end = (success: boolean): TraceEvent => ({ type: 'task-end', success, progress: success ? 1 : 0, steps: 2 });

describe('branchCase', () => {
  it('should say whether a case branched, which branch solved it, and where its entropy peaked', () => {
    const solved = branchCase('k1', 'c1', [entropy(0, 0.3), entropy(1, 1.2), entropy(2, 1.2), branch(1, false), branch(2, true), end(true)])!;
    expect(solved).toEqual({ key: 'k1', taskId: 'c1', branches: 2, solvedBy: 2, success: true, maxEntropy: 1.2, maxEntropyStep: '2.1' });
    expect(caseOutcome(solved)).toBe('2 branches: branch 2 solved it');

    const failed = branchCase('k2', 'c2', [entropy(0, 0.5), branch(1, false), end(false)])!;
    expect(failed.solvedBy).toBeUndefined();
    expect(caseOutcome(failed)).toBe('1 branch, none solved it');

    const first = branchCase('k3', 'c3', [entropy(0, 0.5), end(true)])!;
    expect(caseOutcome(first)).toBe('solved in the first pass');
    expect(caseOutcome(branchCase('k4', 'c4', [entropy(0, 0.5), end(false)])!)).toBe('not solved, no branch');
  });

  it('should give nothing for a trace without entropy records', () => {
    expect(branchCase('k', 'c', [end(true)])).toBeUndefined();
  });
});

describe('defaultCase', () => {
  const make = (key: string, branches: number, solvedBy?: number): BranchCase => ({ key, taskId: key, branches, ...(solvedBy ? { solvedBy } : {}), success: solvedBy !== undefined || branches === 0, maxEntropy: 1, maxEntropyStep: '1.1' });
  const cases = [make('plain', 0), make('failed-branches', 3), make('solved-by-2', 2, 2), make('solved-by-1', 1, 1)];

  it('should open on the selected case when it branched', () => {
    expect(defaultCase(cases, 'failed-branches')).toBe('failed-branches');
    expect(defaultCase(cases, 'solved-by-1')).toBe('solved-by-1');
  });

  it('should otherwise open on the first case a branch solved, then the first that branched, then the selected one', () => {
    expect(defaultCase(cases, 'plain')).toBe('solved-by-2');
    expect(defaultCase(cases)).toBe('solved-by-2');
    expect(defaultCase([make('plain', 0), make('failed-branches', 3)], 'plain')).toBe('failed-branches');
    expect(defaultCase([make('a', 0), make('b', 0)], 'b')).toBe('b');
    expect(defaultCase([make('a', 0)])).toBe('a');
    expect(defaultCase([])).toBeUndefined();
  });
});
