import type { MetricKind, MetricSpec } from '../types';
import { ENV_CATALOG } from '../envs/catalog';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { bootstrapMean, clustersBy, wilson, type Interval } from './intervals';

/** The columns every task run has, with their kinds (an environment's or a strategy's own come from its spec). */
export const RUN_METRICS: Readonly<Record<string, MetricSpec>> = {
  success: { label: 'Success', title: 'Share of task runs that solved the task', kind: 'rate' },
  progress: { label: 'Progress', title: 'Progress rate: share of the task\'s subgoals reached (AgentBoard)', kind: 'share' },
  llmCalls: { label: 'LLM calls', title: 'Generation calls to the model per task run', kind: 'count' },
  promptTokens: { label: 'Prompt tokens', title: 'Prompt tokens per task run, logit passes included', kind: 'tokens' },
  completionTokens: { label: 'Completion tokens', title: 'Completion tokens per task run', kind: 'tokens' },
  steps: { label: 'Steps', title: 'Environment steps per task run', kind: 'count' },
  invalidSteps: { label: 'Invalid steps', title: 'Steps the environment refused, per task run', kind: 'count' },
  logitPasses: { label: 'Logit passes', title: 'Logits-only forward passes (EGB-Logits), not counted as LLM calls', kind: 'count' },
  logitPromptTokens: { label: 'of which logit passes', title: 'Prompt tokens of the logits-only passes, included in Prompt tokens', kind: 'tokens' },
  cachedPromptTokens: { label: 'Cached prompt tokens', title: 'Prompt tokens found cached (the server\'s count, else the run\'s cache model), included in Prompt tokens', kind: 'tokens' },
  uncachedPromptTokens: { label: 'Uncached prompt tokens', title: 'Prompt tokens not found cached', kind: 'tokens' },
  contextOverflows: { label: 'Context overflows', title: 'Share of task runs a prompt over the context window ended', kind: 'rate' },
  trimmedCalls: { label: 'Trimmed calls', title: 'Calls trimmed to fit the context window, per task run', kind: 'count' },
  localSeconds: { label: 'Seconds on device', title: 'Seconds per task run on the run\'s local device: uncached prompt tokens / prefill rate + completion tokens / decode rate + calls x overhead', kind: 'seconds' },
  msPerTask: { label: 'ms / task', title: 'Wall-clock milliseconds per task run', kind: 'ms' },
  costUsd: { label: 'Cost / task', title: 'Estimated dollars per task run, from the price table', kind: 'dollars' },
  costUsdUncached: { label: 'Cost / task without cache', title: 'Estimated dollars per task run were no prompt token cached', kind: 'dollars' },
};

const DECLARED: Record<string, MetricSpec> = Object.assign(
  {},
  ...Object.values(ENV_CATALOG).map((spec) => spec.metrics ?? {}),
  ...Object.values(STRATEGY_CATALOG).map((spec) => spec.metrics ?? {}),
  RUN_METRICS,
);

/** The spec of a metric: a run column, or one an environment or a strategy declares; undefined for one none declares. */
export function metricSpecOf(key: string): MetricSpec | undefined {
  return Object.hasOwn(DECLARED, key) ? DECLARED[key] : undefined;
}

/**
 * The kind of a metric, from its declaration. One no spec declares (AutoTool's parameter filling
 * by source, `paramTried_<source>`) is a `mean`: a bootstrap interval, whatever its values are.
 */
export function metricKind(key: string): MetricKind {
  return metricSpecOf(key)?.kind ?? 'mean';
}

/** Kinds printed as percentages. */
export function isPercentKind(kind: MetricKind): boolean {
  return kind === 'rate' || kind === 'share';
}

/**
 * The 95% interval of a column over task runs, chosen by its kind (docs/reporting.md): Wilson for a rate
 * (each run's outcome is 0 or 1), else a bootstrap over tasks of the mean (a task's runs over seeds
 * are resampled together). Runs that lack the column are left out.
 */
export function intervalByKind<T extends { taskId: string }>(kind: MetricKind, group: T[], read: (item: T) => number | undefined): Interval {
  if (kind === 'rate') {
    const values = group.map(read).filter((v): v is number => v !== undefined);
    return wilson(values.filter((v) => v === 1).length, values.length);
  }
  return bootstrapMean(clustersBy(group, (r) => r.taskId, read));
}
