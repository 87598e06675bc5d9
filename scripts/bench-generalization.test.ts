import { describe, expect, it } from 'vitest';
import { wilson } from '../src/core/run/intervals';
import { BY_SEED, difference, generalizationTable, GENERALIZATION_RUNS, seedResampledDifference } from './bench-generalization';

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
      { env: 'restapi', set: `github - bundled${BY_SEED}`, strategy: 'react', metric: 'correctPath', value: -0.2, low: -0.45, high: 0.05 },
    ]);
    expect(table.split('\n')[2]).toBe('| restapi | react | correctPath | 30.0% [20.0%, 40.0%] | github: 10.0% [5.0%, 15.0%] | -20.0 pp [-31.0 pp, -9.0 pp] | -20.0 pp [-45.0 pp, +5.0 pp] |');
    // Every environment with a development set compares each of its strategies.
    expect(GENERALIZATION_RUNS.map((r) => r.env)).toEqual(['restapi', 'slate']);
  });

  it('widens the difference where seeds, not tasks, decide: each seed of a simulated model shares its tool preferences', () => {
    // Three seeds of 40 tasks: the bundled rate is 0.45 on every seed; the development set's is 0.6,
    // 0.3 and 0.0 by seed, a mean of 0.3 that a fourth seed could move far.
    const rate = (r: number) => Array.from({ length: 40 }, (_, i) => (i < r * 40 ? 1 : 0));
    const bundled = new Map([[1, rate(0.45)], [2, rate(0.45)], [3, rate(0.45)]]);
    const dev = new Map([[1, rate(0.6)], [2, rate(0.3)], [3, rate(0)]]);
    const seeded = seedResampledDifference(bundled, dev)!;
    // The interval over 120 independent task runs on each side.
    const taskLevel = difference({ value: 0.45, low: wilson(54, 120)[0], high: wilson(54, 120)[1] }, { value: 0.3, low: wilson(36, 120)[0], high: wilson(36, 120)[1] });
    expect(seeded[1] - seeded[0]).toBeGreaterThan(1.5 * (taskLevel.high - taskLevel.low));
    expect(seeded[0]).toBeLessThan(-0.15);
    expect(seeded[1]).toBeGreaterThan(-0.15);
    // Seeded: the same results give the same interval.
    expect(seedResampledDifference(bundled, dev)).toEqual(seeded);
  });

  it('stays narrow where seeds agree, and gives nothing where the sets share no seed', () => {
    const same = (v: number) => new Map([[1, [v, v, v]], [2, [v, v, v]]]);
    expect(seedResampledDifference(same(0.5), same(0.25))).toEqual([-0.25, -0.25]);
    expect(seedResampledDifference(new Map([[1, [1]]]), new Map([[2, [0]]]))).toBeUndefined();
  });
});
