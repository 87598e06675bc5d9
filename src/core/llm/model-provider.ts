import type { Environment, Expert } from '../types';
import type { LanguageModel } from './language-model';

/** What the runner tells a model provider about the task about to run. */
export interface TaskBinding {
  env: Environment;
  /** The environment's expert. Only SimLM uses it; strategies never receive it. */
  expert: Expert;
  goal: string;
  /** A seed derived from the run seed and the task, the same for every strategy. */
  seed: number;
}

/** Gives the model for each task: SimLM binds to the task, a real model is the same for all. */
export interface ModelProvider {
  readonly id: string;
  readonly label: string;
  readonly simulated: boolean;
  forTask(binding: TaskBinding): LanguageModel;
}
