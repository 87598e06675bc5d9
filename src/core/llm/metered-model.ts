import type { CallKind } from '../types';
import { promptText } from './advisor';
import type { TraceSink } from '../trace';
import type { ChatMessage, ChoiceRequest, ChoiceResult, GenerateRequest, GenerateResult, LanguageModel, SampleBatch, ShownOption } from './language-model';
import { PromptRecorder } from './prompt-delta';
import { listingMemo } from './sim/listing-memo';
import { textCache } from '../text-cache';
import type { ChatTokenIds } from './chat-token-ids';
import type { TaskCache } from './prompt-cache';
import type { ChatTokenCounter } from './token-counter';
import { ContextOverflowError, trimToWindow, type OverflowPolicy } from './context-window';
import { moduleCache } from '../caches';

/** Cost of the model calls of one task. */
export interface CallTally {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Summed wall time of the calls, in milliseconds. */
  ms: number;
  /** Calls by kind (act, reflect, ...). */
  byKind: Partial<Record<CallKind, number>>;
  /** Logits-only forward passes (EGB-Logits), counted apart from generation calls. */
  logitPasses: number;
  /** Prompt tokens of those passes; also included in `promptTokens`. */
  logitPromptTokens: number;
  /** Calls whose tokens were counted here because the server sent no usage. */
  estimatedCalls: number;
  /**
   * Prompt tokens found cached, included in `promptTokens`: the server's own count where it
   * reports one, else the run's cache model's (`prompt-cache.ts`). Undefined when neither applies.
   */
  cachedPromptTokens?: number;
  /** Calls whose prompt was over the window (the task then ended, under `fail`, or the call was refused). */
  contextOverflows?: number;
  /** Calls whose prompt was trimmed to fit the window (`trim`). */
  trimmedCalls?: number;
  /**
   * Where the engine reports its cached tokens and the run models a cache too: what the cache model
   * predicted for the same prompts (the engine's count is `cachedPromptTokens`), to set them side by side.
   */
  predictedCachedPromptTokens?: number;
  /** The engine's own seconds, summed over the calls that reported them (GenerateResult.engineSeconds); undefined when none did. */
  engineSeconds?: number;
  /** Requests (a generation, a batch of samples, a logits request) that reported no engine seconds; absent when none. */
  untimedCalls?: number;
}

export function emptyTally(): CallTally {
  return { calls: 0, promptTokens: 0, completionTokens: 0, ms: 0, byKind: {}, logitPasses: 0, logitPromptTokens: 0, estimatedCalls: 0 };
}

/**
 * Per options array, one message content found to show every option on its own: a ReAct prompt on
 * SLATE repeats its 1,000-tool instruction call after call, so once that content has been read the
 * check is a lookup (`listingMemo` forgets it when the array is changed in place).
 */
const shownBy = moduleCache('llm/metered-model: who shows each listing', listingMemo((): { holder?: string } => ({})));

/**
 * Refuses a request whose enumerated options are not in its text: a model can only choose what the
 * prompt shows it (docs/simulated-model.md), so each option's `shown` text must occur verbatim in the messages.
 */
export function checkOptionsShown(messages: ChatMessage[], options: ShownOption[] | undefined): void {
  if (!options?.length) return;
  const known = shownBy(options);
  if (known.holder !== undefined && messages.some((message) => message.content === known.holder)) return;
  // The longest message usually holds the listing on its own: then the whole text does too, and
  // that message is remembered; else the whole text is searched.
  const longest = messages.reduce((a, b) => (b.content.length > a.content.length ? b : a)).content;
  if (!firstMissing(longest, options)) {
    known.holder = longest;
    return;
  }
  const missing = firstMissing(promptText(messages), options);
  if (missing) throw new Error(`Option "${missing.name}" is offered to the model as "${missing.shown.slice(0, 80)}", which the prompt does not show.`);
}

/** The first option whose shown text `text` does not hold. */
function firstMissing(text: string, options: ShownOption[]): ShownOption | undefined {
  // Options are mostly listed in the order offered, so each is looked for after the one before
  // (one pass over a 1,000-tool listing instead of one per option); an option found elsewhere is
  // still found by the whole-text search, so the check is the same.
  let from = 0;
  return options.find((option) => {
    const at = text.indexOf(option.shown, from);
    if (at >= 0) {
      from = at + option.shown.length;
      return false;
    }
    return !text.includes(option.shown);
  });
}

/** One string object per message text seen lately (see `withSharedTexts`). */
const sharedTexts = moduleCache('llm/metered-model: one string per message text', textCache<string>(2_000));

/**
 * The request with each message's content replaced by the first string object seen with that text.
 * Strategies build their prompts afresh each call, so a 250 KB instruction that did not change
 * arrives as a new string: every reader's cache (SimLM's, the token counter's, the trace's) would
 * hash and compare all of it again. An engine keeps a string's hash in the string, and compares
 * one string with itself at once, so after this one lookup those are cheap. Texts are unchanged.
 */
function withSharedTexts<T extends { messages: ChatMessage[] }>(request: T): T {
  return { ...request, messages: request.messages.map((message) => ({ ...message, content: sharedTexts(message.content, (text) => text) })) };
}

/** A request as every call of the wrapper passes it on: its texts shared, its options checked against its prompt. */
function admitted<T extends { messages: ChatMessage[]; options?: ShownOption[] }>(request: T): T {
  const shared = withSharedTexts(request);
  checkOptionsShown(shared.messages, shared.options);
  return shared;
}

/** The run's cache as one task's meter reads it: the prompt's token ids and the task's door to the cache. */
export interface MeterCache {
  ids: ChatTokenIds;
  task: TaskCache;
}

/** The run's context window as a task's meter checks it. */
export interface MeterWindow {
  tokens: number;
  overflow: OverflowPolicy;
  counter: ChatTokenCounter;
}

/** Wraps a model so that every call is counted and traced; strategies only ever see this wrapper. */
export class MeteredModel implements LanguageModel {
  readonly tally = emptyTally();
  /** Records each call's prompt as a change from the task's calls before (a model serves one task). */
  private readonly prompts = new PromptRecorder();

  constructor(
    private readonly inner: LanguageModel,
    private readonly sink: TraceSink,
    private readonly cache?: MeterCache,
    private readonly window?: MeterWindow,
  ) {}

  /**
   * The request as it goes to the model under the run's window: unchanged where it fits; under
   * `trim`, its oldest steps dropped until it does (`trimToWindow`); else a ContextOverflowError,
   * counted. A model that refuses by itself (SimLM, a server's 400) is counted the same way.
   */
  private fitted<T extends { messages: ChatMessage[]; maxTokens?: number }>(request: T): T {
    const limit = this.window;
    if (!limit) return request;
    const promptTokens = limit.counter.countChat(request.messages);
    // The prompt alone is checked, as SimLM and llama.cpp check it (a reply is cut at the window).
    if (promptTokens <= limit.tokens) return request;
    const trimmed = limit.overflow === 'trim' ? trimToWindow(request.messages, limit.counter, limit.tokens) : undefined;
    if (trimmed) {
      this.tally.trimmedCalls = (this.tally.trimmedCalls ?? 0) + 1;
      return { ...request, messages: trimmed };
    }
    this.tally.contextOverflows = (this.tally.contextOverflows ?? 0) + 1;
    throw new ContextOverflowError(promptTokens, limit.tokens);
  }

  /** Counts a refusal for length that came from the model itself, and passes the error on. */
  private refused(error: unknown): never {
    if (error instanceof ContextOverflowError) this.tally.contextOverflows = (this.tally.contextOverflows ?? 0) + 1;
    throw error;
  }

  /**
   * Prompt tokens of a call found cached: the server's count where it reports one, else the cache
   * model's over `lookups` prompts of these messages (a batch of n samples is n invocations of the
   * prompt, EGB section 4; a logits call is its passes), at most `promptTokens`. Undefined when
   * there is neither.
   */
  private cachedOf(messages: ChatMessage[], usage: { promptTokens: number; cachedPromptTokens?: number }, lookups: number, reply: string | undefined, reset = false): number | undefined {
    let cached = usage.cachedPromptTokens;
    if (this.cache) {
      const { ids, task } = this.cache;
      const prompt = ids.ids(messages);
      const replyIds = reply === undefined ? undefined : ids.replyIds(reply);
      let predicted = 0;
      for (let i = 0; i < lookups; i++) predicted += task.lookup({ prompt, reply: i === lookups - 1 ? replyIds : undefined, reset });
      predicted = Math.min(predicted, usage.promptTokens);
      // The engine counted its own: the model's prediction is kept beside it.
      if (cached !== undefined) this.tally.predictedCachedPromptTokens = (this.tally.predictedCachedPromptTokens ?? 0) + predicted;
      else cached = predicted;
    }
    if (cached === undefined) return undefined;
    cached = Math.min(cached, usage.promptTokens);
    this.tally.cachedPromptTokens = (this.tally.cachedPromptTokens ?? 0) + cached;
    return cached;
  }

  /** Adds a request's engine seconds to the tally, or counts it untimed. */
  private timed(engineSeconds: number | undefined): void {
    if (engineSeconds === undefined) this.tally.untimedCalls = (this.tally.untimedCalls ?? 0) + 1;
    else this.tally.engineSeconds = (this.tally.engineSeconds ?? 0) + engineSeconds;
  }

  /** The task ended: its cache slot is free for another. */
  close(): void {
    this.cache?.task.close();
  }

  get id() {
    return this.inner.id;
  }
  get label() {
    return this.inner.label;
  }
  get simulated() {
    return this.inner.simulated;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    request = admitted(this.fitted(request));
    const result = await this.inner.generate(request).catch((error) => this.refused(error));
    const { tally } = this;
    tally.calls++;
    tally.promptTokens += result.usage.promptTokens;
    tally.completionTokens += result.usage.completionTokens;
    tally.ms += result.ms;
    this.timed(result.engineSeconds);
    tally.byKind[request.kind] = (tally.byKind[request.kind] ?? 0) + 1;
    if (result.estimated) tally.estimatedCalls++;
    const cachedPromptTokens = this.cachedOf(request.messages, result.usage, 1, result.text);
    this.sink({ type: 'llm-call', kind: request.kind, ...result.usage, ms: result.ms, response: result.text, prompt: this.prompts.record(request.messages), ...(result.estimated ? { estimated: true } : {}), ...(cachedPromptTokens !== undefined ? { cachedPromptTokens } : {}) });
    return result;
  }

  /**
   * Present only when the wrapped model has it. A batch of n samples counts as n calls: the EGB
   * paper draws each of the m samples from the model (Alg. 2, lines 3-4) and counts them as m
   * invocations that could run in parallel (section 4, "Computation Cost", Table 4, where
   * EGB-Sampling's input tokens are about m times ReAct's). Tokens and time are the batch's own,
   * as the model reports them; the trace gets one event with every sample.
   */
  get generateSamples(): ((request: GenerateRequest, n: number) => Promise<SampleBatch>) | undefined {
    const inner = this.inner;
    if (!inner.generateSamples) return undefined;
    return async (request, n) => {
      request = admitted(this.fitted(request));
      const batch = await inner.generateSamples!(request, n).catch((error) => this.refused(error));
      const { tally } = this;
      const calls = batch.texts.length;
      tally.calls += calls;
      tally.promptTokens += batch.usage.promptTokens;
      tally.completionTokens += batch.usage.completionTokens;
      tally.ms += batch.ms;
      this.timed(batch.engineSeconds);
      tally.byKind[request.kind] = (tally.byKind[request.kind] ?? 0) + calls;
      if (batch.estimated) tally.estimatedCalls += calls;
      // n replies to one prompt: no single conversation to continue, so none is kept.
      const cachedPromptTokens = this.cachedOf(request.messages, batch.usage, calls, undefined);
      const response = batch.texts.map((text, i) => `[sample ${i + 1}/${calls}]\n${text}`).join('\n\n');
      this.sink({ type: 'llm-call', kind: request.kind, ...batch.usage, ms: batch.ms, response, prompt: this.prompts.record(request.messages), ...(batch.estimated ? { estimated: true } : {}), ...(cachedPromptTokens !== undefined ? { cachedPromptTokens } : {}) });
      return batch;
    };
  }

  /** Present only when the wrapped model has it. */
  get choiceDistribution(): ((request: ChoiceRequest) => Promise<ChoiceResult>) | undefined {
    const inner = this.inner;
    if (!inner.choiceDistribution) return undefined;
    return async (request) => {
      request = admitted(this.fitted(request));
      const result = await inner.choiceDistribution!(request).catch((error) => this.refused(error));
      const { tally } = this;
      tally.logitPasses += result.passes;
      tally.logitPromptTokens += result.usage.promptTokens;
      tally.promptTokens += result.usage.promptTokens;
      tally.ms += result.ms;
      this.timed(result.engineSeconds);
      tally.byKind.logits = (tally.byKind.logits ?? 0) + result.passes;
      if (result.estimated) tally.estimatedCalls += result.passes;
      // Each pass prefills the prompt (web-llm resets its chat before each, `choice-passes.ts`).
      const cachedPromptTokens = this.cachedOf(request.messages, result.usage, result.passes, undefined, true);
      const top = result.probabilities
        .map((p, i) => ({ p, name: request.options[i]?.name }))
        .sort((a, b) => b.p - a.p)
        .slice(0, 3)
        .map((o) => `${o.name} ${(o.p * 100).toFixed(1)}%`)
        .join(', ');
      this.sink({ type: 'llm-call', kind: 'logits', ...result.usage, ms: result.ms, response: `(${result.passes} logits passes) ${top}`, prompt: this.prompts.record(request.messages), ...(result.estimated ? { estimated: true } : {}), ...(cachedPromptTokens !== undefined ? { cachedPromptTokens } : {}) });
      return result;
    };
  }
}
