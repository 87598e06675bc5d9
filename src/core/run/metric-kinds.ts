import type { MetricKind, MetricSpec } from '../types';
import { ENV_CATALOG } from '../envs/catalog';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { bootstrapMean, clustersBy, wilson, type Interval } from './intervals';
import { OUR_MEASURE, PAPER_TITLES } from '../paper-titles';

/** The columns every task run has, with their kinds (an environment's or a strategy's own come from its spec). */
export const RUN_METRICS: Readonly<Record<string, MetricSpec>> = {
  success: { label: 'Success', title: 'Share of task runs that solved the task', kind: 'rate', what: 'Whether the task was solved: the environment checks the final state or output against the reference.', definedIn: 'Each environment\'s own check (EGB section 6.1 calls it execution success on SLATE)' },
  progress: { label: 'Progress', title: 'Progress rate: share of the task\'s subgoals reached (AgentBoard)', kind: 'share', what: 'How far the task got: the share of the task\'s subgoals reached, in order, even when the task was not solved.', definedIn: `Progress rate of AgentBoard (Ma et al. 2024), as used in ${PAPER_TITLES.autotool}, section 5.1` },
  llmCalls: { label: 'LLM calls', title: 'Generation calls to the model per task run', kind: 'count', what: 'How many times the strategy asked the model to generate text (choose a tool, reflect, plan).', definedIn: `${PAPER_TITLES.autotool}, section 5.1 (LLM call count)` },
  promptTokens: { label: 'Prompt tokens', title: 'Prompt tokens per task run, logit passes included', kind: 'tokens', what: 'Tokens sent to the model, summed over all calls of the task run, logits-only passes included.', definedIn: `${PAPER_TITLES.autotool}, section 5.1 (token consumption)` },
  completionTokens: { label: 'Completion tokens', title: 'Completion tokens per task run', kind: 'tokens', what: 'Tokens the model wrote back, summed over all calls of the task run.', definedIn: `${PAPER_TITLES.autotool}, section 5.1 (token consumption)` },
  steps: { label: 'Steps', title: 'Environment steps per task run', kind: 'count', what: 'Actions sent to the environment (tool calls, answers) in the task run.', definedIn: OUR_MEASURE },
  invalidSteps: { label: 'Invalid steps', title: 'Steps the environment refused, per task run', kind: 'count', what: 'Actions the environment refused: an unknown tool, a malformed call, a call whose set-up step is missing.', definedIn: OUR_MEASURE },
  logitPasses: { label: 'Logit passes', title: 'Logits-only forward passes (EGB-Logits), not counted as LLM calls', kind: 'count', what: 'Forward passes that only read the model\'s probabilities over the candidate tools, without generating text (EGB-Logits).', definedIn: `${PAPER_TITLES.egb}, Alg. 3` },
  logitPromptTokens: { label: 'of which logit passes', title: 'Prompt tokens of the logits-only passes, included in Prompt tokens', kind: 'tokens', what: 'The part of the prompt tokens spent on logits-only passes.', definedIn: `${PAPER_TITLES.egb}, Alg. 3` },
  cachedPromptTokens: { label: 'Cached prompt tokens', title: 'Prompt tokens found cached (the server\'s count, else the run\'s cache model), included in Prompt tokens', kind: 'tokens', what: 'Prompt tokens a prompt cache would already hold (a repeated prefix), which servers bill cheaper.', definedIn: OUR_MEASURE },
  uncachedPromptTokens: { label: 'Uncached prompt tokens', title: 'Prompt tokens not found cached', kind: 'tokens', what: 'Prompt tokens the cache did not hold, which the model had to read afresh.', definedIn: OUR_MEASURE },
  contextOverflows: { label: 'Context overflows', title: 'Share of task runs a prompt over the context window ended', kind: 'rate', what: 'Whether a prompt grew past the model\'s context window, which ended the task run.', definedIn: OUR_MEASURE },
  trimmedCalls: { label: 'Trimmed calls', title: 'Calls trimmed to fit the context window, per task run', kind: 'count', what: 'Calls whose prompt was cut (oldest steps dropped) to fit the context window of the model.', definedIn: OUR_MEASURE },
  localSeconds: { label: 'Seconds on device', title: 'Seconds per task run: the engine\'s measured time where the model reports it (a llama: model), else on the run\'s local device: uncached prompt tokens / prefill rate + completion tokens / decode rate + calls x overhead', kind: 'seconds', what: 'Seconds the task run took in the engine, where the model measures its own (a llama: model; secondsSource engine), else would take on the run\'s local device: its uncached prompt tokens at the device\'s prefill rate, its completion tokens at its decode rate, plus a fixed time per call (secondsSource profile:<device>).', definedIn: OUR_MEASURE },
  shortlisted: { label: 'Shortlisted', title: 'Share of task runs whose prompts listed a retrieved shortlist of tools in place of every tool (listing shortlist or fit)', kind: 'rate', what: 'Whether the strategy\'s prompt listed only the tools the embedder retrieved for the task, not the whole library: a deviation from AutoTool\'s, the 3-gram baseline\'s and ToolExpNet\'s prompts, made where every tool does not fit the context window (or where the run asks for it).', definedIn: OUR_MEASURE },
  msPerTask: { label: 'ms / task', title: 'Wall-clock milliseconds per task run', kind: 'ms', what: 'Time the task run took on this machine, from start to end; it depends on the machine and the model.', definedIn: OUR_MEASURE },
  costUsd: { label: 'Cost / task', title: 'Estimated dollars per task run, from the price table', kind: 'dollars', what: 'What the task run\'s tokens would cost at the price table\'s rates, cached tokens at the cached rate.', definedIn: OUR_MEASURE },
  costUsdUncached: { label: 'Cost / task without cache', title: 'Estimated dollars per task run were no prompt token cached', kind: 'dollars', what: 'What the task run\'s tokens would cost if no prompt token were cached.', definedIn: OUR_MEASURE },
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
