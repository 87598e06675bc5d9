import type { ContextWindow } from '../llm/context-window';
import type { CallKind } from '../types';
import type { TraceEvent } from '../trace';
import type { RunConfig } from './run-config';
import type { ListingUsed } from '../llm/prompts/listing-mode';
import type { SecondsSource } from './device-profiles';

/** The result of one strategy on one task with one seed. */
export interface TaskResult {
  env: string;
  strategy: string;
  taskId: string;
  taskKind: string;
  seed: number;
  success: boolean;
  progress: number;
  steps: number;
  invalidSteps: number;
  failedCalls: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  callsByKind: Partial<Record<CallKind, number>>;
  /** Logits-only forward passes (EGB-Logits), not included in llmCalls. */
  logitPasses: number;
  /** Prompt tokens of those passes, included in promptTokens (EGB Table 4 reports them apart). */
  logitPromptTokens?: number;
  /** Environment-specific metrics, for example SLATE's toolMatch and actionIdAcc. */
  metrics: Record<string, number>;
  /** Model calls whose tokens are estimates (the server sent no usage); absent when none. */
  estimatedUsageCalls?: number;
  /**
   * Prompt tokens found cached (included in promptTokens): the server's count, else the run's
   * cache model's (`RunConfig.cache`). Absent when the run models no cache and the server said nothing.
   */
  cachedPromptTokens?: number;
  /** `context-overflow` where a prompt over the window ended the task (`RunConfig.overflow` = fail). */
  outcome?: 'context-overflow';
  /** Where the run checks windows: calls over the window, and calls trimmed to fit it. */
  contextOverflows?: number;
  trimmedCalls?: number;
  /**
   * Seconds of the task run: the engine's own measure where the model reports it (a `llama:`
   * model), else the formula on the run's local device (`RunConfig.localDevice`,
   * device-profiles.ts); absent when there is neither. `secondsSource` says which.
   */
  localSeconds?: number;
  secondsSource?: SecondsSource;
  /**
   * Where the engine counted its cached prompt tokens (`cachedPromptTokens`) and the run models a
   * cache too (`RunConfig.cache`): the cache model's prediction for the same prompts.
   */
  predictedCachedPromptTokens?: number;
  /**
   * Which tools the task's prompts listed, where the run asks for a shortlist (`RunConfig.listing`
   * shortlist or fit) and the strategy lists tools in a ReAct-style prompt: every tool, or the
   * shortlist. Absent otherwise (every tool, as the papers).
   */
  listing?: ListingUsed;
  /** Wall time of the task, in milliseconds. */
  ms: number;
}

/** Per-task means of one strategy on one environment. */
export interface AggregateRow {
  env: string;
  strategy: string;
  /** Task runs aggregated (tasks x seeds). */
  tasks: number;
  success: number;
  progress: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  steps: number;
  invalidSteps: number;
  logitPasses: number;
  logitPromptTokens: number;
  /** Prompt tokens found cached, and the rest (prefilled and billed at the input price); present where the task runs have a cached count. */
  cachedPromptTokens?: number;
  uncachedPromptTokens?: number;
  /** Where the run checks windows: the share of task runs that ended on a context overflow, and trimmed calls per task. */
  contextOverflows?: number;
  trimmedCalls?: number;
  /** Seconds per task run (the engine's, or on the run's local device); present where the task runs have them. */
  localSeconds?: number;
  /** Where those seconds come from: the task runs' one source, or `mixed`. */
  secondsSource?: SecondsSource;
  /** The share of task runs whose prompts listed the shortlist in place of every tool; present where the task runs say which listing they used. */
  shortlisted?: number;
  /** Means of the environment-specific metrics. */
  metrics: Record<string, number>;
  msPerTask: number;
  /** 95% intervals by column (success, progress, llmCalls, ..., each metric): Wilson for rates, bootstrap over tasks for means. */
  intervals?: Record<string, [number, number]>;
}

/** The cost of a learning phase on the training split (one strategy, environment and seed). */
export interface LearningRecord {
  env: string;
  strategy: string;
  seed: number;
  tasks: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /** Set where the run checks a window: training episodes ended by a prompt over it (`fail`), and calls trimmed (`trim`). */
  contextOverflows?: number;
  trimmedCalls?: number;
}

/** Status of a run as one literal union. */
export type RunStatus = 'done' | 'cancelled' | 'error';

/**
 * The data an environment ran on: the bundled files, or an import, named by the fingerprint of its
 * files (a SHA-256 prefix the page computes) and their names, so a result and a link say which.
 */
export interface RunData {
  source: 'bundled' | 'imported';
  tasks: number;
  fingerprint?: string;
  files?: string[];
}

/** What the importer knows of an import: its fingerprint and file names. */
export type ImportLabel = Pick<RunData, 'fingerprint' | 'files'>;

/** A finished (or cancelled) run, as stored and shown. */
export interface RunResult {
  id: string;
  config: RunConfig;
  status: RunStatus;
  error?: string;
  /**
   * The model, and the context window the run ran under with where the figure came from (the run's
   * `window`, a server's report, a WebLLM record, a SimLM class): set for a real model, and for
   * SimLM where the run checks or sets a window; absent in older results.
   */
  model: { id: string; label: string; simulated: boolean; window?: ContextWindow };
  embedder: { id: string; label: string };
  /** The sampling temperature each environment ran at (run/temperature.ts); absent in older results. */
  temperatures?: Record<string, number>;
  startedAt: string;
  /** Wall time of the tasks (learning included), from the first task to the last. */
  elapsedMs: number;
  /** Wall time spent loading data, the embedder and the model before the first task; absent in older results. */
  loadMs?: number;
  /** Which data each environment ran on: the bundled files or an import, and how many tasks it held. */
  data?: Record<string, RunData>;
  results: TaskResult[];
  rows: AggregateRow[];
  /** Learning phases (training split), reported apart from the scored tasks. */
  learning: LearningRecord[];
  /** Trace events by `traceKey`. */
  traces: Record<string, TraceEvent[]>;
  /**
   * Set where the traces are stored apart (the page's IndexedDB run store) and `traces` is empty:
   * the keys of the traces there.
   */
  traceKeys?: string[];
  /** Set on a shard's part of a run (`RunDependencies.shard`): which part, and each environment's task order for the merge. */
  shard?: { index: number; count: number; taskOrder: Record<string, string[]> };
  /** Task runs whose traces were not kept (over the runner's trace cap, `RunDependencies.maxTraces`). */
  tracesOmitted?: number;
  /** What strategies built over the run (StrategyInstance.snapshot), by `snapshotKey`. */
  snapshots?: Record<string, unknown>;
  /**
   * Set where the snapshots are stored apart (the page's IndexedDB run store) and `snapshots` is
   * empty: each one's key and kind, in `snapshots`' order, so the page lists them unread.
   */
  storedSnapshots?: StoredSnapshot[];
}

/** A snapshot kept apart from its run: its `snapshotKey`, and its kind (StrategySnapshot's `kind`) when it has one. */
export interface StoredSnapshot {
  key: string;
  kind?: string;
}

/** The key of a strategy's snapshot: one per environment, strategy and seed. */
export function snapshotKey(result: Pick<TaskResult, 'env' | 'strategy' | 'seed'>): string {
  return `${result.env}/${result.strategy}/${result.seed}`;
}

/** The key of one task's trace. */
export function traceKey(result: Pick<TaskResult, 'env' | 'strategy' | 'seed' | 'taskId'>): string {
  return `${result.env}/${result.strategy}/${result.seed}/${result.taskId}`;
}
