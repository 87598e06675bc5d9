import { describe, expect, it } from 'vitest';
import { depthProblem, tooDeep } from './json-depth';

const nested = (depth: number, leaf: unknown = 1) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('depth bounds on imported files', () => {
  it('finds a 10,000-deep array without overflowing, and lets ordinary files pass', () => {
    expect(tooDeep(nested(10_000))).toHaveLength(64);
    expect(tooDeep({ cases: [{ plan: [{ substeps: [{ action: { args: { a: 'b' } } }] }] }] })).toBeUndefined();
    expect(tooDeep(nested(64))).toBeUndefined();
    expect(tooDeep(nested(65))).toBeDefined();
  });

  it('names the case and the path of a 5,000-deep argument', () => {
    let arg: unknown = 'x';
    for (let i = 0; i < 5000; i++) arg = { a: arg };
    const problem = depthProblem('cases', [{ id: 'ok' }, { id: 'slate-9', plan: [{ args: arg }] }]);
    expect(problem?.caseId).toBe('slate-9');
    expect(problem?.path).toMatch(/^cases\[1\]\.plan\[0\]\.args\.a/);
    expect(problem?.message).toMatch(/more than 64 levels/);
  });
});
