import type { Dataset } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { Embedder } from '../embed/embedder';
import type { ModelProvider } from '../llm/model-provider';
import type { StrategySpec } from '../strategies/strategy';
import type { RunEvent } from './run-events';
import type { TraceEvent } from '../trace';

/** What a run needs besides its config. */
export interface RunDependencies {
  envs: Record<string, EnvSpec>;
  strategies: Record<string, StrategySpec>;
  /** Loaded datasets by environment id. */
  datasets: Record<string, Dataset>;
  models: ModelProvider;
  /** The embedder strategies get, by environment id (fitted or loaded for it). */
  embedderFor(envId: string): Embedder;
  onEvent?(event: RunEvent): void;
  signal?: AbortSignal;
  /**
   * The most task traces a run keeps (the page's worker sets one: a full matrix's traces run to
   * hundreds of megabytes). Each environment and strategy keeps its first task runs in canonical
   * order, an equal share each, so which traces are kept does not depend on timing. Absent: all.
   */
  maxTraces?: number;
  /**
   * Takes each kept trace as its task ends, instead of the run's result keeping it: the result's
   * `traces` then holds only those of tasks that did not end (a cancel). The Node pool's threads
   * send each one to the main thread at once, so a run's traces are not held twice (a full SLATE
   * matrix's are several hundred megabytes). Which traces are kept, and their events, do not change.
   */
  onTrace?(key: string, events: TraceEvent[]): void;
  /**
   * Runs only part of the run's jobs (a stream that carries state is one job; one task run by every
   * strategy of the environment and seed that keeps nothing is another), so several workers can
   * share one run (`mergeShards` puts the parts back in canonical order): those whose canonical index is `index` modulo `count`, or with
   * `claim`, the jobs at the indices it hands out (shared by all parts, each index once; undefined
   * when none is left) of a list with the streams run whole first, then the single tasks, so a
   * part that finishes early takes on more. Which part runs a job does not change it.
   */
  shard?: { index: number; count: number; claim?: () => Promise<number | undefined> };
}
