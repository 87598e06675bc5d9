import type { AggregateRow, RunResult, TaskResult } from '../../../core/run/results';
import { CONTEXT_COLUMNS, contextValues, exportContext } from './export-context';
import { costUsd, type Price } from '../../../core/run/prices';

/** The cost columns (issue 42 item 7): dollars per task run at the prices used, and those prices, per million tokens. */
const COST_COLUMNS = ['cost_usd', 'price_input_usd_per_mtok', 'price_output_usd_per_mtok', 'price_cached_input_usd_per_mtok'] as const;

function costValues(usage: { promptTokens: number; completionTokens: number; cachedPromptTokens?: number }, price: Price | undefined): unknown[] {
  if (!price) return [];
  return [costUsd(usage, price), price.input, price.output, price.cachedInput ?? price.input];
}

/** Dollars keep six decimals (a task run often costs a fraction of a cent); other numbers four. */
const costCell = (value: unknown) => (typeof value === 'number' ? String(Number(value.toFixed(6))) : value);

/** The run a CSV comes from: every line then starts with its model, preset, dials, encoder, tasks and seeds (issue 29). */
type CsvRun = Pick<RunResult, 'config' | 'model' | 'embedder' | 'results'>;

/** The context columns' header and, per environment, their values (tasks and seeds counted in that environment's runs). */
function contextOf(run: CsvRun | undefined): { header: string[]; values(env: string): unknown[] } {
  if (!run) return { header: [], values: () => [] };
  const byEnv = new Map<string, unknown[]>();
  return {
    header: [...CONTEXT_COLUMNS],
    values(env) {
      if (!byEnv.has(env)) byEnv.set(env, contextValues(exportContext(run, run.results.some((r) => r.env === env) ? env : undefined)));
      return byEnv.get(env)!;
    },
  };
}

/** Fixed columns of the per-task CSV, in order; environment metrics follow as `metric.<key>`. */
const COLUMNS: (keyof TaskResult)[] = [
  'env', 'strategy', 'seed', 'taskId', 'taskKind', 'success', 'progress', 'steps', 'invalidSteps',
  'failedCalls', 'llmCalls', 'promptTokens', 'completionTokens', 'logitPasses', 'ms',
];

/**
 * One CSV cell (RFC 4180 quoting). Text that a spreadsheet would run as a formula gets a leading
 * quote: one starting with =, +, -, @, or a tab or carriage return (OWASP's list).
 */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'number' ? String(Number(value.toFixed(4))) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The per-task results as CSV text: a header line, then one line per task run; with `run`, each line starts with the run's context. */
export function tasksCsv(results: TaskResult[], run?: CsvRun, price?: Price): string {
  const context = contextOf(run);
  const metricKeys = [...new Set(results.flatMap((result) => Object.keys(result.metrics)))].sort();
  const header = [...context.header, ...COLUMNS, ...(price ? COST_COLUMNS : []), ...metricKeys.map((key) => `metric.${key}`)];
  const lines = results.map((result) =>
    [...[...context.values(result.env), ...COLUMNS.map((column) => result[column])].map(cell), ...costValues(result, price).map(costCell).map(cell), ...metricKeys.map((key) => cell(result.metrics[key]))].join(','),
  );
  return [header.join(','), ...lines].join('\n') + '\n';
}

/** Columns of the summary CSV that carry a 95% interval (Wilson for rates, bootstrap over tasks for means). */
const SUMMARY_COLUMNS = ['success', 'progress', 'llmCalls', 'promptTokens', 'completionTokens'] as const;

/**
 * The aggregate rows as CSV (with `run`, each line starting with the run's context): each mean with its 95% interval as `<column>_low` and `<column>_high`
 * (rows of runs stored before intervals existed leave those empty), then environment metrics.
 */
export function summaryCsv(rows: AggregateRow[], run?: CsvRun, price?: Price): string {
  const context = contextOf(run);
  const metricKeys = [...new Set(rows.flatMap((row) => Object.keys(row.metrics)))].sort();
  const header = [
    ...context.header,
    'env',
    'strategy',
    'runs',
    ...SUMMARY_COLUMNS.flatMap((c) => [c, `${c}_low`, `${c}_high`]),
    ...(price ? COST_COLUMNS : []),
    ...metricKeys.flatMap((k) => [`metric.${k}`, `metric.${k}_low`, `metric.${k}_high`]),
  ];
  const lines = rows.map((row) =>
    [
      ...[...context.values(row.env), row.env, row.strategy, row.tasks, ...SUMMARY_COLUMNS.flatMap((c) => [row[c], row.intervals?.[c]?.[0], row.intervals?.[c]?.[1]])].map(cell),
      // The mean cost per task at these prices (no interval: a price-weighted sum of two means' intervals is not one).
      ...costValues(row, price).map(costCell).map(cell),
      ...metricKeys.flatMap((k) => [row.metrics[k], row.intervals?.[k]?.[0], row.intervals?.[k]?.[1]]).map(cell),
    ].join(','),
  );
  return [header.join(','), ...lines].join('\n') + '\n';
}
