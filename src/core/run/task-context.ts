import type { Task, Dataset } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { Embedder } from '../embed/embedder';
import type { ModelProvider } from '../llm/model-provider';
import type { StrategyContext } from '../strategies/strategy';
import type { TraceSink } from '../trace';
import { MeteredModel, type MeterWindow } from '../llm/metered-model';
import type { ChatTokenIds } from '../llm/chat-token-ids';
import type { PromptCache } from '../llm/prompt-cache';
import { Rng, hashSeed } from '../rng';
import { EvidentKey } from '../key/evident-key';
import { withTemperature } from '../llm/default-temperature';
import type { PromptLayout } from '../llm/prompts/prompt-layout';
import type { ListingUsed } from '../llm/prompts/listing-mode';
import type { ListingPlan } from '../strategies/common/listed-tools';

/** The run's prompt cache (`prompt-cache.ts`) and the token ids it compares prompts by. */
export interface RunCache {
  ids: ChatTokenIds;
  cache: PromptCache;
}

/** A strategy context for one task, and the meter that counts its model calls. */
export interface PreparedTask {
  context: StrategyContext;
  model: MeteredModel;
  /** The episode so far as the environment's steps reported it: what a task that ends early (a context overflow) scores. */
  soFar(): { steps: number; failedCalls: number; progress: number; success: boolean };
  /** Which tool listing the task's prompts showed, where the run asks for a shortlist and the strategy lists tools (listed-tools.ts). */
  listed(): ListingUsed | undefined;
}

/**
 * Sets up one task: a fresh environment reset with a seed derived from the run seed and the task
 * (the same for every strategy: common random numbers keep the comparison fair), the model bound
 * to it, and a context that holds no expert.
 */
export function prepareTask(
  spec: EnvSpec,
  dataset: Dataset,
  task: Task,
  seed: number,
  models: ModelProvider,
  embedder: Embedder,
  sink: TraceSink,
  signal?: AbortSignal,
  cache?: RunCache,
  window?: MeterWindow,
  temperature?: number,
  layout?: PromptLayout,
  listing?: ListingPlan,
): PreparedTask {
  const taskSeed = hashSeed(seed, task.id);
  const env = spec.create(dataset);
  const initialObservation = env.reset(task, taskSeed);
  // SimLM's answer key for this task, replayed from each prompt (the strategy's context never holds it).
  const key = models.simulated ? new EvidentKey({ spec, dataset, task }) : undefined;
  const bound = models.forTask({ seed: taskSeed, modelSeed: seed, embedder, ...(key ? { key } : {}) });
  // The run's sampling temperature for this environment (run/temperature.ts); left to the model where none is given.
  const model = new MeteredModel(temperature === undefined ? bound : withTemperature(bound, temperature), sink, cache ? { ids: cache.ids, task: cache.cache.openTask() } : undefined, window);
  const soFar = { steps: 0, failedCalls: 0, progress: 0, success: false };
  const step = env.step.bind(env);
  env.step = (action) => {
    const result = step(action);
    soFar.steps++;
    if (!result.ok) soFar.failedCalls++;
    soFar.progress = result.progress;
    soFar.success = result.success;
    return result;
  };
  let listed: ListingUsed | undefined;
  return {
    model,
    soFar: () => ({ ...soFar }),
    listed: () => listed,
    context: {
      taskId: task.id,
      goal: task.goal,
      initialObservation,
      env,
      model,
      embedder,
      rng: new Rng(hashSeed('strategy', taskSeed)),
      emit: sink,
      signal,
      ...(layout ? { layout } : {}),
      ...(listing ? { listing: { ...listing, used: (used: ListingUsed) => (listed = used) } } : {}),
    },
  };
}
