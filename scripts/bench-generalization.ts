import type { RunConfig } from '../src/core/run/run-config';
import type { AggregateRow, TaskResult } from '../src/core/run/results';
import type { InThreadRunner } from '../src/core/run/runner';
import { percentile95, type Interval } from '../src/core/run/intervals';
import { Rng } from '../src/core/rng';
import { DEV_SETS, devSetFiles } from '../test/fixtures/dev-sets';

/**
 * The generalisation bench (issue 25 item 9): per environment with a development set, each of its
 * strategies on the bundled test split and on the development set's test split, side by side, with
 * 95% intervals and the difference (development set minus bundled).
 */

/** Which strategies belong to each environment and which metrics are compared. */
export const GENERALIZATION_RUNS: { env: 'restapi' | 'slate'; strategies: string[]; metrics: string[] }[] = [
  { env: 'restapi', strategies: ['react', 'reflexion', 'autotool-react', 'ecoact-react', 'toolexpnet'], metrics: ['correctPath', 'success'] },
  { env: 'slate', strategies: ['baseline-llm', 'react', 'reflexion', 'egb-sampling', 'egb-logits'], metrics: ['success', 'toolMatch'] },
];

/** One row of `{"generalization": [...]}`: a metric of a strategy on one set (`bundled`, a development set, or `<set> - bundled`). */
export interface GeneralizationRow {
  env: string;
  set: string;
  strategy: string;
  metric: string;
  value: number;
  low: number;
  high: number;
}

function metricOf(row: AggregateRow, metric: string): { value: number; low: number; high: number } | undefined {
  const value = metric === 'success' ? row.success : metric === 'progress' ? row.progress : row.metrics[metric];
  if (value === undefined) return undefined;
  const [low, high] = row.intervals?.[metric] ?? [value, value];
  return { value, low, high };
}

/**
 * The development set's figure minus the bundled one, with an approximate 95% interval for samples of
 * different tasks: the difference plus and minus the root sum of squares of the two half-widths.
 */
export function difference(bundled: { value: number; low: number; high: number }, dev: { value: number; low: number; high: number }): { value: number; low: number; high: number } {
  const half = Math.hypot((bundled.high - bundled.low) / 2, (dev.high - dev.low) / 2);
  const value = dev.value - bundled.value;
  return { value, low: value - half, high: value + half };
}

/** A task run's value of a metric (success as 1 or 0), or undefined where the run has none. */
function valueOf(result: TaskResult, metric: string): number | undefined {
  if (metric === 'success') return result.success ? 1 : 0;
  if (metric === 'progress') return result.progress;
  return result.metrics[metric];
}

/** Values of a strategy's task runs grouped by model seed, seeds in ascending order. */
export function bySeed(results: TaskResult[], strategy: string, metric: string): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const r of results) {
    if (r.strategy !== strategy) continue;
    const v = valueOf(r, metric);
    if (v === undefined) continue;
    const group = groups.get(r.seed);
    if (group) group.push(v);
    else groups.set(r.seed, [v]);
  }
  return new Map([...groups].sort((a, b) => a[0] - b[0]));
}

/**
 * The difference (development set minus bundled) with a percentile bootstrap that resamples model
 * seeds first, the same seeds on both sets, then tasks within each drawn seed. A simulated model draws
 * its fixed tool preferences once per seed, so every task of a seed shares them: task runs are not
 * independent, and an interval over task runs alone is too narrow when seeds are few. Undefined where
 * the two sets do not share a seed. Seeded, so the same results give the same interval.
 */
export function seedResampledDifference(bundled: Map<number, number[]>, dev: Map<number, number[]>, resamples = 1000, seed = 1): Interval | undefined {
  const seeds = [...bundled.keys()].filter((s) => dev.has(s) && bundled.get(s)!.length > 0 && dev.get(s)!.length > 0);
  if (seeds.length === 0) return undefined;
  const rng = new Rng(seed);
  const mean = (groups: Map<number, number[]>, drawn: number[]) => {
    let sum = 0;
    let count = 0;
    for (const s of drawn) {
      const values = groups.get(s)!;
      for (let i = 0; i < values.length; i++) sum += values[rng.int(values.length)];
      count += values.length;
    }
    return sum / count;
  };
  const differences: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const drawn = seeds.map(() => seeds[rng.int(seeds.length)]);
    differences.push(mean(dev, drawn) - mean(bundled, drawn));
  }
  return percentile95(differences);
}

/** The set name of the rows whose interval resamples seeds as well as tasks. */
export const BY_SEED = ', seeds resampled';

/**
 * Runs each environment on its bundled data and on its development set (the config's tasks of each
 * test split, its seeds), and returns the rows. The difference's interval treats the two sets as independent samples
 * (different tasks): the difference plus and minus the root sum of squares of the two half-widths.
 */
export async function runGeneralization(makeRunner: () => InThreadRunner, config: RunConfig, log: (line: string) => void, only: { envs?: string[]; strategies?: string[] } = {}): Promise<GeneralizationRow[]> {
  const rows: GeneralizationRow[] = [];
  for (const full of GENERALIZATION_RUNS.filter((r) => !only.envs || only.envs.includes(r.env))) {
    // `--strategies` given: those of the environment's strategies only (a smaller run of the same table).
    const run = { ...full, strategies: full.strategies.filter((s) => !only.strategies || only.strategies.includes(s)) };
    if (run.strategies.length === 0) continue;
    const set = DEV_SETS.find((s) => s.env === run.env)!;
    const each = { ...config, envs: [run.env], strategies: run.strategies, split: 'test' as const };
    const bundled = await makeRunner().run(each);
    const runner = makeRunner();
    const dataset = runner.importDataset(run.env, devSetFiles(set));
    const dev = await runner.run(each);
    log(`${run.env}: bundled ${bundled.results.length} task runs, ${set.set} (${dataset.tasks.filter((t) => t.split === 'test').length} test tasks) ${dev.results.length} task runs`);
    for (const strategy of run.strategies) {
      const a = bundled.rows.find((r) => r.strategy === strategy);
      const b = dev.rows.find((r) => r.strategy === strategy);
      for (const metric of run.metrics) {
        const x = a && metricOf(a, metric);
        const y = b && metricOf(b, metric);
        if (x) rows.push({ env: run.env, set: 'bundled', strategy, metric, ...x });
        if (y) rows.push({ env: run.env, set: set.set, strategy, metric, ...y });
        if (x && y) rows.push({ env: run.env, set: `${set.set} - bundled`, strategy, metric, ...difference(x, y) });
        const seeded = x && y ? seedResampledDifference(bySeed(bundled.results, strategy, metric), bySeed(dev.results, strategy, metric)) : undefined;
        if (x && y && seeded) rows.push({ env: run.env, set: `${set.set} - bundled${BY_SEED}`, strategy, metric, value: y.value - x.value, low: seeded[0], high: seeded[1] });
      }
    }
  }
  return rows;
}

/** The rows as a markdown table: per environment, strategy and metric, bundled and development set side by side. */
export function generalizationTable(rows: GeneralizationRow[]): string {
  const share = (metric: string) => metric !== 'progress';
  const f = (v: number, metric: string) => (share(metric) ? `${(v * 100).toFixed(1)}%` : v.toFixed(3));
  const d = (v: number, metric: string) => (share(metric) ? `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} pp` : `${v >= 0 ? '+' : ''}${v.toFixed(3)}`);
  const lines = ['| env | strategy | metric | bundled [95% CI] | development set [95% CI] | difference [approx. 95% CI] | difference, seeds resampled [95% CI] |', '|---|---|---|---:|---:|---:|---:|'];
  const keys = [...new Set(rows.map((r) => `${r.env}\u0000${r.strategy}\u0000${r.metric}`))];
  for (const key of keys) {
    const [env, strategy, metric] = key.split('\u0000');
    const of = (test: (set: string) => boolean) => rows.find((r) => r.env === env && r.strategy === strategy && r.metric === metric && test(r.set));
    const bundled = of((s) => s === 'bundled');
    const dev = of((s) => s !== 'bundled' && !s.includes(' - '));
    const diff = of((s) => s.includes(' - ') && !s.endsWith(BY_SEED));
    const seeded = of((s) => s.endsWith(BY_SEED));
    const range = (r: GeneralizationRow | undefined) => (r ? `${d(r.value, metric)} [${d(r.low, metric)}, ${d(r.high, metric)}]` : '');
    const cell = (r: GeneralizationRow | undefined) => (r ? `${f(r.value, metric)} [${f(r.low, metric)}, ${f(r.high, metric)}]` : '');
    lines.push(`| ${env} | ${strategy} | ${metric} | ${cell(bundled)} | ${dev ? `${dev.set}: ${cell(dev)}` : ''} | ${range(diff)} | ${range(seeded)} |`);
  }
  return lines.join('\n');
}
