import type { AggregateRow, TaskResult } from './results';
import type { Interval } from './intervals';
import { intervalByKind, metricKind } from './metric-kinds';
import { secondsSourceOf } from './device-profiles';

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

/** Whether any task run of the group has a cached-token count (a modelled cache or a server's). */
const hasCache = (group: TaskResult[]) => group.some((r) => r.cachedPromptTokens !== undefined);
const cachedOf = (r: TaskResult) => r.cachedPromptTokens ?? 0;
/** Prompt tokens the cache did not hold (all of them where the run has no cached count). */
export const uncachedPromptTokensOf = (r: TaskResult) => r.promptTokens - (r.cachedPromptTokens ?? 0);
const uncachedOf = uncachedPromptTokensOf;
/** Whether the group's run checked context windows. */
const hasWindow = (group: TaskResult[]) => group.some((r) => r.contextOverflows !== undefined);
/** Whether the group's run named a local device. */
const hasSeconds = (group: TaskResult[]) => group.some((r) => r.localSeconds !== undefined);
const secondsOf = (r: TaskResult) => r.localSeconds ?? 0;
const sourceOf = (group: TaskResult[]) => {
  const secondsSource = secondsSourceOf(group);
  return secondsSource ? { secondsSource } : {};
};
const overflowedOf = (r: TaskResult) => (r.outcome === 'context-overflow' ? 1 : 0);
/** Whether the group's task runs say which tool listing they used (a run with listing shortlist or fit). */
const hasListing = (group: TaskResult[]) => group.some((r) => r.listing !== undefined);
const shortlistedOf = (r: TaskResult) => (r.listing === 'shortlist' ? 1 : 0);

/**
 * Per-task means by environment and strategy, in the order the pairs first appear, with their 95%
 * intervals unless `intervals` is false (a streaming run's rows: the bootstrap is most of the cost,
 * and the finished run's rows carry them).
 */
export function aggregate(results: TaskResult[], { intervals = true }: { intervals?: boolean } = {}): AggregateRow[] {
  const groups = new Map<string, TaskResult[]>();
  for (const result of results) {
    const key = `${result.env}\u0000${result.strategy}`;
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
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
    ...(hasCache(group) ? { cachedPromptTokens: mean(group.map(cachedOf)), uncachedPromptTokens: mean(group.map(uncachedOf)) } : {}),
    ...(hasWindow(group) ? { contextOverflows: mean(group.map(overflowedOf)), trimmedCalls: mean(group.map((r) => r.trimmedCalls ?? 0)) } : {}),
    ...(hasSeconds(group) ? { localSeconds: mean(group.map(secondsOf)), ...sourceOf(group) } : {}),
    ...(hasListing(group) ? { shortlisted: mean(group.map(shortlistedOf)) } : {}),
    // A metric some task runs lack (Delta solution length exists on correct paths only) averages over those that have it.
    metrics: Object.fromEntries(
      [...new Set(group.flatMap((r) => Object.keys(r.metrics)))].map((key) => [key, mean(group.filter((r) => r.metrics[key] !== undefined).map((r) => r.metrics[key]))]),
    ),
    msPerTask: mean(group.map((r) => r.ms)),
    ...(intervals ? { intervals: intervalsOf(group) } : {}),
  }));
}

/**
 * 95% intervals of a row (docs/reporting.md), each by its metric's declared kind (metric-kinds.ts): Wilson
 * for rates, a bootstrap over tasks for means (a task's runs over seeds are resampled together).
 * The kind comes from the spec, never from the values: a count that is 0 or 1 on every run is
 * still a count.
 */
export function intervalsOf(group: TaskResult[]): Record<string, Interval> {
  const columns: Record<string, (r: TaskResult) => number | undefined> = {
    success: (r) => (r.success ? 1 : 0),
    progress: (r) => r.progress,
    llmCalls: (r) => r.llmCalls,
    promptTokens: (r) => r.promptTokens,
    completionTokens: (r) => r.completionTokens,
    ...(hasCache(group) ? { cachedPromptTokens: cachedOf, uncachedPromptTokens: uncachedOf } : {}),
    ...(hasWindow(group) ? { contextOverflows: overflowedOf, trimmedCalls: (r: TaskResult) => r.trimmedCalls ?? 0 } : {}),
    ...(hasSeconds(group) ? { localSeconds: secondsOf } : {}),
    ...(hasListing(group) ? { shortlisted: shortlistedOf } : {}),
  };
  for (const key of new Set(group.flatMap((r) => Object.keys(r.metrics)))) columns[key] ??= (r) => r.metrics[key];
  return Object.fromEntries(Object.entries(columns).map(([key, read]) => [key, intervalByKind(metricKind(key), group, read)]));
}
