import { Rng } from '../rng';

/** A 95% interval. */
export type Interval = [low: number, high: number];

const Z95 = 1.959964;

/** Wilson score interval for a rate of `successes` in `n` trials (docs/reporting.md: rates). */
export function wilson(successes: number, n: number, z = Z95): Interval {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Percentile bootstrap interval of a mean, resampling whole clusters (tasks: the runs of one task
 * over seeds stay together, docs/reporting.md). Seeded, so the same data give the
 * same interval.
 */
export function bootstrapMean(clusters: number[][], resamples = 1000, seed = 1): Interval {
  const filled = clusters.filter((c) => c.length > 0);
  if (filled.length === 0) return [0, 0];
  const rng = new Rng(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    // The resample's mean, summed in the order its values would be listed: the same sum, to the
    // bit, as averaging the concatenated clusters, without building them.
    let sum = 0;
    let count = 0;
    for (let i = 0; i < filled.length; i++) {
      const cluster = filled[rng.int(filled.length)];
      for (let j = 0; j < cluster.length; j++) sum += cluster[j];
      count += cluster.length;
    }
    means.push(sum / Math.max(1, count));
  }
  return percentile95(means);
}

/** The 2.5th and 97.5th percentiles of a bootstrap's resampled statistics (sorts them in place). */
export function percentile95(statistics: number[]): Interval {
  statistics.sort((a, b) => a - b);
  const last = statistics.length - 1;
  return [statistics[Math.floor(0.025 * last)], statistics[Math.ceil(0.975 * last)]];
}

/** Values grouped by a key, in first-seen order (for `bootstrapMean`'s clusters). */
export function clustersBy<T>(items: T[], key: (item: T) => string, value: (item: T) => number | undefined): number[][] {
  const groups = new Map<string, number[]>();
  for (const item of items) {
    const v = value(item);
    if (v === undefined) continue;
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(v);
    else groups.set(k, [v]);
  }
  return [...groups.values()];
}
