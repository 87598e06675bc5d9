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
}

/** How this machine's CPU profiles were measured (`npm run bench:engine`, docs/benchmark.md). */
const BENCH_ENGINE =
  'npm run bench:engine, 2026-11-25: llama.cpp through node-llama-cpp 3.22.1 on one thread of an AMD EPYC (2 cores, shared with other work at a load average of about 23), ' +
  'on a random-weight model of the real shape written by scripts/engine/write-gguf.ts, Q8_0; tokens per CPU second of the engine (the time it had a core), median of 3 repeats';

/**
 * The device profiles, each figure with its source beside it. A profile enters only with figures
 * that can be checked:
 * - this machine's CPU, measured with a real engine (`npm run bench:engine`): one core's rates per
 *   CPU second, so the machine's load does not enter them; two idle cores would do up to twice as
 *   much. The per-call overhead was not measured apart from the tokens and is 0.
 * - no WebGPU profile: the WebLLM paper (arXiv 2412.15803, section 4) publishes decoding speeds
 *   only (docs/real-limits.md quotes them), no prefill rate, and seconds need both.
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
