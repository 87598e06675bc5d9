/**
 * The part of the `@mlc-ai/web-llm` 0.2.86 engine API that the WebLLM backend uses, written out so
 * that core needs no import of the library. `MLCEngine` (from `CreateMLCEngine`) satisfies it
 * structurally; `src/backends/webllm-host.ts` assigns the real engine to this type, so the type
 * check fails if the library changes what the backend uses.
 */

/**
 * web-llm's `LogitProcessor`: runs on the CPU before every sampling step, with the raw logits of
 * the next position (also in `forwardTokensAndSample`). `resetState` is called by `resetChat`.
 */
export interface LogitProcessorLike {
  processLogits(logits: Float32Array): Float32Array;
  processSampledToken(token: number): void;
  resetState(): void;
}

export interface EngineChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The fields of a non-streaming `chat.completions.create` request the backend sets. */
export interface EngineChatRequest {
  messages: EngineChatMessage[];
  /** The loaded model to use (web-llm's `model_id`). */
  model?: string | null;
  /** 0 is greedy. */
  temperature?: number | null;
  /** An integer; web-llm seeds its sampler with it for this request only. */
  seed?: number | null;
  max_tokens?: number | null;
  /** Several choices of one prompt; web-llm allows n > 1 only without streaming. */
  n?: number | null;
  stream?: false | null;
}

/** `usage.extra` of web-llm: timings of the request. */
export interface EngineUsageExtra {
  e2e_latency_s?: number;
  time_to_first_token_s?: number;
  prefill_tokens_per_s?: number;
  decode_tokens_per_s?: number;
  time_per_output_token_s?: number;
}

export interface EngineUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  extra?: EngineUsageExtra;
}

export interface EngineChoice {
  index: number;
  message: { content: string | null };
  finish_reason?: string | null;
}

export interface EngineChatCompletion {
  choices: EngineChoice[];
  usage?: EngineUsage;
}

/** The engine as the backend sees it. */
export interface WebLlmEngine {
  chat: { completions: { create(request: EngineChatRequest): Promise<EngineChatCompletion> } };
  /**
   * Clears the conversation and the KV cache (and calls the logit processor's `resetState`).
   * The backend calls it before a request that does not continue the conversation the engine
   * holds (`engine-conversation.ts`); one that does reuses the KV cache, and `prompt_tokens`
   * then counts only the new tokens.
   */
  resetChat(keepStats?: boolean, modelId?: string): Promise<void>;
}
