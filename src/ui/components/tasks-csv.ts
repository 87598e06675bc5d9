import type { AggregateRow, TaskResult } from '../../core/run/results';

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

/** The per-task results as CSV text: a header line, then one line per task run. */
export function tasksCsv(results: TaskResult[]): string {
  const metricKeys = [...new Set(results.flatMap((result) => Object.keys(result.metrics)))].sort();
  const header = [...COLUMNS, ...metricKeys.map((key) => `metric.${key}`)];
  const lines = results.map((result) => [...COLUMNS.map((column) => result[column]), ...metricKeys.map((key) => result.metrics[key])].map(cell).join(','));
  return [header.join(','), ...lines].join('\n') + '\n';
}

/** Columns of the summary CSV that carry a 95% interval (Wilson for rates, bootstrap over tasks for means). */
const SUMMARY_COLUMNS = ['success', 'progress', 'llmCalls', 'promptTokens', 'completionTokens'] as const;

/**
 * The aggregate rows as CSV: each mean with its 95% interval as `<column>_low` and `<column>_high`
 * (rows of runs stored before intervals existed leave those empty), then environment metrics.
 */
export function summaryCsv(rows: AggregateRow[]): string {
  const metricKeys = [...new Set(rows.flatMap((row) => Object.keys(row.metrics)))].sort();
  const header = ['env', 'strategy', 'runs', ...SUMMARY_COLUMNS.flatMap((c) => [c, `${c}_low`, `${c}_high`]), ...metricKeys.flatMap((k) => [`metric.${k}`, `metric.${k}_low`, `metric.${k}_high`])];
  const lines = rows.map((row) =>
    [
      row.env,
      row.strategy,
      row.tasks,
      ...SUMMARY_COLUMNS.flatMap((c) => [row[c], row.intervals?.[c]?.[0], row.intervals?.[c]?.[1]]),
      ...metricKeys.flatMap((k) => [row.metrics[k], row.intervals?.[k]?.[0], row.intervals?.[k]?.[1]]),
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\n') + '\n';
}
