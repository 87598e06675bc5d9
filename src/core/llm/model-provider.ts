import type { LanguageModel } from './language-model';
import type { Embedder } from '../embed/embedder';
import type { Advisor } from './advisor';
import type { ContextWindow } from './context-window';

/**
 * What the runner tells a model provider about the task about to run: seeds, the embedder and, for
 * SimLM alone, the task's evident key (`key/evident-key.ts`): the expert's gold actions reduced to
 * what each prompt evidences. Real models ignore the key; no strategy ever receives it.
 */
export interface TaskBinding {
  /** A seed derived from the run seed and the task, the same for every strategy. */
  seed: number;
  /** The run seed: which model of its class SimLM is (its fixed preferences, drawn per task from it). */
  modelSeed: number;
  /** The run's embedder, which SimLM reads relevance with. */
  embedder: Embedder;
  /** The task's evident key: SimLM's only source of competence (docs/simulated-model.md). */
  key?: Advisor;
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
