import type { ModelProvider, TaskBinding } from '../model-provider';
import type { WebLlmModelOptions } from './webllm-model';
import { EngineLock } from './engine-lock';
import { EngineConversation } from './engine-conversation';
import type { ContextWindow } from '../context-window';
import { WebLlmModel } from './webllm-model';
import { modelLabel, WEBLLM_PREFIX } from './model-catalog';

export type WebLlmProviderOptions = Omit<WebLlmModelOptions, 'seed' | 'lock' | 'conversation'> & {
  /** The model's context window (`webllmWindowOf` its record). */
  contextWindow?: ContextWindow;
};

/**
 * The same loaded WebLLM model for every task of a run; each task gets its own call counter and
 * seeds from `TaskBinding.seed`. One lock per engine keeps requests from interleaving, and one
 * `EngineConversation` follows what the engine's KV cache holds across them.
 */
export function createWebLlmProvider(options: WebLlmProviderOptions): ModelProvider {
  const lock = new EngineLock();
  const conversation = new EngineConversation();
  const label = options.label ?? `WebLLM: ${modelLabel(options.modelId)}`;
  return {
    id: `${WEBLLM_PREFIX}${options.modelId}`,
    label,
    simulated: false,
    ...(options.contextWindow ? { contextWindow: options.contextWindow } : {}),
    forTask(binding: TaskBinding) {
      return new WebLlmModel({ ...options, label, seed: binding.seed, lock, conversation });
    },
  };
}
