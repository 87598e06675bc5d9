import type { ChatMessage, ChoiceRequest, ChoiceResult, GenerateRequest, GenerateResult, LanguageModel } from '../language-model';
import type { Usage } from '../../types';
import type { TokenLogprob } from '../openai/wire';
import type { EngineLock } from '../webllm/engine-lock';
import { requestSeed } from '../request-seed';
import { ConfigError, EndpointError } from '../../errors';
import { candidateDistributionFromDigits } from '../digit-distribution';
import { firstDigitFromLogprobs, secondDigitFromLogprobs } from '../openai/logprob-choice';
import { actionResponseFormat, replyFromConstrained } from '../constrained-actions';
import { ContextOverflowError, isOverflowText } from '../context-window';

/** Enough for a Think/Action reply, a reflection or an insight (as WebLLM and servers get). */
export const WLLAMA_MAX_TOKENS = 512;
/** The top tokens read at an index position: enough for ten digits and the end (as servers get). */
export const WLLAMA_TOP_LOGPROBS = 20;

/**
 * What the model uses of `@wllama/wllama`'s `Wllama`: its OpenAI-shaped chat completion, which
 * runs llama-server's own request handling (chat template, sampling, prompt cache) in WebAssembly.
 * A subset, so Node tests drive the model with a fake engine and core imports no browser library.
 */
export interface WllamaChatEngine {
  createChatCompletion(params: WllamaChatParams): Promise<WllamaChatResponse>;
}

export interface WllamaChatParams {
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  max_tokens: number;
  temperature?: number;
  top_p?: number;
  seed?: number;
  logprobs?: boolean;
  top_logprobs?: number;
  /** llama-server's prompt cache: keep the longest common prefix of the slot's KV state (its default). */
  cache_prompt?: boolean;
  response_format?: { type: 'json_schema'; json_schema: { name: string; schema: unknown; strict?: boolean } };
}

export interface WllamaChatResponse {
  choices: { message: { content?: string | null }; finish_reason?: string | null; logprobs?: { content?: TokenLogprob[] | null } | null }[];
  usage: { prompt_tokens: number; completion_tokens: number; prompt_tokens_details?: { cached_tokens?: number | null } | null };
  /** llama-server's timings: `cache_n` prompt tokens taken from the KV cache, `prompt_n` evaluated. */
  timings?: { cache_n?: number; prompt_n?: number; predicted_n?: number; predicted_ms?: number };
}

export interface WllamaModelOptions {
  /** `wllama:<file or URL>`. */
  id: string;
  label: string;
  engine: WllamaChatEngine;
  /** One per loaded engine: its calls never interleave (one KV slot, which each call leaves for the next). */
  lock: EngineLock;
  /** The task seed (`TaskBinding.seed`); each request's seed derives from it (`requestSeed`). */
  seed: number;
  /** Sent when a strategy sets none; undefined leaves llama.cpp's default. */
  temperature?: number;
  /** Constrained actions: act requests are generated under the listed tools' JSON schema (a grammar in llama.cpp). */
  constrained?: boolean;
}

/**
 * A GGUF model in the page through wllama (llama.cpp in WebAssembly, CPU) behind the
 * `LanguageModel` contract. The strategies' messages go in as they are and are templated by the
 * model's own chat template (ChatML where the file has none); usage, cached prompt tokens and
 * time are the engine's. The engine keeps one KV slot between calls: a prompt that extends the
 * one before is evaluated from where they differ, and `cachedPromptTokens` is what it reused
 * (llama-server's `prompt_tokens_details.cached_tokens`).
 */
export class WllamaModel implements LanguageModel {
  readonly simulated = false;
  readonly id: string;
  readonly label: string;
  private calls = 0;

  constructor(private readonly options: WllamaModelOptions) {
    this.id = options.id;
    this.label = options.label;
  }

  /** One chat completion under the engine's lock, timed from the call; a prompt over the window is the run's overflow. */
  private async complete(params: WllamaChatParams): Promise<{ reply: WllamaChatResponse; ms: number }> {
    return this.options.lock.run(async () => {
      const started = performance.now();
      try {
        const reply = await this.options.engine.createChatCompletion({ cache_prompt: true, ...params });
        return { reply, ms: performance.now() - started };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isOverflowText(message)) throw new ContextOverflowError(Number.NaN, Number.NaN, 0, message);
        throw new EndpointError(`${this.label}: ${message}`);
      }
    });
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const seed = requestSeed(this.options.seed, this.calls++);
    const temperature = request.temperature ?? this.options.temperature;
    const options = request.options ?? [];
    const constrained = this.options.constrained === true && request.kind === 'act' && options.length > 0;
    const { reply, ms } = await this.complete({
      messages: plain(request.messages),
      max_tokens: request.maxTokens ?? WLLAMA_MAX_TOKENS,
      seed,
      ...(temperature === undefined ? {} : { temperature }),
      ...(constrained ? { response_format: actionResponseFormat(options) as WllamaChatParams['response_format'] } : {}),
    });
    const raw = reply.choices[0]?.message.content ?? '';
    return { text: constrained ? replyFromConstrained(raw, options) : raw, usage: usageOf(reply), ms };
  }

  /**
   * EGB-Logits (Alg. 3) from the engine's log-probabilities: one pass for the first index digit,
   * then one per first digit d1 continuing an assistant message that holds d1, each at temperature
   * 1 and top_p 1 with the top 20 tokens of the softmax over the whole vocabulary (llama.cpp
   * computes them before sampling). The passes run one after another on the one slot, so the ten
   * second passes reuse the prompt's KV state; each counts its prompt and what it reused.
   */
  async choiceDistribution(request: ChoiceRequest): Promise<ChoiceResult> {
    const k = request.options.length;
    if (k < 1 || k > 100) throw new ConfigError(`EGB-Logits reads an index of 1 to 100 candidates; this prompt enumerates ${k}.`);
    const pass = (prefix: string | undefined) => {
      const messages: ChatMessage[] = prefix === undefined ? request.messages : [...request.messages, { role: 'assistant', content: prefix }];
      return this.complete({ messages: plain(messages), max_tokens: 1, temperature: 1, top_p: 1, logprobs: true, top_logprobs: WLLAMA_TOP_LOGPROBS });
    };
    const first = await pass(undefined);
    const position = first.reply.choices[0]?.logprobs?.content?.[0];
    if (!position) throw new EndpointError(`${this.label} returned no log-probabilities, so EGB-Logits cannot read its choice. Use EGB-Sampling.`);
    const p1 = firstDigitFromLogprobs(position);
    if (!p1) throw new EndpointError(`${this.label} put no digit among its ${WLLAMA_TOP_LOGPROBS} most likely first tokens for an index answer, so EGB-Logits has no distribution to read.`);
    const seconds = [];
    for (const digit of '0123456789') seconds.push(await pass(digit));
    const p2 = seconds.map((s) => secondDigitFromLogprobs(s.reply.choices[0]?.logprobs?.content?.[0] ?? undefined));
    const all = [first, ...seconds];
    const usages = all.map((s) => usageOf(s.reply));
    return {
      probabilities: candidateDistributionFromDigits(p1, p2, k),
      usage: {
        promptTokens: usages.reduce((sum, u) => sum + u.promptTokens, 0),
        completionTokens: 0,
        ...(usages.every((u) => u.cachedPromptTokens !== undefined) ? { cachedPromptTokens: usages.reduce((sum, u) => sum + (u.cachedPromptTokens ?? 0), 0) } : {}),
      },
      ms: all.reduce((sum, s) => sum + s.ms, 0),
      passes: all.length,
    };
  }
}

/** Only role and content go to the engine. */
function plain(messages: ChatMessage[]): WllamaChatParams['messages'] {
  return messages.map(({ role, content }) => ({ role, content }));
}

/**
 * The engine's own counts: prompt tokens (all of them, reused or not), completion tokens, and the
 * prompt tokens it took from its KV cache (`cached_tokens`, else `timings.cache_n`).
 */
export function usageOf(reply: WllamaChatResponse): Usage {
  const cached = reply.usage.prompt_tokens_details?.cached_tokens ?? reply.timings?.cache_n;
  return {
    promptTokens: reply.usage.prompt_tokens,
    completionTokens: reply.usage.completion_tokens,
    ...(typeof cached === 'number' ? { cachedPromptTokens: cached } : {}),
  };
}
