/** The WebLLM backend's core side (docs/models.md): what the worker needs, with no import of web-llm. */
export type { WebLlmEngine, LogitProcessorLike, EngineChatRequest, EngineChatCompletion } from './engine-subset';
export { DigitLogitCapture, logitProcessorRegistry } from './logit-capture';
export { digitTokensFromTokenizerJson, type DigitTokens } from './digit-tokens';
export { verifyDigitTokens } from './choice-passes';
export { EngineLock } from './engine-lock';
export { WebLlmModel, DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE, type WebLlmModelOptions } from './webllm-model';
export { createWebLlmProvider, type WebLlmProviderOptions } from './webllm-provider';
export { checkGpu, type GpuCheck, type GpuLike } from './gpu-check';
export { explainLoadError, type LoadErrorExplanation, type LoadErrorKind } from './load-errors';
export {
  chatModelCatalog,
  customModelRecord,
  defaultCatalogModel,
  modelLabel,
  needsShaderF16,
  withModelRecord,
  DEFAULT_WEBLLM_MODEL,
  WEBLLM_PREFIX,
  webllmModelOf,
  webllmWindowOf,
  WEBLLM_DEFAULT_WINDOW,
  MAX_PICKER_VRAM_MB,
  type CatalogModel,
  type CustomModelSpec,
  type ModelRecordLike,
} from './model-catalog';
export { webllmChatOptions, webllmWindowIn, windowMemoryOf, vramAtWindow, type WindowMemory } from './window-options';
