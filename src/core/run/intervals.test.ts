import { describe, expect, it } from 'vitest';
import { bootstrapMean, wilson } from './intervals';

describe('intervals', () => {
  it('gives the Wilson interval of a rate (a known value: 29 of 100)', () => {
    const [low, high] = wilson(29, 100);
    expect(low).toBeCloseTo(0.2101, 3);
    expect(high).toBeCloseTo(0.3854, 3);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBeCloseTo(1, 9);
  });

  it('bootstraps a mean over clusters: seeded, containing the mean, narrower with more clusters', () => {
    const clusters = Array.from({ length: 40 }, (_, i) => [i % 5, (i * 7) % 5]);
    const a = bootstrapMean(clusters);
    expect(bootstrapMean(clusters)).toEqual(a);
    const m = clusters.flat().reduce((s, v) => s + v, 0) / 80;
    expect(a[0]).toBeLessThan(m);
    expect(a[1]).toBeGreaterThan(m);
    const wide = bootstrapMean(clusters.slice(0, 10));
    expect(wide[1] - wide[0]).toBeGreaterThan(a[1] - a[0]);
  });
});
