/**
 * Seconds a local model would take for a task run (issue 28 item 4): each call prefills its
 * uncached prompt tokens, decodes its completion tokens, and pays a fixed overhead, so over a task
 *   localSeconds = uncached prompt tokens / prefill rate + completion tokens / decode rate + calls x overhead
 * where uncached = prompt tokens less those the run's cache model found cached (all of them when
 * the run models no cache). A run names its device with `--local-device`: a profile of the table
 * below, or its own rates as `<prefill tokens/s>,<decode tokens/s>,<overhead s>`.
 */
export interface DeviceProfile {
  /** What Setup's device picker shows. */
  label: string;
  /** Prompt tokens prefilled per second. */
  prefillTokensPerSecond: number;
  /** Completion tokens decoded per second. */
  decodeTokensPerSecond: number;
  /** Seconds each call costs besides its tokens (request, sampling setup, detokenizing). */
  overheadSeconds: number;
  /** Where each figure comes from. */
  source: string;
  /** A figure that is assumed rather than measured or published, with the reason (the picker shows it). */
  assumption?: string;
}

/** How this machine's CPU profiles were measured (`npm run bench:engine`, docs/benchmark.md). */
const BENCH_ENGINE =
  'npm run bench:engine, 2026-11-25: llama.cpp through node-llama-cpp 3.22.1 on one thread of an AMD EPYC (2 cores, shared with other work at a load average of about 23), ' +
  'on a random-weight model of the real shape written by scripts/engine/write-gguf.ts, Q8_0; tokens per CPU second of the engine (the time it had a core), median of 3 repeats';

/** Where the WebGPU decoding speeds come from (read as quoted from the paper's evaluation table). */
const WEBLLM_PAPER =
  'WebLLM: A High-Performance In-Browser LLM Inference Engine (Ruan et al., arXiv 2412.15803, section 4), Apple MacBook Pro M3 Max, Chrome, 4-bit weights';

/** The one figure the WebGPU profiles assume, and why. */
const WEBGPU_PREFILL =
  'prefill tokens/s is not published for web-llm, so it is set to the decoding rate: a lower bound (an engine prefills many tokens per pass and is never slower per token than when it decodes; llama.cpp on this machine\'s CPU prefilled 4.3 times faster), so these seconds are an upper bound. A device\'s own rates: web-llm\'s runtimeStatsText() prints both.';

/**
 * The device profiles, each figure with its source beside it. A profile enters only with figures
 * that can be checked:
 * - this machine's CPU, measured with a real engine (`npm run bench:engine`): one core's rates per
 *   CPU second, so the machine's load does not enter them; two idle cores would do up to twice as
 *   much. The per-call overhead was not measured apart from the tokens and is 0.
 * - WebGPU, from web-llm's published figures: the WebLLM paper (arXiv 2412.15803, section 4)
 *   gives decoding speeds only, on an Apple MacBook Pro M3 Max in Chrome. Its prefill rate is not
 *   published (neither in the paper nor in the web-llm repository, whose examples print the rates a
 *   device measures), so each WebGPU profile ASSUMES prefill = decode: a lower bound, since an
 *   engine prefills many tokens per pass and is never slower per token than when it decodes (on
 *   this machine's CPU llama.cpp prefilled 4.3 times faster than it decoded). Its seconds are an
 *   upper bound; the prefill term may be several times too high. The overhead is not published (0).
 */
export const DEVICE_PROFILES: Readonly<Record<string, DeviceProfile>> = {
  'cpu-qwen2.5-0.5b-q8': {
    label: 'CPU, 1 core: Qwen2.5-0.5B Q8_0 (llama.cpp, measured here)',
    prefillTokensPerSecond: 72,
    decodeTokensPerSecond: 16.7,
    overheadSeconds: 0,
    source: `${BENCH_ENGINE}: prefill 72.0 [68.5, 76.3] tokens/s over 127-token prompts, decode 16.7 [15.7, 18.1] tokens/s over 16 tokens`,
  },
  'cpu-qwen3-0.6b-q8': {
    label: 'CPU, 1 core: Qwen3-0.6B Q8_0 (llama.cpp, measured here)',
    prefillTokensPerSecond: 58.2,
    decodeTokensPerSecond: 14.7,
    overheadSeconds: 0,
    source: `${BENCH_ENGINE}: prefill 58.2 [54.1, 61.0] tokens/s over 127-token prompts, decode 14.7 [11.7, 15.0] tokens/s over 16 tokens`,
  },
  'webgpu-m3max-llama3.1-8b': {
    label: 'WebGPU, Apple M3 Max: Llama-3.1-8B (web-llm, published decode; prefill assumed)',
    prefillTokensPerSecond: 41.1,
    decodeTokensPerSecond: 41.1,
    overheadSeconds: 0,
    source: `${WEBLLM_PAPER}: Llama-3.1-8B decodes 41.1 tokens/s in web-llm (native MLC-LLM 57.7, 71.2% retained)`,
    assumption: WEBGPU_PREFILL,
  },
  'webgpu-m3max-phi3.5-mini': {
    label: 'WebGPU, Apple M3 Max: Phi-3.5-mini (web-llm, published decode; prefill assumed)',
    prefillTokensPerSecond: 71.1,
    decodeTokensPerSecond: 71.1,
    overheadSeconds: 0,
    source: `${WEBLLM_PAPER}: Phi-3.5-mini decodes 71.1 tokens/s in web-llm (native MLC-LLM 89.3, 79.6% retained)`,
    assumption: WEBGPU_PREFILL,
  },
};

/** A task run's counts as the seconds need them. */
export interface LocalUsage {
  promptTokens: number;
  /** Prompt tokens found cached; absent: none (the run models no cache). */
  cachedPromptTokens?: number;
  completionTokens: number;
  /** Requests the engine served: generation calls and logits passes, each a prefill of its own. */
  calls: number;
}

/** A task run's counts as `localSeconds` reads them (the run counts its generation calls and logits passes apart). */
export function usageOf(result: { promptTokens: number; cachedPromptTokens?: number; completionTokens: number; llmCalls: number; logitPasses: number }): LocalUsage {
  return { promptTokens: result.promptTokens, cachedPromptTokens: result.cachedPromptTokens, completionTokens: result.completionTokens, calls: result.llmCalls + result.logitPasses };
}

/** Seconds of a task run on a device (the formula at the top of this file). */
export function localSeconds(usage: LocalUsage, device: Pick<DeviceProfile, 'prefillTokensPerSecond' | 'decodeTokensPerSecond' | 'overheadSeconds'>): number {
  const uncached = usage.promptTokens - (usage.cachedPromptTokens ?? 0);
  return uncached / device.prefillTokensPerSecond + usage.completionTokens / device.decodeTokensPerSecond + usage.calls * device.overheadSeconds;
}

/**
 * The device a `--local-device` value names: a profile's id, or `<prefill>,<decode>,<overhead>`
 * (tokens per second, tokens per second, seconds). A message says what is wrong otherwise.
 */
export function parseDevice(text: string): { ok: true; device: DeviceProfile } | { ok: false; message: string } {
  if (Object.hasOwn(DEVICE_PROFILES, text)) return { ok: true, device: DEVICE_PROFILES[text] };
  const parts = text.split(',').map((part) => part.trim());
  const [prefill, decode, overhead] = parts.map(Number);
  if (parts.length === 3 && parts.every((part) => part !== '') && prefill > 0 && decode > 0 && overhead >= 0 && [prefill, decode, overhead].every(Number.isFinite)) {
    return { ok: true, device: { label: 'own rates', prefillTokensPerSecond: prefill, decodeTokensPerSecond: decode, overheadSeconds: overhead, source: 'given with the run' } };
  }
  const profiles = Object.keys(DEVICE_PROFILES);
  return { ok: false, message: `Unknown local device "${text}". Give ${profiles.length ? `a profile (${profiles.join(', ')}) or ` : ''}its rates as <prefill tokens/s>,<decode tokens/s>,<overhead seconds per call>, e.g. 400,20,0.05.` };
}
