import type { AggregateRow } from '../src/core/run/results';
import type { Price } from '../src/core/run/prices';
import { costUsd } from '../src/core/run/prices';
import { isPercentKind, metricKind } from '../src/core/run/metric-kinds';

/**
 * A bench row as written to JSON (per-task means): the common columns, `costUsd` from the model's
 * price, `logitPasses` where a strategy made logits-only passes, and every environment or strategy
 * metric of the row under its own name (SLATE's `toolMatch`, `actionIdAcc`, …).
 */
export type BenchRow = Pick<AggregateRow, 'env' | 'strategy' | 'tasks' | 'success' | 'progress' | 'llmCalls' | 'promptTokens' | 'completionTokens' | 'msPerTask'> & {
  /** The sampling temperature the row's environment ran at (RunResult.temperatures), where known. */
  temperature?: number;
  costUsd: number;
  logitPasses?: number;
  logitPromptTokens?: number;
  /** Where the run models a cache (or a server reports one): cached and uncached prompt tokens per task, and the dollars without caching. */
  cachedPromptTokens?: number;
  uncachedPromptTokens?: number;
  costUsdUncached?: number;
  [metric: string]: number | string | undefined;
};

const COMMON = ['env', 'strategy', 'temperature', 'tasks', 'success', 'progress', 'llmCalls', 'promptTokens', 'completionTokens', 'msPerTask', 'costUsd', 'logitPasses', 'logitPromptTokens', 'cachedPromptTokens', 'uncachedPromptTokens', 'costUsdUncached'];

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function toBenchRow(row: AggregateRow, price: Price, temperature?: number): BenchRow {
  const metrics = Object.fromEntries(Object.entries(row.metrics).filter(([key]) => key !== 'progress').map(([key, value]) => [key, round(value, 4)]));
  return {
    env: row.env,
    strategy: row.strategy,
    ...(temperature !== undefined ? { temperature } : {}),
    tasks: row.tasks,
    success: round(row.success, 4),
    progress: round(row.progress, 4),
    llmCalls: round(row.llmCalls, 2),
    promptTokens: round(row.promptTokens, 1),
    completionTokens: round(row.completionTokens, 1),
    msPerTask: round(row.msPerTask, 2),
    costUsd: round(costUsd(row, price), 6),
    ...(row.logitPasses > 0 || row.metrics.toolMatch !== undefined ? { logitPasses: round(row.logitPasses, 2), logitPromptTokens: round(row.logitPromptTokens, 1) } : {}),
    ...(row.cachedPromptTokens !== undefined
      ? { cachedPromptTokens: round(row.cachedPromptTokens, 1), uncachedPromptTokens: round(row.uncachedPromptTokens ?? row.promptTokens - row.cachedPromptTokens, 1), costUsdUncached: round(costUsd({ promptTokens: row.promptTokens, completionTokens: row.completionTokens }, price), 6) }
      : {}),
    ...(row.contextOverflows !== undefined ? { contextOverflows: round(row.contextOverflows, 4), trimmedCalls: round(row.trimmedCalls ?? 0, 2) } : {}),
    // Where the task runs have seconds: the engine's own (a llama: model), else the run's local device formula, and which (secondsSource).
    ...(row.localSeconds !== undefined ? { localSeconds: round(row.localSeconds, 3), ...(row.secondsSource ? { secondsSource: row.secondsSource } : {}) } : {}),
    // Where the run lists a shortlist (listing shortlist or fit): the share of task runs that listed it.
    ...(row.shortlisted !== undefined ? { shortlisted: round(row.shortlisted, 4) } : {}),
    ...metrics,
    // 95% intervals as <column>Low / <column>High, by the column's declared kind (Wilson for rates, bootstrap over tasks otherwise).
    ...Object.fromEntries(Object.entries(row.intervals ?? {}).flatMap(([key, [low, high]]) => [[`${key}Low`, round(low, 4)], [`${key}High`, round(high, 4)]])),
  };
}

/** The rows as a markdown table; metric columns appear when some row has them. */
export function markdownTable(rows: BenchRow[]): string {
  const percent = (value: number | undefined) => (value === undefined ? '' : `${(value * 100).toFixed(1)}%`);
  const extra = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => !COMMON.includes(key) && !/(Low|High)$/.test(key));
  // A value with its 95% interval, when the row has one.
  const withInterval = (row: BenchRow, key: string, text: (value: number) => string) => {
    const value = row[key];
    if (typeof value !== 'number') return '';
    const low = row[`${key}Low`];
    const high = row[`${key}High`];
    return typeof low === 'number' && typeof high === 'number' ? `${text(value)} [${text(low)}, ${text(high)}]` : text(value);
  };
  const passes = rows.some((row) => row.logitPasses !== undefined);
  const cached = rows.some((row) => row.cachedPromptTokens !== undefined);
  const cell = (row: BenchRow, key: string) => {
    const value = row[key];
    if (typeof value === 'string') return value;
    if (typeof value !== 'number') return '';
    return withInterval(row, key, (v) => (isPercentKind(metricKind(key)) ? percent(v) : v.toFixed(2)));
  };
  const header = `| env | strategy | tasks | success | progress |${extra.map((key) => ` ${key} |`).join('')}${passes ? ' logit passes |' : ''} LLM calls | prompt tokens |${passes ? ' of which logit passes |' : ''}${cached ? ' cached | cached share | uncached |' : ''} completion tokens | cost $ |${cached ? ' cost $ uncached |' : ''} ms/task |`;
  const align = `|---|---|---:|---:|---:|${extra.map(() => '---:|').join('')}${passes ? '---:|' : ''}---:|---:|${passes ? '---:|' : ''}${cached ? '---:|---:|---:|' : ''}---:|---:|${cached ? '---:|' : ''}---:|`;
  const lines = rows.map(
    (r) =>
      `| ${r.env} | ${r.strategy} | ${r.tasks} | ${withInterval(r, 'success', percent)} | ${withInterval(r, 'progress', (v) => v.toFixed(3))} |${extra.map((key) => ` ${cell(r, key)} |`).join('')}${passes ? ` ${r.logitPasses?.toFixed(1) ?? ''} |` : ''} ${withInterval(r, 'llmCalls', (v) => v.toFixed(2))} | ${withInterval(r, 'promptTokens', (v) => v.toFixed(0))} |${passes ? ` ${r.logitPromptTokens?.toFixed(0) ?? ''} |` : ''}${cached ? ` ${withInterval(r, 'cachedPromptTokens', (v) => v.toFixed(0))} | ${r.cachedPromptTokens !== undefined && r.promptTokens > 0 ? percent(r.cachedPromptTokens / r.promptTokens) : ''} | ${withInterval(r, 'uncachedPromptTokens', (v) => v.toFixed(0))} |` : ''} ${r.completionTokens.toFixed(0)} | ${r.costUsd.toFixed(4)} |${cached ? ` ${r.costUsdUncached?.toFixed(4) ?? ''} |` : ''} ${r.msPerTask.toFixed(1)} |`,
  );
  return [header, align, ...lines].join('\n');
}
