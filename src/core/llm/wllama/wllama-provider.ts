import type { ModelProvider, TaskBinding } from '../model-provider';
import type { ContextWindow } from '../context-window';
import { EngineLock } from '../webllm/engine-lock';
import { WllamaModel, type WllamaChatEngine } from './wllama-model';

export interface WllamaProviderOptions {
  id: string;
  label: string;
  engine: WllamaChatEngine;
  /** The window the engine was loaded with (`n_ctx`), and where that figure comes from. */
  contextWindow: ContextWindow;
  temperature?: number;
  constrained?: boolean;
  /** The engine's lock, shared by every provider made on one loaded engine. */
  lock?: EngineLock;
}

/** The one loaded wllama engine for every task of a run; each task gets its own request seeds. */
export function createWllamaProvider(options: WllamaProviderOptions): ModelProvider {
  const lock = options.lock ?? new EngineLock();
  return {
    id: options.id,
    label: options.label,
    simulated: false,
    contextWindow: options.contextWindow,
    forTask(binding: TaskBinding) {
      return new WllamaModel({ id: options.id, label: options.label, engine: options.engine, lock, seed: binding.seed, temperature: options.temperature, constrained: options.constrained });
    },
  };
}
