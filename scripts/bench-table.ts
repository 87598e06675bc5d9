import type { AggregateRow } from '../src/core/run/results';

/** A bench row as written to JSON (per-task means). */
export interface BenchRow
  extends Pick<AggregateRow, 'env' | 'strategy' | 'tasks' | 'success' | 'progress' | 'llmCalls' | 'promptTokens' | 'completionTokens' | 'msPerTask'> {
  /** SLATE only: tool match rate and action identification accuracy (EGB section 6.1). */
  toolMatch?: number;
  actionIdAcc?: number;
  /** SLATE only: logits-only forward passes per task (EGB-Logits), apart from llmCalls. */
  logitPasses?: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function toBenchRow(row: AggregateRow): BenchRow {
  return {
    env: row.env,
    strategy: row.strategy,
    tasks: row.tasks,
    success: round(row.success, 4),
    progress: round(row.progress, 4),
    llmCalls: round(row.llmCalls, 2),
    promptTokens: round(row.promptTokens, 1),
    completionTokens: round(row.completionTokens, 1),
    msPerTask: round(row.msPerTask, 2),
    ...(row.metrics.toolMatch !== undefined
      ? { toolMatch: round(row.metrics.toolMatch, 4), actionIdAcc: round(row.metrics.actionIdAcc ?? 0, 4), logitPasses: round(row.logitPasses, 2) }
      : {}),
  };
}

/** The rows as a markdown table. */
export function markdownTable(rows: BenchRow[]): string {
  const slate = rows.some((r) => r.toolMatch !== undefined);
  const header = `| env | strategy | tasks | success | progress |${slate ? ' tool match | action id acc | logit passes |' : ''} LLM calls | prompt tokens | completion tokens | ms/task |`;
  const align = `|---|---|---:|---:|---:|${slate ? '---:|---:|---:|' : ''}---:|---:|---:|---:|`;
  const percent = (value: number | undefined) => (value === undefined ? '' : `${(value * 100).toFixed(1)}%`);
  const lines = rows.map(
    (r) =>
      `| ${r.env} | ${r.strategy} | ${r.tasks} | ${percent(r.success)} | ${r.progress.toFixed(3)} |${slate ? ` ${percent(r.toolMatch)} | ${percent(r.actionIdAcc)} | ${r.logitPasses?.toFixed(1) ?? ''} |` : ''} ${r.llmCalls.toFixed(2)} | ${r.promptTokens.toFixed(0)} | ${r.completionTokens.toFixed(0)} | ${r.msPerTask.toFixed(1)} |`,
  );
  return [header, align, ...lines].join('\n');
}
