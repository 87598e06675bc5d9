import type { RunConfig } from '../core/run/run-config';
import type { RunEvent, RunProgress } from '../core/run/run-events';
import type { ImportLabel, RunResult } from '../core/run/results';
import type { ImportOutcome, RunPart } from '../worker/worker-api';
import { mergeShards } from '../core/run/shards';
import { newRunId } from '../backends/run-store';
import { WorkerRunner } from './worker-runner';
import { familyOf } from '../core/llm/model-families';

/** The most workers a pool runs: each holds its own copy of the data and the embedder. */
export const MAX_POOL = 4;

/**
 * How many workers a run of this config uses: hardware threads - 1 (the page keeps one), at most
 * MAX_POOL, and one for a model that is one resource (WebLLM's GPU engine, a server with its own
 * request limit). `override` (the link's `workers=`) sets it for a test or a comparison.
 */
export function poolSize(config: Pick<RunConfig, 'model'>, threads: number, override?: number): number {
  if (!familyOf(config.model)?.poolable) return 1;
  if (override !== undefined) return Math.max(1, Math.min(8, Math.floor(override)));
  return Math.max(1, Math.min(MAX_POOL, threads - 1));
}

/**
 * The page's runner: a pool of strategy workers. A run of the simulated model is split into jobs
 * (a stream that carries state is one job; one task run by every strategy that keeps nothing is
 * another), which the workers claim from one counter as they go; the parts merge into exactly the run one worker gives
 * (core/run/shards.ts). The first worker is the page's worker for everything else (WebLLM,
 * probes, servers).
 */
export class PooledRunner extends WorkerRunner {
  /** Workers beyond the first, started on the first run (or preload) that uses them. */
  private readonly helpers: WorkerRunner[] = [];
  private readonly importsSeen = new Map<string, { json: unknown; label?: ImportLabel }>();

  constructor(private readonly sizeOf: (config: RunConfig) => number) {
    super();
  }

  /**
   * The helpers a pool of `size` needs; a new one has the page's imports before it runs anything.
   * Only poolable models (SimLM) run on helpers, so server keys and WebLLM models stay with the first worker.
   */
  private helpersFor(size: number): Promise<WorkerRunner[]> {
    while (this.helpers.length < size - 1) {
      const helper = new WorkerRunner();
      this.ready.set(helper, Promise.allSettled([...this.importsSeen].map(([envId, { json, label }]) => helper.importDataset(envId, json, label))).then(() => undefined));
      this.helpers.push(helper);
    }
    const helpers = this.helpers.slice(0, size - 1);
    return Promise.all(helpers.map((helper) => this.ready.get(helper))).then(() => helpers);
  }

  private readonly ready = new WeakMap<WorkerRunner, Promise<void>>();

  /** Runs a config; `part.runId` names the run (the page marks it as being written before). */
  override async run(config: RunConfig, onEvent?: (event: RunEvent) => void, part?: RunPart): Promise<RunResult> {
    const runId = part?.runId ?? newRunId();
    const size = this.sizeOf(config);
    if (size <= 1) return super.run(config, onEvent, { runId });
    const helpers = await this.helpersFor(size);
    const workers = [(c: RunConfig, e: (event: RunEvent) => void, p: Parameters<WorkerRunner['run']>[2], k: Parameters<WorkerRunner['run']>[3]) => super.run(c, e, p, k), ...helpers.map((helper) => helper.run.bind(helper))];
    // Progress: each part counts its own task runs against the whole run's total.
    const done = new Array<number>(size).fill(0);
    const forward = (index: number) => (event: RunEvent) => {
      if (event.kind === 'progress') {
        done[index] = event.progress.done;
        const progress: RunProgress = { ...event.progress, done: done.reduce((sum, n) => sum + n, 0) };
        onEvent?.({ kind: 'progress', progress });
      } else if (event.kind === 'trace') {
        // The live trace follows the first worker's task, not whichever worker spoke last.
        if (index === 0) onEvent?.(event);
      } else onEvent?.(event);
    };
    try {
      // Jobs go to whichever worker asks next, so one that drew quick jobs takes on more.
      let next = 0;
      const claim = async () => next++;
      const parts = await Promise.all(workers.map((run, index) => run(config, forward(index), { shard: { index, count: size }, runId }, claim)));
      // The page commits the merged run (store.ts), so a sweep's runs never replace the one shown.
      return mergeShards(config, parts, runId);
    } catch (error) {
      // One part failed (a crashed worker): the others stop too.
      this.cancel();
      throw error;
    }
  }

  override cancel(): void {
    super.cancel();
    for (const helper of this.helpers) helper.cancel();
  }

  override preload(config: Pick<RunConfig, 'envs' | 'embedder' | 'embedDevice'> & Partial<Pick<RunConfig, 'model'>>): void {
    super.preload(config);
    const size = config.model ? this.sizeOf(config as RunConfig) : 1;
    void this.helpersFor(size).then((helpers) => helpers.forEach((helper) => helper.preload(config)));
  }

  override async importDataset(envId: string, json: unknown, label?: ImportLabel): Promise<ImportOutcome> {
    const outcome = await super.importDataset(envId, json, label);
    if (outcome.ok) {
      this.importsSeen.set(envId, { json, ...(label ? { label } : {}) });
      await Promise.all(this.helpers.map((helper) => helper.importDataset(envId, json, label)));
    }
    return outcome;
  }

  override async dropImport(envId: string): Promise<void> {
    this.importsSeen.delete(envId);
    await Promise.all([super.dropImport(envId), ...this.helpers.map((helper) => helper.dropImport(envId))]);
  }
}
