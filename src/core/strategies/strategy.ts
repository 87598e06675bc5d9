import type { StrategySnapshot } from './snapshots';
import type { Environment, MetricSpec } from '../types';
import type { LanguageModel } from '../llm/language-model';
import type { Embedder } from '../embed/embedder';
import type { TraceSink } from '../trace';
import type { Rng } from '../rng';
import type { PromptLayout } from '../llm/prompts/prompt-layout';
import type { ListingPlan } from './common/listed-tools';

/**
 * What a strategy gets for one task. There is no expert here and no task data beyond the goal:
 * strategies see what an agent would see.
 */
export interface StrategyContext {
  taskId: string;
  goal: string;
  /** The observation returned by the environment's reset. */
  initialObservation: string;
  /** The environment, already reset for this task. */
  env: Environment;
  model: LanguageModel;
  embedder: Embedder;
  rng: Rng;
  emit: TraceSink;
  signal?: AbortSignal;
  /**
   * Training queries only (a learning strategy's `learn`): the query's annotated tool path where
   * the dataset has one (ToolExpNet's trial labels, section 3.1), and a fresh context for the same
   * query, reset, to attempt it again in a later iteration. `checksWindow`: the run checks prompts
   * against the model's window, so a training episode may end on a prompt over it (`learningEpisode`).
   */
  training?: { label?: string[]; again(): StrategyContext; checksWindow?: boolean };
  /** Memory of past cases, when a with-memory variant supplies it: remembered steps like a substep. */
  recall?: (substep: string) => Promise<{ substep: string; tool: string; args: Record<string, unknown> }[]>;
  /** How the strategy lays out its prompts (`prompts/prompt-layout.ts`); absent: `DEFAULT_PROMPT_LAYOUT`. */
  layout?: PromptLayout;
  /**
   * Which tools a ReAct-style prompt lists, where the run asks for a shortlist (`listing`:
   * `shortlist` or `fit`; common/listed-tools.ts). Absent: every tool, as the papers do.
   */
  listing?: ListingPlan;
}

/** How a task ended for a strategy. */
export interface TaskOutcome {
  success: boolean;
  /** Progress rate in [0, 1]. */
  progress: number;
  /** Environment steps taken, format errors included. */
  steps: number;
  /** Replies that could not be parsed. */
  invalidSteps: number;
  /** Tool calls the environment reported as failed. */
  failedCalls: number;
  /**
   * Strategy-specific counts of this task, merged into the task result's metrics and averaged
   * per row (AutoTool's inertial calls, EcoAct's registered tools …).
   */
  stats?: Record<string, number>;
}

/** A strategy with its state for one run over a task sequence (learning strategies keep state here). */
export interface StrategyInstance {
  runTask(context: StrategyContext): Promise<TaskOutcome>;
  /**
   * Present on strategies that learn before they are scored: called once per run and seed with
   * contexts for the training split's tasks, never the test split's.
   */
  learn?(training: AsyncIterable<StrategyContext>): Promise<void>;
  /**
   * A JSON-serialisable view of what the strategy built over the run (AutoTool's inertia graph,
   * ToolExpNet's network), taken after its last task; the page draws it.
   */
  snapshot?(): StrategySnapshot | undefined;
}

/** A tunable hyperparameter, with its default from the paper. */
export interface HyperParameter {
  key: string;
  label: string;
  default: number;
  min: number;
  max: number;
  step: number;
  /** Where the default comes from, for example "Reflexion: memory of 3". */
  source: string;
  /** What it does to the algorithm, in plain words (the page's glossary shows it). */
  what: string;
}

/**
 * What the page shows and checks of a strategy without running it: plain data, no code. Each
 * strategy's `meta.ts` holds one, the catalogue (`STRATEGY_CATALOG`) lists them for the page's main
 * thread and for config validation, and its `StrategySpec` spreads it and adds `create`.
 */
export interface StrategyMeta {
  id: string;
  label: string;
  /** The paper or method it follows. */
  paper: string;
  description: string;
  params: HyperParameter[];
  /** How the page labels the metrics its task outcomes report (`TaskOutcome.stats`). */
  metrics?: Record<string, MetricSpec>;
  /**
   * True when `runTask` keeps nothing from one task to the next (no learning, no online state), so
   * a run may run its tasks at once. Strategies without it run their tasks in order.
   */
  independentTasks?: boolean;
  /** True for strategies that need a plan of substeps (SLATE): they run on plan-guided environments only. */
  planGuidedOnly?: boolean;
}

/** The registry entry of a strategy: its metadata and its implementation. */
export interface StrategySpec extends StrategyMeta {
  create(params: Record<string, number>): StrategyInstance;
}

/** Fills missing hyperparameters with their defaults. */
export function withDefaults(spec: StrategyMeta, params: Record<string, number> = {}): Record<string, number> {
  return Object.fromEntries(spec.params.map((param) => [param.key, params[param.key] ?? param.default]));
}
