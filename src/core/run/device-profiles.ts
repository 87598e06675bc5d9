/**
 * Seconds a local model would take for a task run (issue 28 item 4): each call prefills its
 * uncached prompt tokens, decodes its completion tokens, and pays a fixed overhead, so over a task
 *   localSeconds = uncached prompt tokens / prefill rate + completion tokens / decode rate + calls x overhead
 * where uncached = prompt tokens less those the run's cache model found cached (all of them when
 * the run models no cache). A run names its device with `--local-device`: a profile of the table
 * below, or its own rates as `<prefill tokens/s>,<decode tokens/s>,<overhead s>`.
 */
import { CPU_PROFILES } from './cpu-profiles';

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
  /** Where a profile measured here was measured (`npm run bench:engine -- --json`, the picker shows it). */
  measured?: DeviceMeasurement;
}

/** The machine and engine a measured profile comes from. */
export interface DeviceMeasurement {
  /** The CPU's model name and its cores. */
  machine: string;
  cores: number;
  /** When the bench ran (ISO 8601, UTC). */
  date: string;
  threads: number;
  /** The engine package and the version installed. */
  engine: string;
  /** The 1-minute load average at the start and at the end of the bench. */
  loadAverage: [number, number];
}

/** Where the WebGPU decoding speeds come from (read as quoted from the paper's evaluation table). */
const WEBLLM_PAPER =
  'WebLLM: A High-Performance In-Browser LLM Inference Engine (Ruan et al., arXiv 2412.15803, section 4), Apple MacBook Pro M3 Max, Chrome, 4-bit weights';

/** How many times faster llama.cpp prefilled than it decoded on this machine's CPU (the Qwen2.5 profile). */
const CPU_PREFILL_OVER_DECODE = (({ prefillTokensPerSecond, decodeTokensPerSecond }) => (prefillTokensPerSecond / decodeTokensPerSecond).toFixed(1))(CPU_PROFILES['cpu-qwen2.5-0.5b-q8']);

/** The one figure the WebGPU profiles assume, and why. */
const WEBGPU_PREFILL = `prefill tokens/s is not published for web-llm, so it is set to the decoding rate: a lower bound (an engine prefills many tokens per pass and is never slower per token than when it decodes; llama.cpp on this machine's CPU prefilled ${CPU_PREFILL_OVER_DECODE} times faster), so these seconds are an upper bound. A device's own rates: web-llm's runtimeStatsText() prints both.`;

/**
 * The device profiles, each figure with its source beside it. A profile enters only with figures
 * that can be checked:
 * - this machine's CPU, measured with a real engine (`npm run bench:engine -- --json`): one core's
 *   rates per CPU second, so the time the engine waited for a core does not enter them (a busy
 *   machine still lowers them somewhat: each profile says its load); two idle cores would do up to
 *   twice as much. Generated from the committed bench JSON (cpu-profiles.ts, `npm run
 *   profiles:cpu`), each with its machine, date, threads, load and node-llama-cpp version. The
 *   per-call overhead was not measured apart from the tokens and is 0.
 * - WebGPU, from web-llm's published figures: the WebLLM paper (arXiv 2412.15803, section 4)
 *   gives decoding speeds only, on an Apple MacBook Pro M3 Max in Chrome. Its prefill rate is not
 *   published (neither in the paper nor in the web-llm repository, whose examples print the rates a
 *   device measures), so each WebGPU profile ASSUMES prefill = decode: a lower bound, since an
 *   engine prefills many tokens per pass and is never slower per token than when it decodes (on
 *   this machine's CPU llama.cpp prefilled about 4 times faster than it decoded). Its seconds are an
 *   upper bound; the prefill term may be several times too high. The overhead is not published (0).
 */
export const DEVICE_PROFILES: Readonly<Record<string, DeviceProfile>> = {
  ...CPU_PROFILES,
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

/**
 * Where a task run's seconds come from: `engine`, the engine's own measure (a model that reports
 * its seconds, GenerateResult.engineSeconds: llama.cpp in process); `profile:<local device>`, the
 * formula above on the run's device (a profile's id or its own rates). A row whose task runs
 * differ says `mixed`.
 */
export type SecondsSource = 'engine' | `profile:${string}` | 'mixed';

/** What a task's meter counted, as its seconds need it (CallTally's fields). */
export interface TimedTally {
  calls: number;
  logitPasses: number;
  promptTokens: number;
  cachedPromptTokens?: number;
  completionTokens: number;
  engineSeconds?: number;
  untimedCalls?: number;
}

/**
 * A task run's seconds: the engine's own where every request reported them, else the formula on the
 * run's local device, else none.
 */
export function taskSeconds(tally: TimedTally, device?: { id: string; profile: DeviceProfile }): { localSeconds: number; secondsSource: SecondsSource } | undefined {
  if (tally.engineSeconds !== undefined && !tally.untimedCalls) return { localSeconds: tally.engineSeconds, secondsSource: 'engine' };
  if (!device) return undefined;
  const usage = { promptTokens: tally.promptTokens, cachedPromptTokens: tally.cachedPromptTokens, completionTokens: tally.completionTokens, calls: tally.calls + tally.logitPasses };
  return { localSeconds: localSeconds(usage, device.profile), secondsSource: `profile:${device.id}` };
}

/** A row's source of seconds: its task runs' one source, or `mixed`; undefined where none has seconds. */
export function secondsSourceOf(results: { secondsSource?: SecondsSource }[]): SecondsSource | undefined {
  const sources = new Set(results.flatMap((r) => (r.secondsSource ? [r.secondsSource] : [])));
  if (sources.size === 0) return undefined;
  return sources.size === 1 ? [...sources][0] : 'mixed';
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
