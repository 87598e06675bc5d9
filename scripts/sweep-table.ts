import type { SweepPoint, SweepResult } from '../src/core/run/sweep';

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** A value with its 95% interval, as the bench table writes them. */
const withInterval = (value: number, [low, high]: [number, number], text: (v: number) => string) => `${text(value)} [${text(low)}, ${text(high)}]`;

/** The sweep as a markdown table: one line per value, environment and strategy. */
export function sweepMarkdownTable(result: SweepResult): string {
  const lines = result.points.map(
    (p) =>
      `| ${p.value} | ${p.env} | ${p.strategy} | ${p.n} | ${withInterval(p.success, p.successInterval, percent)} | ${withInterval(p.progress, p.progressInterval, (v) => v.toFixed(3))} | ${withInterval(p.llmCalls, p.llmCallsInterval, (v) => v.toFixed(2))} | ${withInterval(p.promptTokens, p.promptTokensInterval, (v) => v.toFixed(0))} |`,
  );
  return [`| ${result.key} | env | strategy | runs | success [95% CI] | progress [95% CI] | LLM calls [95% CI] | prompt tokens [95% CI] |`, '|---:|---|---|---:|---:|---:|---:|---:|', ...lines].join('\n');
}

/** A point for the JSON file, rounded as the bench rows are (4 digits for rates, 2 for calls, 1 for tokens). */
export function roundPoint(p: SweepPoint): SweepPoint {
  const r = (digits: number) => (v: number) => round(v, digits);
  const pair = (digits: number, [low, high]: [number, number]): [number, number] => [r(digits)(low), r(digits)(high)];
  return {
    ...p,
    success: r(4)(p.success),
    successInterval: pair(4, p.successInterval),
    progress: r(4)(p.progress),
    progressInterval: pair(4, p.progressInterval),
    llmCalls: r(2)(p.llmCalls),
    llmCallsInterval: pair(2, p.llmCallsInterval),
    promptTokens: r(1)(p.promptTokens),
    promptTokensInterval: pair(1, p.promptTokensInterval),
  };
}
