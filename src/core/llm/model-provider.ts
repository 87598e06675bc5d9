import type { LanguageModel } from './language-model';
import type { Embedder } from '../embed/embedder';
import type { ContextWindow } from './context-window';

/**
 * What the runner tells a model provider about the task about to run: seeds and the embedder, never
 * the environment, its expert or a reader of its own. SimLM reads each prompt with the reader of
 * the prompt's shape (`llm/sim/prompt-shapes.ts`), from the text alone.
 */
export interface TaskBinding {
  /** A seed derived from the run seed and the task, the same for every strategy. */
  seed: number;
  /** The run seed: which model of its class SimLM is (its fixed preferences, drawn per task from it). */
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
