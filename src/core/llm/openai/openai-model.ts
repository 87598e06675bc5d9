import type { ChatMessage, ChoiceRequest, ChoiceResult, GenerateRequest, GenerateResult, LanguageModel, SampleBatch } from '../language-model';
import type { ChatTokenCounter } from '../token-counter';
import type { HttpOptions } from './http-client';
import type { ChatResponse } from './wire';
import type { Limiter } from './limiter';
import type { OpenAiTarget } from './openai-id';
import { requestJson } from './http-client';
import { SIMLM_FINGERPRINT, chatResponseSchema } from './wire';
import { requestSeed } from '../request-seed';
import { ConfigError, EndpointError } from '../../errors';
import { candidateDistributionFromDigits } from '../digit-distribution';
import { firstDigitFromLogprobs, secondDigitFromLogprobs } from './logprob-choice';
import { openAiId } from './openai-id';
import { actionResponseFormat, replyFromConstrained } from '../constrained-actions';
import { ContextOverflowError, isOverflowText } from '../context-window';

/** Enough for a Think/Action reply, a reflection or an insight (as WebLLM's default). */
export const OPENAI_MAX_TOKENS = 512;
/** The top tokens asked for at an index position: vLLM's and Ollama's limit, enough for ten digits and the end. */
export const INDEX_TOP_LOGPROBS = 20;

export interface OpenAiModelOptions {
  target: OpenAiTarget;
  label: string;
  /** The task seed (`TaskBinding.seed`); each request's seed derives from it (`requestSeed`). */
  seed: number;
  /** Shared by every task of a run: at most this many requests in flight. */
  limiter: Limiter;
  http: HttpOptions;
  /** Counts tokens where a server sends no usage; such calls are flagged as estimated. */
  counter: ChatTokenCounter;
  /** Sent when a strategy sets none; undefined leaves it to the server's default. */
  temperature?: number;
  /** Constrained actions: act requests ask for a JSON object naming a listed tool (`response_format`). */
  constrained?: boolean;
  /** Called when an answer says it came from SimLM (serve:sim's `system_fingerprint`). */
  onSimulated?: () => void;
}

/**
 * A model on an OpenAI-compatible server (Ollama, llama.cpp's llama-server, vLLM, or serve:sim)
 * behind the `LanguageModel` contract. The strategies' messages go out exactly as built; their
 * temperature, the request seed and `n` are passed through; usage is the server's own.
 */
export class OpenAiModel implements LanguageModel {
  readonly simulated = false;
  readonly id: string;
  readonly label: string;
  private calls = 0;

  constructor(private readonly options: OpenAiModelOptions) {
    this.id = openAiId(options.target);
    this.label = options.label;
  }

  private post(body: Record<string, unknown>): Promise<ChatResponse> {
    const url = `${this.options.target.baseUrl}/chat/completions`;
    return this.options.limiter.run(async () => {
      const reply = await requestJson(url, { model: this.options.target.model, ...body }, chatResponseSchema, this.options.http).catch((error) => {
        // A refusal for length is the task's overflow (RunConfig.overflow), not a server fault.
        if (error instanceof EndpointError && error.status === 400 && isOverflowText(error.message)) throw new ContextOverflowError(Number.NaN, Number.NaN, 0, error.message);
        throw error;
      });
      if (reply.system_fingerprint === SIMLM_FINGERPRINT) this.options.onSimulated?.();
      return reply;
    });
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const batch = await this.complete(request, 1);
    return { text: batch.texts[0], usage: batch.usage, ms: batch.ms, estimated: batch.estimated };
  }

  /**
   * `n` samples in one request. A server that ignores `n` (Ollama) answers with one choice; the
   * rest are asked for one by one with the seeds the batch would have used, so the samples are
   * the same either way.
   */
  async generateSamples(request: GenerateRequest, n: number): Promise<SampleBatch> {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`generateSamples needs a positive whole number of samples, not ${n}.`);
    const first = await this.complete(request, n);
    const batch = { ...first, texts: [...first.texts], usage: { ...first.usage } };
    while (batch.texts.length < n) {
      const more = await this.complete(request, 1, first.seed + batch.texts.length);
      batch.texts.push(...more.texts);
      batch.usage.promptTokens += more.usage.promptTokens;
      batch.usage.completionTokens += more.usage.completionTokens;
      batch.usage.cachedPromptTokens = sumKnown(batch.usage.cachedPromptTokens, more.usage.cachedPromptTokens);
      batch.ms += more.ms;
      batch.estimated ||= more.estimated;
    }
    return batch;
  }

  private async complete(request: GenerateRequest, n: number, fixedSeed?: number): Promise<SampleBatch & { seed: number }> {
    // Seeds are taken in call order, before any waiting: request k of a task always has seed k.
    const seed = fixedSeed ?? requestSeed(this.options.seed, this.calls);
    if (fixedSeed === undefined) this.calls += n;
    const temperature = request.temperature ?? this.options.temperature;
    const options = request.options ?? [];
    const constrained = this.options.constrained === true && request.kind === 'act' && options.length > 0;
    const started = performance.now();
    const reply = await this.post({
      messages: request.messages.map(({ role, content }) => ({ role, content })),
      ...(temperature === undefined ? {} : { temperature }),
      seed,
      n,
      max_tokens: request.maxTokens ?? OPENAI_MAX_TOKENS,
      ...(constrained ? { response_format: actionResponseFormat(options) } : {}),
    });
    const ms = performance.now() - started;
    const choices = [...reply.choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).slice(0, n);
    const raw = choices.map((choice) => choice.message.content ?? '');
    // The strategies parse Think/Action text; a constrained answer is written back as such.
    const texts = constrained ? raw.map((text) => replyFromConstrained(text, options)) : raw;
    const usage = reply.usage
      ? { promptTokens: reply.usage.prompt_tokens, completionTokens: reply.usage.completion_tokens, ...cachedOf(reply.usage) }
      : { promptTokens: this.options.counter.countChat(request.messages), completionTokens: raw.reduce((sum, text) => sum + this.options.counter.count(text), 0) };
    return { texts, usage, ms, estimated: !reply.usage, seed };
  }

  /**
   * EGB-Logits (Alg. 3) through logprobs: one request for the first index digit (lines 2-5), then
   * one per first digit d1 that continues an assistant message holding d1 (lines 8-12), at
   * temperature 1 and top_p 1 (logprobs at temperature 0 would be one-hot). The ten second passes
   * are independent and go out together. Only the prompt tokens count, as with WebLLM.
   */
  async choiceDistribution(request: ChoiceRequest): Promise<ChoiceResult> {
    const k = request.options.length;
    if (k < 1 || k > 100) throw new ConfigError(`EGB-Logits reads an index of 1 to 100 candidates; this prompt enumerates ${k}.`);
    const pass = (prefix: string | undefined) => {
      const messages: ChatMessage[] = prefix === undefined ? request.messages : [...request.messages, { role: 'assistant', content: prefix }];
      const started = performance.now();
      return this.post({
        messages,
        temperature: 1,
        top_p: 1,
        max_tokens: 1,
        logprobs: true,
        top_logprobs: INDEX_TOP_LOGPROBS,
        // vLLM continues a trailing assistant message only when told; llama.cpp and Ollama do it by default.
        ...(prefix === undefined ? {} : { continue_final_message: true, add_generation_prompt: false }),
      }).then((reply) => ({ reply, ms: performance.now() - started, messages }));
    };
    const first = await pass(undefined);
    const position = first.reply.choices[0].logprobs?.content?.[0];
    if (!position) {
      throw new ConfigError(`${this.label} returned no logprobs, so EGB-Logits cannot read its choice. Use EGB-Sampling, which needs only samples, or a server with logprobs (vLLM, llama.cpp's llama-server, Ollama 0.12.11 or later).`);
    }
    const p1 = firstDigitFromLogprobs(position);
    if (!p1) throw new EndpointError(`${this.label} put no digit among its ${INDEX_TOP_LOGPROBS} most likely first tokens for an index answer, so EGB-Logits has no distribution to read.`);
    const seconds = await Promise.all([...'0123456789'].map((digit) => pass(digit)));
    const p2 = seconds.map((s) => secondDigitFromLogprobs(s.reply.choices[0].logprobs?.content?.[0] ?? undefined));
    const all = [first, ...seconds];
    const estimated = all.some((s) => !s.reply.usage);
    const promptTokens = all.reduce((sum, s) => sum + (s.reply.usage?.prompt_tokens ?? this.options.counter.countChat(s.messages)), 0);
    const cached = all.map((s) => (s.reply.usage ? cachedOf(s.reply.usage).cachedPromptTokens : undefined));
    return {
      probabilities: candidateDistributionFromDigits(p1, p2, k), // lines 13-23
      usage: { promptTokens, completionTokens: 0, ...(cached.every((c) => c !== undefined) ? { cachedPromptTokens: cached.reduce((a, b) => a + b, 0) } : {}) },
      ms: all.reduce((sum, s) => sum + s.ms, 0),
      passes: all.length,
      estimated,
    };
  }
}

/** The server's count of cached prompt tokens, where its usage has one. */
function cachedOf(usage: { prompt_tokens_details?: { cached_tokens?: number | null } | null }): { cachedPromptTokens?: number } {
  const cached = usage.prompt_tokens_details?.cached_tokens;
  return typeof cached === 'number' ? { cachedPromptTokens: cached } : {};
}

/** A sum of two counts that may be missing: known only when both are. */
function sumKnown(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}
