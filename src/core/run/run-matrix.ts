import type { StrategyInstance } from '../strategies/strategy';
import type { RunDependencies } from './run-dependencies';
import type { TraceEvent } from '../trace';
import type { RunConfig } from './run-config';
import type { ModelProvider } from '../llm/model-provider';
import type { LearningRecord, RunResult, TaskResult } from './results';
import { withDefaults } from '../strategies/strategy';
import { prepareTask } from './task-context';
import { learn } from './learn';
import { yieldToEventLoop } from './yield';
import { CancelledError, ConfigError, EndpointError, errorMessage } from '../errors';
import { knownFor, validateRunConfig } from './run-config';
import { selectTasks } from './select-tasks';
import { aggregate } from './aggregate';
import { snapshotKey, traceKey } from './results';
import { runCacheFor, runListingFor, runWindowFor, windowInUse } from './run-cache';
import { ContextOverflowError, isOverflowText, type ContextWindow } from '../llm/context-window';
import { runTemperatures, temperatureFor } from './temperature';
import { parseDevice, taskSeconds } from './device-profiles';
import { isSimModel } from '../llm/model-families';

export type { RunDependencies } from './run-dependencies';



/**
 * Runs strategies x tasks x seeds on each environment and aggregates per strategy and environment.
 * For each environment and seed, every strategy runs the same tasks in the same order with the
 * same model seeds (learning strategies keep their state along that sequence). A cancelled run
 * returns what finished, with status `cancelled`.
 */
export async function runMatrix(config: RunConfig, deps: RunDependencies): Promise<RunResult> {
  validateRunConfig(config, knownFor(deps.envs, deps.strategies));
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const emit = deps.onEvent ?? (() => {});
  const cache = await runCacheFor(config);
  const window = await runWindowFor(config, deps.models);
  // Which tools ReAct-style prompts list (listing-mode.ts): undefined for every tool, as the papers.
  const listing = await runListingFor(config, deps.models, window);
  // The window the result will record, told before the first task (a page shows it while the run streams).
  const recorded = modelWindow(config, deps.models);
  if (recorded.window) emit({ kind: 'model', window: recorded.window });
  // The device whose seconds each task run carries (validated with the config).
  const parsedDevice = config.localDevice !== undefined ? parseDevice(config.localDevice) : undefined;
  const device = parsedDevice?.ok ? { id: config.localDevice!, profile: parsedDevice.device } : undefined;
  const plan = config.envs.map((envId) => {
    const dataset = deps.datasets[envId];
    if (!dataset) throw new ConfigError(`No data is loaded for environment "${envId}".`);
    const tasks = selectTasks(dataset, config.split, config.tasks);
    if (tasks.length === 0) throw new ConfigError(`Environment "${envId}" has no ${config.split} tasks.`);
    return { envId, dataset, tasks };
  });
  const total = plan.reduce((sum, item) => sum + item.tasks.length, 0) * config.seeds * config.strategies.length;
  const traces: Record<string, TraceEvent[]> = {};
  const snapshots: Record<string, unknown> = {};
  let done = 0;
  // Task runs per environment and strategy whose traces are kept (canonical order: seed, then task).
  const cells = config.envs.length * config.strategies.length;
  const keepPerCell = deps.maxTraces === undefined ? Infinity : Math.max(1, Math.floor(deps.maxTraces / cells));
  let omitted = 0;

  // The streams in their canonical order: environment, seed, strategy. Each has its own instance.
  const streams = plan.flatMap(({ envId, dataset, tasks }) =>
    Array.from({ length: config.seeds }, (_, s) =>
      config.strategies.map((strategyId) => {
        const strategySpec = deps.strategies[strategyId];
        return { envId, dataset, tasks, seed: config.seed + s, strategyId, strategySpec, spec: deps.envs[envId], instance: undefined as StrategyInstance | undefined };
      }),
    ).flat(),
  );
  type Stream = (typeof streams)[number];
  // Results by stream and task position, so any order of completion gives the same result list.
  const slots: (TaskResult | undefined)[][] = streams.map((stream) => new Array(stream.tasks.length).fill(undefined));
  const learned: (LearningRecord | undefined)[] = streams.map(() => undefined);

  const instanceOf = async (index: number): Promise<StrategyInstance> => {
    const stream = streams[index];
    if (stream.instance) return stream.instance;
    const instance = stream.strategySpec.create(withDefaults(stream.strategySpec, config.params[stream.strategyId]));
    stream.instance = instance;
    if (instance.learn) {
      // Learning uses the training split; scoring on it too would not be a disjoint test.
      if (config.split === 'train') throw new ConfigError(`${stream.strategySpec.label} learns on the training split, so it is scored on the test split only. Choose the test split.`);
      const report = (text: string) => emit({ kind: 'progress', progress: { done, total, elapsedMs: performance.now() - started, text } });
      learned[index] = await learn(instance, { envId: stream.envId, strategyId: stream.strategyId, seed: stream.seed, spec: stream.spec, dataset: stream.dataset, deps, report, temperature: temperatureFor(config, stream.spec), layout: config.layout, window, listing });
    }
    return instance;
  };

  const runOne = async (index: number, position: number): Promise<void> => {
    const stream: Stream = streams[index];
    const { envId, strategyId, seed, spec, dataset, strategySpec } = stream;
    const task = stream.tasks[position];
    const instance = await instanceOf(index);
    await yieldToEventLoop();
    if (deps.signal?.aborted) throw new CancelledError();
    const key = traceKey({ env: envId, strategy: strategyId, seed, taskId: task.id });
    const kept = (seed - config.seed) * stream.tasks.length + position < keepPerCell;
    const trace: TraceEvent[] = kept ? (traces[key] = []) : [];
    if (!kept) omitted++;
    const sink = (event: TraceEvent) => {
      if (kept) trace.push(event);
      // Streamed all the same: the live view follows every task.
      emit({ kind: 'trace', key, event });
    };
    const { context, model, soFar, listed } = prepareTask(spec, dataset, task, seed, deps.models, deps.embedderFor(envId), sink, deps.signal, cache, window, temperatureFor(config, spec), config.layout, listing);
    const taskStarted = performance.now();
    // A prompt over the window under `fail` ends the task there, scored as far as it got.
    const { stats, ...outcome } = await instance
      .runTask(context)
      .catch((error) => {
        if (!window && isOverflow(error)) throw new ContextOverflowError(error.promptTokens ?? 0, error.window ?? 0, 0, overflowWhere(strategySpec.label, spec.label, task.id, errorMessage(error)));
        if (!(error instanceof ContextOverflowError) || !window) throw error;
        const ended = soFar();
        sink({ type: 'task-end', success: ended.success, progress: ended.progress, steps: ended.steps, outcome: 'context-overflow', reason: `${error.message}${listingWords(listed())}` });
        return { ...ended, invalidSteps: 0, outcome: 'context-overflow' as const, stats: undefined };
      })
      .finally(() => model.close());
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
      ...(model.tally.estimatedCalls > 0 ? { estimatedUsageCalls: model.tally.estimatedCalls } : {}),
      ...(model.tally.cachedPromptTokens !== undefined ? { cachedPromptTokens: model.tally.cachedPromptTokens } : {}),
      ...(window ? { contextOverflows: model.tally.contextOverflows ?? 0, trimmedCalls: model.tally.trimmedCalls ?? 0 } : {}),
      ...(listed() ? { listing: listed() } : {}),
      ...(model.tally.predictedCachedPromptTokens !== undefined ? { predictedCachedPromptTokens: model.tally.predictedCachedPromptTokens } : {}),
      // The engine's measured seconds where every call reported them (a llama: model), else the device formula.
      ...taskSeconds(model.tally, device),
      ms: performance.now() - taskStarted,
    };
    slots[index][position] = result;
    if (kept && deps.onTrace) {
      // Handed over whole, and no longer the result's (RunDependencies.onTrace).
      delete traces[key];
      deps.onTrace(key, trace);
    }
    done++;
    emit({ kind: 'task-result', key, result });
    emit({ kind: 'progress', progress: { done, total, elapsedMs: performance.now() - started, text: `${strategySpec.label} on ${task.id} (seed ${seed})` } });
  };

  const shard = deps.shard;
  type Job = { run: () => Promise<void>; whole: boolean };
  // Jobs: a strategy that carries state from task to task (a learner, AutoTool's online graph)
  // runs its stream in order as one job; one that keeps nothing runs each task as a job of its own.
  // Shared by a pool, one task's runs by all the strategies that keep nothing are one job, so they
  // run on one worker: they read the same task's prompts, which that worker's caches have then
  // read once (across workers each would read them again).
  const byTask = shard !== undefined;
  const allJobs = streams.flatMap((stream, index): Job[] => {
    const whole = async () => {
      for (let position = 0; position < stream.tasks.length; position++) await runOne(index, position);
      const snapshot = (await instanceOf(index)).snapshot?.();
      if (snapshot !== undefined) snapshots[snapshotKey({ env: stream.envId, strategy: stream.strategyId, seed: stream.seed })] = snapshot;
    };
    if (!stream.strategySpec.independentTasks) return [{ run: whole, whole: true }];
    if (!byTask) return stream.tasks.map((_, position) => ({ run: () => runOne(index, position), whole: false }));
    // The first stateless stream of its environment and seed holds the jobs of all of them.
    const peers = streams.flatMap((other, i) => (other.envId === stream.envId && other.seed === stream.seed && other.strategySpec.independentTasks ? [i] : []));
    if (peers[0] !== index) return [];
    return stream.tasks.map((_, position) => ({
      run: async () => {
        for (const peer of peers) await runOne(peer, position);
      },
      whole: false,
    }));
  });
  // A shard takes every count-th job: a stateful stream stays whole, a stateless one spreads over
  // shards. With claims it takes the jobs whose indices it is handed, in a list of the whole
  // streams first, then the single tasks, which fill in around the long ones.
  const claim = shard?.claim;
  const jobs = claim ? [...allJobs.filter((job) => job.whole), ...allJobs.filter((job) => !job.whole)] : shard ? allJobs.filter((_, i) => i % shard.count === shard.index) : allJobs;
  let next = 0;
  const take = async () => {
    const index = claim ? await claim() : next++;
    return index !== undefined && index >= 0 && index < jobs.length ? jobs[index].run : undefined;
  };

  const { status, error } = await runJobs(take, config.concurrency ?? 1);
  const results = slots.flat().filter((result): result is TaskResult => result !== undefined);
  const learning = learned.filter((record): record is LearningRecord => record !== undefined);
  return {
    id: `run-${Date.now().toString(36)}`,
    config,
    status,
    ...(error ? { error } : {}),
    model: { id: deps.models.id, label: deps.models.label, simulated: deps.models.simulated, ...recorded },
    embedder: (({ id, label }) => ({ id, label }))(deps.embedderFor(config.envs[0])),
    temperatures: runTemperatures(config, deps.envs),
    startedAt,
    elapsedMs: performance.now() - started,
    results,
    rows: aggregate(results),
    learning,
    traces,
    ...(omitted > 0 ? { tracesOmitted: omitted } : {}),
    snapshots,
    ...(shard ? { shard: { index: shard.index, count: shard.count, taskOrder: Object.fromEntries(plan.map(({ envId, tasks }) => [envId, tasks.map((task) => task.id)])) } } : {}),
  };
}

/**
 * Runs the jobs `take` hands out, in that order, with at most `concurrency` at once. A cancel ends
 * the run as cancelled, a server that stays down (EndpointError) as an error with its message;
 * either way the jobs under way finish or fail first and what finished is kept. Any other fault is
 * thrown.
 */
async function runJobs(take: () => Promise<(() => Promise<void>) | undefined>, concurrency: number): Promise<{ status: RunResult['status']; error?: string }> {
  let stop: unknown;
  const lane = async () => {
    while (stop === undefined) {
      const job = await take();
      if (!job) return;
      try {
        await job();
      } catch (error) {
        stop ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (stop === undefined) return { status: 'done' };
  if (stop instanceof CancelledError) return { status: 'cancelled' };
  if (stop instanceof EndpointError) return { status: 'error', error: errorMessage(stop) };
  throw stop;
}

/**
 * A prompt over the model's window with no window check in the run: our own check's error, a
 * server's 400 mapped to it, or web-llm's `ContextWindowSizeExceededError`.
 */
function isOverflow(error: unknown): error is { promptTokens?: number; window?: number } {
  return error instanceof ContextOverflowError || /ContextWindowSizeExceeded|exceed context window/i.test(errorMessage(error)) || isOverflowText(errorMessage(error));
}

/** What a run that stops at an over-long prompt says: which strategy and environment did not fit, and what would let it go on. */
export function overflowWhere(strategy: string, env: string, taskId: string, message: string): string {
  return `${strategy} on ${env} did not fit the model's context window (task ${taskId}): ${message.replace(/\.?$/, '.')} Pick a model with a longer window, or set the context-window check (--overflow fail or trim) to end or trim such tasks and go on, or, where the tool listing is what does not fit, list a shortlist (--listing fit).`;
}

/** What an overflow's reason adds of the task's tool listing (listing-mode.ts), where the run asked for a shortlist. */
function listingWords(listed: 'full' | 'shortlist' | undefined): string {
  if (listed === 'shortlist') return ' (the prompt listed the shortlist of tools)';
  if (listed === 'full') return ' (the prompt listed every tool, which fit the window at the start)';
  return '';
}

/**
 * The window the result records for the page (issue 28 items 1 and 6): a real model's always (a
 * WebLLM record's, a server's report where the run asked for it, the run's own), SimLM's only
 * where the run checks or sets one (the shipped results, which do neither, stay as they were).
 */
function modelWindow(config: RunConfig, models: ModelProvider): { window?: ContextWindow } {
  // In-process SimLM by its id, not by `simulated`: serve:sim behind a server URL says it is SimLM only once it answers, and is a server whose report counts.
  if (isSimModel(config.model) && !config.overflow && config.window === undefined) return {};
  const inUse = windowInUse(config, models);
  return inUse ? { window: { tokens: inUse.tokens, source: inUse.source } } : {};
}
