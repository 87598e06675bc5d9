import type { AggregateRow } from '../src/core/run/results';

/** A bench row as written to JSON (per-task means). */
export interface BenchRow {
  env: string;
  strategy: string;
  tasks: number;
  success: number;
  progress: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  msPerTask: number;
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
  };
}

/** The rows as a markdown table. */
export function markdownTable(rows: BenchRow[]): string {
  const header = '| env | strategy | tasks | success | progress | LLM calls | prompt tokens | completion tokens | ms/task |';
  const lines = rows.map(
    (r) =>
      `| ${r.env} | ${r.strategy} | ${r.tasks} | ${(r.success * 100).toFixed(1)}% | ${r.progress.toFixed(3)} | ${r.llmCalls.toFixed(2)} | ${r.promptTokens.toFixed(0)} | ${r.completionTokens.toFixed(0)} | ${r.msPerTask.toFixed(1)} |`,
  );
  return [header, '|---|---|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
}
