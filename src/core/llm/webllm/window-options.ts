import type { ContextWindow } from '../context-window';
import type { ModelRecordLike } from './model-catalog';

/**
 * Setting a WebLLM model's context window (docs/models.md, "Context window"). web-llm 0.2.86
 * builds a model's chat config as its `mlc-chat-config.json`, then the record's `overrides`, then
 * the `chatOpts` given to `CreateMLCEngine(modelId, engineConfig, chatOpts)` / `reload`, and sizes
 * the KV cache from the result: `context_window_size` tokens (a paged cache of 16-token pages).
 * What web-llm checks: the window is positive, or -1 with a positive `sliding_window_size`; both
 * positive is a `WindowSizeConfigurationError`. It checks no upper bound: a window past what the
 * model was trained on (its own `mlc-chat-config.json`, e.g. 32,768 for Qwen2.5) loads, but the
 * model has never seen those positions; a window the GPU cannot hold fails at load (out of memory).
 * Toolwise's `window` setting keeps to 256..10,000,000 tokens (config-fields).
 */

/**
 * The `chatOpts` of a model run with the window the run sets, or undefined for the record's own.
 * `sliding_window_size: -1` goes with it: a record or config with a sliding window would otherwise
 * have two positive sizes, which web-llm refuses; the window set is the whole attention span.
 */
export function webllmChatOptions(window: number | undefined): { context_window_size: number; sliding_window_size: number } | undefined {
  if (window === undefined) return undefined;
  if (!Number.isInteger(window) || window <= 0) throw new RangeError(`web-llm's context_window_size must be a positive whole number of tokens, not ${window}.`);
  return { context_window_size: window, sliding_window_size: -1 };
}

/** The window a WebLLM model runs with: the one the run sets (passed as chatOpts), else its record's. */
export function webllmWindowIn(record: Pick<ModelRecordLike, 'model_id' | 'overrides'>, window: number | undefined): ContextWindow {
  if (window === undefined) return webllmWindowOf(record);
  return { tokens: window, source: "set in Setup (web-llm's chatOpts.context_window_size)" };
}

/** GPU memory per token of window, where web-llm's own records show it. */
export interface WindowMemory {
  /** Megabytes of GPU memory per token of the window (its KV cache). */
  mbPerToken: number;
  source: string;
}

/**
 * GPU memory per token of window, read from web-llm's records only: two records of the same model
 * library with different windows (a model and its `-1k` build) whose `vram_required_MB` differ
 * give (difference in MB) / (difference in tokens), the KV cache's share. For Phi-3.5-mini q4f16
 * that is (3,672 - 2,520) / 3,072 = 0.375 MB a token, which is 32 layers x 2 (K, V) x 3,072 x 2
 * bytes, its f16 KV cache exactly. Undefined where no such pair exists (most models, among them
 * Qwen2.5): the records alone do not give the model's shape, so no figure is made up.
 */
export function windowMemoryOf(record: ModelRecordLike, list: readonly ModelRecordLike[]): WindowMemory | undefined {
  const own = webllmWindowOf(record).tokens;
  if (record.vram_required_MB === undefined) return undefined;
  for (const other of list) {
    if (other.model_id === record.model_id || other.model_lib !== record.model_lib || other.vram_required_MB === undefined) continue;
    const tokens = webllmWindowOf(other).tokens - own;
    const mb = other.vram_required_MB - record.vram_required_MB;
    if (tokens !== 0 && mb / tokens > 0) return { mbPerToken: mb / tokens, source: `web-llm's records of ${record.model_id} and ${other.model_id}: ${Math.abs(Math.round(mb)).toLocaleString('en-US')} MB for ${Math.abs(tokens).toLocaleString('en-US')} tokens of window` };
  }
  return undefined;
}

/** The GPU memory a model needs at a window: its record's figure, moved by the per-token cost where known. */
export function vramAtWindow(vramMB: number | undefined, recordWindow: number, window: number, memory: WindowMemory | undefined): number | undefined {
  if (vramMB === undefined) return undefined;
  if (window === recordWindow) return vramMB;
  return memory ? vramMB + (window - recordWindow) * memory.mbPerToken : undefined;
}

/**
 * web-llm's window when neither the record nor its id says otherwise: the prebuilt models' chat
 * configs set `context_window_size` to 4,096 (the `-1k` builds to 1,024).
 */
export const WEBLLM_DEFAULT_WINDOW = 4_096;

/** A model's context window: the record's `overrides.context_window_size`, else its `-1k` build, else web-llm's default. */
export function webllmWindowOf(record: Pick<ModelRecordLike, 'model_id' | 'overrides'>): { tokens: number; source: string } {
  const override = record.overrides?.context_window_size;
  if (typeof override === 'number' && override > 0) return { tokens: override, source: `${record.model_id}'s model record (overrides.context_window_size)` };
  if (/-MLC-1k$/.test(record.model_id)) return { tokens: 1_024, source: `${record.model_id} (a 1k-context build)` };
  return { tokens: WEBLLM_DEFAULT_WINDOW, source: "web-llm's default context_window_size for prebuilt models" };
}

