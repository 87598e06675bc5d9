import type { Dataset, EnvSpec } from '../types';
import type { Embedder } from '../embed/embedder';
import type { ModelProvider } from '../llm/model-provider';
import type { StrategySpec } from '../strategies/strategy';
import type { TraceEvent } from '../trace';
import type { RunConfig } from './run-config';
import type { RunEvent } from './run-events';
import type { LearningRecord, RunResult, TaskResult } from './results';
import { withDefaults } from '../strategies/strategy';
import { prepareTask } from './task-context';
import { learn } from './learn';
import { yieldToEventLoop } from './yield';
import { CancelledError, ConfigError } from '../errors';
import { validateRunConfig } from './run-config';
import { selectTasks } from './select-tasks';
import { aggregate } from './aggregate';
import { snapshotKey, traceKey } from './results';

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
}


/**
 * Runs strategies x tasks x seeds on each environment and aggregates per strategy and environment.
 * For each environment and seed, every strategy runs the same tasks in the same order with the
 * same model seeds (learning strategies keep their state along that sequence). A cancelled run
 * returns what finished, with status `cancelled`.
 */
export async function runMatrix(config: RunConfig, deps: RunDependencies): Promise<RunResult> {
  validateRunConfig(config, {
    envs: Object.keys(deps.envs),
    strategies: Object.keys(deps.strategies),
    planGuidedEnvs: Object.keys(deps.envs).filter((id) => deps.envs[id].planGuided),
    planGuidedOnlyStrategies: Object.keys(deps.strategies).filter((id) => deps.strategies[id].planGuidedOnly),
  });
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const emit = deps.onEvent ?? (() => {});
  const plan = config.envs.map((envId) => {
    const dataset = deps.datasets[envId];
    if (!dataset) throw new ConfigError(`No data is loaded for environment "${envId}".`);
    const tasks = selectTasks(dataset, config.split, config.tasks);
    if (tasks.length === 0) throw new ConfigError(`Environment "${envId}" has no ${config.split} tasks.`);
    return { envId, dataset, tasks };
  });
  const total = plan.reduce((sum, item) => sum + item.tasks.length, 0) * config.seeds * config.strategies.length;
  const results: TaskResult[] = [];
  const traces: Record<string, TraceEvent[]> = {};
  const learning: LearningRecord[] = [];
  const snapshots: Record<string, unknown> = {};
  let status: RunResult['status'] = 'done';

  try {
    for (const { envId, dataset, tasks } of plan) {
      const spec = deps.envs[envId];
      for (let s = 0; s < config.seeds; s++) {
        const seed = config.seed + s;
        for (const strategyId of config.strategies) {
          const strategySpec = deps.strategies[strategyId];
          const instance = strategySpec.create(withDefaults(strategySpec, config.params[strategyId]));
          if (instance.learn) {
            // Learning uses the training split; scoring on it too would not be a disjoint test.
            if (config.split === 'train') throw new ConfigError(`${strategySpec.label} learns on the training split, so it is scored on the test split only. Choose the test split.`);
            const report = (text: string) => emit({ kind: 'progress', progress: { done: results.length, total, elapsedMs: performance.now() - started, text } });
            learning.push(await learn(instance, { envId, strategyId, seed, spec, dataset, deps, report }));
          }
          for (const task of tasks) {
            await yieldToEventLoop();
            if (deps.signal?.aborted) throw new CancelledError();
            const key = traceKey({ env: envId, strategy: strategyId, seed, taskId: task.id });
            const trace: TraceEvent[] = (traces[key] = []);
            const sink = (event: TraceEvent) => {
              trace.push(event);
              emit({ kind: 'trace', key, event });
            };
            const { context, model } = prepareTask(spec, dataset, task, seed, deps.models, deps.embedderFor(envId), sink, deps.signal);
            const taskStarted = performance.now();
            const { stats, ...outcome } = await instance.runTask(context);
            const env = context.env;
            const result: TaskResult = {
              env: envId,
              strategy: strategyId,
              taskId: task.id,
              taskKind: task.kind,
              seed,
              ...outcome,
              llmCalls: model.tally.calls,
              promptTokens: model.tally.promptTokens,
              completionTokens: model.tally.completionTokens,
              callsByKind: model.tally.byKind,
              logitPasses: model.tally.logitPasses,
              logitPromptTokens: model.tally.logitPromptTokens,
              metrics: { ...(env.metrics?.() ?? {}), ...stats },
              ms: performance.now() - taskStarted,
            };
            results.push(result);
            emit({ kind: 'task-result', key, result });
            emit({
              kind: 'progress',
              progress: { done: results.length, total, elapsedMs: performance.now() - started, text: `${strategySpec.label} on ${task.id} (seed ${seed})` },
            });
          }
          const snapshot = instance.snapshot?.();
          if (snapshot !== undefined) snapshots[snapshotKey({ env: envId, strategy: strategyId, seed })] = snapshot;
        }
      }
    }
  } catch (error) {
    if (!(error instanceof CancelledError)) throw error;
    status = 'cancelled';
  }
  return {
    id: `run-${Date.now().toString(36)}`,
    config,
    status,
    model: { id: deps.models.id, label: deps.models.label, simulated: deps.models.simulated },
    embedder: (({ id, label }) => ({ id, label }))(deps.embedderFor(config.envs[0])),
    startedAt,
    elapsedMs: performance.now() - started,
    results,
    rows: aggregate(results),
    learning,
    traces,
    snapshots,
  };
}
