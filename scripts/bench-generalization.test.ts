import { describe, expect, it } from 'vitest';
import { difference, generalizationTable, GENERALIZATION_RUNS } from './bench-generalization';

describe('bench --generalization', () => {
  it('gives the difference of two independent figures with the root sum of squares of their half-widths', () => {
    const d = difference({ value: 0.3, low: 0.2, high: 0.4 }, { value: 0.1, low: 0.05, high: 0.15 });
    expect(d.value).toBeCloseTo(-0.2);
    expect(d.high - d.value).toBeCloseTo(Math.hypot(0.1, 0.05));
    expect(d.value - d.low).toBeCloseTo(Math.hypot(0.1, 0.05));
  });

  it('sets each strategy and metric on one line, bundled beside the development set', () => {
    const table = generalizationTable([
      { env: 'restapi', set: 'bundled', strategy: 'react', metric: 'correctPath', value: 0.3, low: 0.2, high: 0.4 },
      { env: 'restapi', set: 'github', strategy: 'react', metric: 'correctPath', value: 0.1, low: 0.05, high: 0.15 },
      { env: 'restapi', set: 'github - bundled', strategy: 'react', metric: 'correctPath', value: -0.2, low: -0.31, high: -0.09 },
    ]);
    expect(table.split('\n')[2]).toBe('| restapi | react | correctPath | 30.0% [20.0%, 40.0%] | github: 10.0% [5.0%, 15.0%] | -20.0 pp [-31.0 pp, -9.0 pp] |');
    // Every environment with a development set compares each of its strategies.
    expect(GENERALIZATION_RUNS.map((r) => r.env)).toEqual(['restapi', 'slate']);
  });
});
