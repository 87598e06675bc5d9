/**
 * The page's glossary: each metric a run, an environment or a strategy reports, each strategy
 * hyperparameter and each SimLM skill (dial), explained in plain words. The lists come from the
 * specs (metric specs, the settings schema). A hyperparameter's words are in its strategy's
 * `meta.ts` (`what`) and a dial's beside its range (`SKILL_WORDS`), so the settings schema carries
 * them; this file holds only the metrics' words, keyed by id, and `glossary.test.ts` fails when a
 * spec declares something that has no entry.
 */
import type { MetricKind, MetricSpec } from '../types';
import { ENV_CATALOG } from '../envs/catalog';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { RUN_METRICS } from './metric-kinds';
import { rangeWords, SETTINGS, type Setting } from './settings';

const AUTOTOOL = 'AutoTool: Efficient Tool Selection for Large Language Model Agents';
const EGB = 'Long-Horizon Plan Execution in Large Tool Spaces through Entropy-Guided Branching (EGB, arXiv 2604.12126)';
const TOOLEXPNET = 'ToolExpNet: Optimizing Multi-Tool Selection in LLMs with Similarity and Dependency-Aware Experience Networks';
const ECOACT = 'EcoAct: Economic Agent Determines When to Register What Action';
const OURS = 'Toolwise (a measurement of this page, not from a paper)';

/** What a metric counts, in words, and which paper defines it. */
export interface MetricWords {
  what: string;
  paper: string;
}

/** Metrics by id (the column's key). */
export const METRIC_WORDS: Readonly<Record<string, MetricWords>> = {
  success: { what: 'Whether the task was solved: the environment checks the final state or output against the reference.', paper: 'Each environment\'s own check (EGB section 6.1 calls it execution success on SLATE)' },
  progress: { what: 'How far the task got: the share of the task\'s subgoals reached, in order, even when the task was not solved.', paper: `Progress rate of AgentBoard (Ma et al. 2024), as used in ${AUTOTOOL}, section 5.1` },
  llmCalls: { what: 'How many times the strategy asked the model to generate text (choose a tool, reflect, plan).', paper: `${AUTOTOOL}, section 5.1 (LLM call count)` },
  promptTokens: { what: 'Tokens sent to the model, summed over all calls of the task run, logits-only passes included.', paper: `${AUTOTOOL}, section 5.1 (token consumption)` },
  completionTokens: { what: 'Tokens the model wrote back, summed over all calls of the task run.', paper: `${AUTOTOOL}, section 5.1 (token consumption)` },
  steps: { what: 'Actions sent to the environment (tool calls, answers) in the task run.', paper: OURS },
  invalidSteps: { what: 'Actions the environment refused: an unknown tool, a malformed call, a call whose set-up step is missing.', paper: OURS },
  logitPasses: { what: 'Forward passes that only read the model\'s probabilities over the candidate tools, without generating text (EGB-Logits).', paper: `${EGB}, Alg. 3` },
  logitPromptTokens: { what: 'The part of the prompt tokens spent on logits-only passes.', paper: `${EGB}, Alg. 3` },
  cachedPromptTokens: { what: 'Prompt tokens a prompt cache would already hold (a repeated prefix), which servers bill cheaper.', paper: OURS },
  uncachedPromptTokens: { what: 'Prompt tokens the cache did not hold, which the model had to read afresh.', paper: OURS },
  contextOverflows: { what: 'Whether a prompt grew past the model\'s context window, which ended the task run.', paper: OURS },
  trimmedCalls: { what: 'Calls whose prompt was cut (oldest steps dropped) to fit the context window of the model.', paper: OURS },
  localSeconds: { what: 'Seconds the task run would take on the run\'s local device: its uncached prompt tokens at the device\'s prefill rate, its completion tokens at its decode rate, plus a fixed time per call.', paper: OURS },
  msPerTask: { what: 'Time the task run took on this machine, from start to end; it depends on the machine and the model.', paper: OURS },
  costUsd: { what: 'What the task run\'s tokens would cost at the price table\'s rates, cached tokens at the cached rate.', paper: OURS },
  costUsdUncached: { what: 'What the task run\'s tokens would cost if no prompt token were cached.', paper: OURS },
  toolMatch: { what: 'Among the plan\'s substeps that need a tool, the share where the strategy chose the reference tool.', paper: `${EGB}, section 6.1 (Tool Match Rate, step-wise evaluation)` },
  actionIdAcc: { what: 'The share of substeps where the strategy decided right whether a tool call is needed at all.', paper: `${EGB}, section 6.1 (Action Identification Accuracy, step-wise evaluation)` },
  poolSize: { what: 'How many candidate tools a query of the ToolBench environment offers.', paper: `${ECOACT}, section 3.2 and Figure 3 (tool scale levels)` },
  correctPath: { what: 'Whether the calls made contain the gold path of API calls as a subsequence.', paper: `${TOOLEXPNET}, section 4.1 (Correct Path Rate, CP%), after RestGPT` },
  deltaSL: { what: 'On correct paths, how many more API calls were made than the gold solution has.', paper: `${TOOLEXPNET}, section 5.3 (Δ Solution Length), after RestGPT` },
  inertialCalls: { what: 'Steps AutoTool took from its inertia graph (the tool that usually follows) without asking the model.', paper: `${AUTOTOOL}, sections 4.2 and 4.5` },
  inertialOk: { what: 'Inertial calls that the environment accepted.', paper: `${AUTOTOOL}, sections 4.2 and 4.5` },
  recoveryCalls: { what: 'Calls AutoTool made without the model to repair a failed inertial call (a missing set-up step).', paper: `${AUTOTOOL}, appendix I` },
  registeredTools: { what: 'Tools EcoAct registered (put into the prompt in full) for a query, out of those it saw by name.', paper: `${ECOACT}, section 2.2` },
  availableTools: { what: 'Candidate tools a query offered EcoAct, each shown by name until registered.', paper: `${ECOACT}, section 2.2` },
};

/** A metric's unit, from its kind. */
export function unitOfKind(kind: MetricKind): string {
  switch (kind) {
    case 'rate':
      return 'percent of task runs (each run counts 0 or 1)';
    case 'share':
      return 'percent, averaged over task runs';
    case 'count':
      return 'count per task run';
    case 'tokens':
      return 'tokens per task run';
    case 'ms':
      return 'milliseconds per task run';
    case 'seconds':
      return 'seconds per task run on the local device (modelled)';
    case 'dollars':
      return 'US dollars per task run';
    case 'mean':
      return 'mean per task run';
  }
}

export interface MetricEntry {
  id: string;
  label: string;
  /** Who reports it: the run, or environments or strategies by id. */
  reportedBy: string[];
  what: string;
  unit: string;
  paper: string;
}

export interface SettingEntry {
  id: string;
  label: string;
  what: string;
  /** The paper's section (or our choice), from the spec. */
  source: string;
  range: string;
  defaultText: string;
}

/** Every metric any spec declares, with who reports it; a metric with no words throws (the test catches it first). */
export function declaredMetrics(): { id: string; spec: MetricSpec; reportedBy: string[] }[] {
  const found = new Map<string, { id: string; spec: MetricSpec; reportedBy: string[] }>();
  const add = (by: string, metrics: Record<string, MetricSpec> | undefined) => {
    for (const [id, spec] of Object.entries(metrics ?? {})) {
      const entry = found.get(id) ?? { id, spec, reportedBy: [] };
      entry.reportedBy.push(by);
      found.set(id, entry);
    }
  };
  add('every run', RUN_METRICS);
  for (const env of Object.values(ENV_CATALOG)) add(env.id, env.metrics);
  for (const strategy of Object.values(STRATEGY_CATALOG)) add(strategy.id, strategy.metrics);
  return [...found.values()];
}

/** The settings the glossary explains: hyperparameters and SimLM dials. */
export function explainedSettings(): Setting[] {
  return SETTINGS.filter((s) => s.group === 'hyperparameter' || s.group === 'dial');
}

/** The words of a hyperparameter or dial setting, from the schema (its spec's `what`); undefined for one with none. */
export function settingWords(setting: Setting): string | undefined {
  return setting.what?.trim() ? setting.what : undefined;
}

const MISSING = 'No entry yet.';

/** The glossary's metric entries, in spec order. */
export function metricEntries(): MetricEntry[] {
  return declaredMetrics().map(({ id, spec, reportedBy }) => {
    const words = Object.hasOwn(METRIC_WORDS, id) ? METRIC_WORDS[id] : undefined;
    return { id, label: spec.label, reportedBy, what: words?.what ?? spec.title ?? MISSING, unit: unitOfKind(spec.kind), paper: words?.paper ?? MISSING };
  });
}

/** The glossary's setting entries (hyperparameters, then dials), in schema order. */
export function settingEntries(): SettingEntry[] {
  return explainedSettings().map((s) => ({
    id: s.name,
    label: s.label,
    what: settingWords(s) ?? MISSING,
    source: s.help ?? (s.group === 'dial' ? 'SimLM, the page\'s simulated model (not from a paper)' : MISSING),
    range: rangeWords(s),
    defaultText: s.defaultText,
  }));
}

/** One line for a metric's hover text: what it counts, its unit, its paper. */
export function metricHoverText(id: string): string | undefined {
  const entry = metricEntries().find((e) => e.id === id);
  return entry ? `${entry.label}: ${entry.what} Unit: ${entry.unit}. Defined in: ${entry.paper}.` : undefined;
}

/**
 * One line for a hyperparameter's or dial's hover and focus text: its glossary entry (what it does,
 * where it comes from, its range and default). Undefined for a setting the glossary does not list.
 */
export function settingHoverText(name: string): string | undefined {
  const entry = settingEntries().find((e) => e.id === name);
  if (!entry) return undefined;
  return `${entry.label}: ${entry.what} Source: ${entry.source}. Range: ${entry.range}${entry.defaultText ? `, default ${entry.defaultText}` : ''}.`;
}
