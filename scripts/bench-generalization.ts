import type { RunConfig } from '../src/core/run/run-config';
import type { AggregateRow } from '../src/core/run/results';
import type { InThreadRunner } from '../src/core/run/runner';
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
  const lines = ['| env | strategy | metric | bundled [95% CI] | development set [95% CI] | difference [approx. 95% CI] |', '|---|---|---|---:|---:|---:|'];
  const keys = [...new Set(rows.map((r) => `${r.env}\u0000${r.strategy}\u0000${r.metric}`))];
  for (const key of keys) {
    const [env, strategy, metric] = key.split('\u0000');
    const of = (test: (set: string) => boolean) => rows.find((r) => r.env === env && r.strategy === strategy && r.metric === metric && test(r.set));
    const bundled = of((s) => s === 'bundled');
    const dev = of((s) => s !== 'bundled' && !s.includes(' - '));
    const diff = of((s) => s.includes(' - '));
    const cell = (r: GeneralizationRow | undefined) => (r ? `${f(r.value, metric)} [${f(r.low, metric)}, ${f(r.high, metric)}]` : '');
    lines.push(`| ${env} | ${strategy} | ${metric} | ${cell(bundled)} | ${dev ? `${dev.set}: ${cell(dev)}` : ''} | ${diff ? `${d(diff.value, metric)} [${d(diff.low, metric)}, ${d(diff.high, metric)}]` : ''} |`);
  }
  return lines.join('\n');
}
