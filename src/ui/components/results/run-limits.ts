import type { AggregateRow, RunResult } from '../../../core/run/results';
import type { RunConfig } from '../../../core/run/run-config';
import type { OverflowPolicy } from '../../../core/llm/context-window';
import { familyOf, simWindowOf } from '../../../core/llm/model-families';
import type { ContextWindow } from '../../../core/llm/context-window';
import { CACHE_MODEL_LABELS, type CacheModel } from '../../../core/llm/prompt-cache';
import { parseDevice, type DeviceMeasurement, type SecondsSource } from '../../../core/run/device-profiles';
import { envLabel, formatNumber, strategyLabel } from '../common/labels';

/**
 * What a run's real limits were (issue 28): the window check and its window, the prompt cache the
 * dollars assume, and the device its seconds are on. The results read these to say what their
 * overflow, trim, cached-token and seconds columns mean.
 */
export interface RunLimits {
  overflow?: OverflowPolicy;
  /** The window in tokens, where the page knows it: what the run recorded (a server's report, a WebLLM record), else the run's own, else a SimLM preset's. */
  windowTokens?: number;
  /** Where that figure comes from ("web-llm's default context_window_size for prebuilt models"). */
  windowSource?: string;
  cache?: CacheModel;
  /** The device's label, and its rates where the run gave its own. */
  device?: string;
}

/** The limits of a run's config (the finished run's, or the one streaming). */
export function runLimits(config: Pick<RunConfig, 'model' | 'overflow' | 'window' | 'cache' | 'localDevice'>, model?: Pick<RunResult['model'], 'window'>): RunLimits {
  // The run's record first: only it knows what a server reported or which WebLLM record loaded.
  const window = model?.window ?? (config.window !== undefined ? { tokens: config.window, source: "the run's window setting" } : simWindowOf(config.model));
  const windowTokens = window?.tokens;
  const parsed = config.localDevice === undefined ? undefined : parseDevice(config.localDevice);
  const device = parsed?.ok
    ? parsed.device.label === 'own rates'
      ? `own rates: ${formatNumber(parsed.device.prefillTokensPerSecond)} prefill and ${formatNumber(parsed.device.decodeTokensPerSecond)} decode tokens/s, ${parsed.device.overheadSeconds} s per call`
      : parsed.device.label
    : config.localDevice;
  return {
    ...(config.overflow ? { overflow: config.overflow } : {}),
    ...(window !== undefined ? { windowTokens, windowSource: window.source } : {}),
    ...(config.cache && config.cache !== 'none' ? { cache: config.cache } : {}),
    ...(device !== undefined ? { device } : {}),
  };
}

/**
 * The limits Results shows: the finished run's (its config and the window its result recorded), or,
 * while a run streams, its config with the window the run said it runs under before its first
 * task (`liveWindow`, the same record), so the notices name a server's or WebLLM's window already.
 */
export function limitsOnScreen(running: boolean, config: RunConfig, result: Pick<RunResult, 'config' | 'model'> | undefined, liveWindow: ContextWindow | undefined): RunLimits {
  if (running) return runLimits(config, liveWindow ? { window: liveWindow } : undefined);
  return runLimits(result?.config ?? config, result?.model);
}

/**
 * The run's context window under its model line: the figure and where it comes from, and what the
 * run did with prompts over it; for a server that reported none, that it is not known (a run then
 * checks nothing). Undefined where the result records none otherwise (SimLM runs that neither
 * check nor set a window: the page's shipped results).
 */
export function modelWindowLine(result: Pick<RunResult, 'config' | 'model'>): string | undefined {
  const { window } = result.model;
  const overflow = result.config.overflow;
  if (window) {
    const checked = overflow ? `prompts over it: ${overflow === 'fail' ? 'the task run ends' : 'oldest steps dropped'} (overflow ${overflow})` : 'prompts are not checked against it (overflow not set)';
    return `Context window: ${windowFigure(window.tokens, window.source)}; ${checked}.`;
  }
  if (familyOf(result.model.id)?.id === 'openai' || familyOf(result.config.model)?.id === 'openai')
    return "Context window: not known. The server reported none (neither vLLM's max_model_len in /models nor llama.cpp's n_ctx in /props), so prompts were not checked against it; to check them, give the window in Setup's context window field.";
  return undefined;
}

/** The window in words: its size where the page knows it. */
export function windowWords(limits: RunLimits): string {
  return limits.windowTokens === undefined ? "the model's context window" : `the model's context window (${formatNumber(limits.windowTokens)} tokens)`;
}

/** The window's size and where the figure comes from: "4,096 tokens, from …" (the run's setting where no source is given). */
export function windowFigure(tokens: number, source: string | undefined): string {
  return `${formatNumber(tokens)} tokens, from ${source ?? "the run's window setting"}`;
}

/** Where the window's figure comes from, as a sentence; empty where the page does not know the window. */
export function windowSourceWords(limits: RunLimits): string {
  return limits.windowTokens === undefined ? '' : `Window: ${windowFigure(limits.windowTokens, limits.windowSource)}.`;
}

/** What a window column's header says of this run before its glossary words: "This run's window: 4,096 tokens, from …". */
export function windowNote(limits: RunLimits): string | undefined {
  return limits.windowTokens === undefined ? undefined : `This run's window: ${windowFigure(limits.windowTokens, limits.windowSource)}`;
}

/** Task runs of a row that ended on a prompt over the window (the row carries their share). */
export function overflowedRuns(row: Pick<AggregateRow, 'contextOverflows' | 'tasks'>): number {
  return Math.round((row.contextOverflows ?? 0) * row.tasks);
}

/** How the overflow setting ended a task run, in words: `trim` ends one only where the instruction and the latest step alone do not fit. */
export function endedWords(limits: RunLimits): string {
  return limits.overflow === 'trim'
    ? 'the overflow setting (trim) could not cut it to fit (the instruction and the latest step alone were longer) and ended the task run there'
    : 'the overflow setting (fail) ended the task run there';
}

/**
 * What a row's overflows mean, naming the strategy and the environment that did not fit (issue 28
 * item 6): how many task runs a prompt over the window ended, and that their calls, tokens and
 * cost stop at that prompt. Undefined for a row without one.
 */
export function overflowWords(row: Pick<AggregateRow, 'env' | 'strategy' | 'contextOverflows' | 'tasks' | 'shortlisted'>, limits: RunLimits): string | undefined {
  const runs = overflowedRuns(row);
  if (runs === 0) return undefined;
  const listed = row.shortlisted ? ' even with the shortlist of tools' : '';
  return (
    `${strategyLabel(row.strategy)} on ${envLabel(row.env)} did not fit ${windowWords(limits)}${listed}: in ${runs} of ${row.tasks} task runs a prompt was longer than the window, ` +
    `and ${endedWords(limits)}, so its calls, tokens, cost and seconds stop at that prompt and it counts as not solved.`
  );
}

/** What a row's trimmed calls mean. Undefined for a row without one. */
export function trimWords(row: Pick<AggregateRow, 'env' | 'strategy' | 'trimmedCalls'>, limits: RunLimits): string | undefined {
  if (!row.trimmedCalls) return undefined;
  return (
    `${strategyLabel(row.strategy)} on ${envLabel(row.env)}: ${formatNumber(row.trimmedCalls)} calls per task run on average had a prompt longer than ${windowWords(limits)}, ` +
    'so the overflow setting (trim) dropped its oldest steps, keeping the instruction: the model did not see the whole trajectory.'
  );
}

/** The cache model in words, for the cost line: "prefix (common prefix with the slot, llama.cpp)". */
export function cacheWords(cache: CacheModel): string {
  return `${cache} (${CACHE_MODEL_LABELS[cache].replace(/ \(([^)]*)\)$/, ', $1')})`;
}

/** Where the seconds column's figures come from: the engine's own measure (a `llama:` model), or the formula on the run's device. */
export function secondsNote(rows: { secondsSource?: SecondsSource }[], limits: RunLimits): string | undefined {
  const engine = rows.some((row) => row.secondsSource === 'engine');
  const formula = rows.some((row) => row.secondsSource !== undefined && row.secondsSource !== 'engine');
  if (engine && !formula) return 'This run: measured by the engine (the time each call spent in llama.cpp), not the device formula';
  if (engine) return `This run: measured by the engine where every call reported its time, else on ${limits.device ?? 'the run\'s device'}`;
  return limits.device ? `This run: on ${limits.device}` : undefined;
}

/** Which machine a measured profile comes from, and when: what the picker says under it. */
export function measuredWords(m: DeviceMeasurement): string {
  return `Measured on ${m.machine} (${m.cores} cores) on ${m.date.slice(0, 10)}, ${m.threads} engine thread${m.threads === 1 ? '' : 's'}, ${m.engine}, load average ${m.loadAverage[0].toFixed(1)} to ${m.loadAverage[1].toFixed(1)}. A llama: model's runs carry the engine's own seconds instead.`;
}
