import type { AggregateRow, TaskResult } from './results';

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

/** Per-task means by environment and strategy, in the order the pairs first appear. */
export function aggregate(results: TaskResult[]): AggregateRow[] {
  const groups = new Map<string, TaskResult[]>();
  for (const result of results) {
    const key = `${result.env}\u0000${result.strategy}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups.values()].map((group) => ({
    env: group[0].env,
    strategy: group[0].strategy,
    tasks: group.length,
    success: mean(group.map((r) => (r.success ? 1 : 0))),
    progress: mean(group.map((r) => r.progress)),
    llmCalls: mean(group.map((r) => r.llmCalls)),
    promptTokens: mean(group.map((r) => r.promptTokens)),
    completionTokens: mean(group.map((r) => r.completionTokens)),
    steps: mean(group.map((r) => r.steps)),
    invalidSteps: mean(group.map((r) => r.invalidSteps)),
    logitPasses: mean(group.map((r) => r.logitPasses)),
    logitPromptTokens: mean(group.map((r) => r.logitPromptTokens ?? 0)),
    // A metric some task runs lack (Delta solution length exists on correct paths only) averages over those that have it.
    metrics: Object.fromEntries(
      [...new Set(group.flatMap((r) => Object.keys(r.metrics)))].map((key) => [key, mean(group.filter((r) => r.metrics[key] !== undefined).map((r) => r.metrics[key]))]),
    ),
    msPerTask: mean(group.map((r) => r.ms)),
  }));
}
