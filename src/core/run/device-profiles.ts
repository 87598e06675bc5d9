/**
 * Seconds a local model would take for a task run (issue 28 item 4): each call prefills its
 * uncached prompt tokens, decodes its completion tokens, and pays a fixed overhead, so over a task
 *   localSeconds = uncached prompt tokens / prefill rate + completion tokens / decode rate + calls x overhead
 * where uncached = prompt tokens less those the run's cache model found cached (all of them when
 * the run models no cache). A run names its device with `--local-device`: a profile of the table
 * below, or its own rates as `<prefill tokens/s>,<decode tokens/s>,<overhead s>`.
 */
export interface DeviceProfile {
  /** Prompt tokens prefilled per second. */
  prefillTokensPerSecond: number;
  /** Completion tokens decoded per second. */
  decodeTokensPerSecond: number;
  /** Seconds each call costs besides its tokens (request, sampling setup, detokenizing). */
  overheadSeconds: number;
  /** Where each figure comes from. */
  source: string;
}

/**
 * The device profiles, each figure with its source beside it. Empty for now: a profile enters
 * only with figures that can be checked. web-llm's published WebGPU figures (the WebLLM paper,
 * arXiv 2412.15803, section 4) could not be read here, and this machine's CPU has no inference
 * engine installed to measure one (`npm run bench:engine` is not built yet); until then a run
 * gives its device's rates itself (docs/real-limits.md, "Seconds on a device").
 */
export const DEVICE_PROFILES: Readonly<Record<string, DeviceProfile>> = {};

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
    return { ok: true, device: { prefillTokensPerSecond: prefill, decodeTokensPerSecond: decode, overheadSeconds: overhead, source: 'given with the run' } };
  }
  const profiles = Object.keys(DEVICE_PROFILES);
  return { ok: false, message: `Unknown local device "${text}". Give ${profiles.length ? `a profile (${profiles.join(', ')}) or ` : ''}its rates as <prefill tokens/s>,<decode tokens/s>,<overhead seconds per call>, e.g. 400,20,0.05.` };
}
