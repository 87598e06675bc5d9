import type { Environment } from '../types';
import type { LanguageModel } from './language-model';
import type { Advisor } from './advisor';
import type { Embedder } from '../embed/embedder';
import type { ContextWindow } from './context-window';

/**
 * What the runner tells a model provider about the task about to run. No expert: SimLM's
 * competence is the environment's observable advisor, a pure function of prompt text.
 */
export interface TaskBinding {
  env: Environment;
  /** The environment's advisor; only SimLM reads it. */
  advisor: Advisor;
  /** A seed derived from the run seed and the task, the same for every strategy. */
  seed: number;
  /** The run seed: which model of its class SimLM is (its fixed preferences), the same over the run's tasks. */
  modelSeed: number;
  /** The run's embedder, which SimLM reads relevance with. */
  embedder: Embedder;
}

/** Gives the model for each task: SimLM binds to the task, a real model is the same for all. */
export interface ModelProvider {
  readonly id: string;
  readonly label: string;
  readonly simulated: boolean;
  /** The model's context window, where it is known (SimLM's class, a server's report, a WebLLM record). */
  readonly contextWindow?: ContextWindow;
  forTask(binding: TaskBinding): LanguageModel;
}
