import type { EngineChatCompletion, EngineChatMessage, EngineChatRequest, LogitProcessorLike, WebLlmEngine } from '../llm/webllm/engine-subset';
import { Rng } from '../rng';

/**
 * A deterministic stand-in for web-llm's MLCEngine, for Node tests of the WebLLM backend. It
 * follows the 0.2.86 engine where the backend depends on it:
 * - the logit processor is taken from the registry when a model loads (`reload`), and runs on the
 *   raw logits before every sampling step: processLogits, then processSampledToken;
 * - `resetChat` clears the conversation and calls the processor's `resetState`; so does a request
 *   that does not continue the previous conversation;
 * - a request that continues the previous conversation (its messages, minus the last, equal the
 *   previous messages plus the reply) reuses the KV cache: prompt_tokens counts the new tokens only;
 * - `n` choices each prefill the prompt again, and usage sums over the choices;
 * - the seed is set once per request; temperature 0 is greedy (argmax).
 *
 * The vocabulary is scripted: id 0 is the end token, id 1 a line break, ids 2-96 the printable
 * ASCII characters (one token each, so '0'..'9' are ids 18-27), and ids 97-99 padding, as real logit vectors are
 * longer than the tokenizer. A prompt is the messages in a ChatML-like template, one token per
 * character of content plus five per message and three for the reply header.
 */

export const FAKE_END_TOKEN = 0;
export const FAKE_VOCAB_SIZE = 100;

/** The token id of a line break or one printable ASCII character. */
export function fakeTokenId(char: string): number {
  if (char === '\n') return 1;
  const code = char.charCodeAt(0);
  if (char.length !== 1 || code < 32 || code > 126) throw new RangeError(`The fake vocabulary has no token for ${JSON.stringify(char)}.`);
  return code - 30;
}

export function fakeDecode(ids: readonly number[]): string {
  return ids.map((id) => (id === 1 ? '\n' : id >= 2 && id <= 96 ? String.fromCharCode(id + 30) : '')).join('');
}

/** The fake's `tokenizer.json`, in the Hugging Face format the worker would read. */
export function fakeTokenizerJson(): unknown {
  const vocab: Record<string, number> = { '<|im_end|>': FAKE_END_TOKEN };
  for (let id = 1; id <= 96; id++) vocab[fakeDecode([id])] = id;
  return { model: { type: 'BPE', vocab }, pre_tokenizer: { type: 'Split', pattern: { Regex: '\\p{N}| ?\\p{L}+' } } };
}

export function fakePromptTokens(messages: readonly EngineChatMessage[]): number {
  return messages.reduce((sum, m) => sum + m.content.length + 5, 0) + 3;
}

/** What the fake model sees when it computes the next logits. */
export interface FakeStep {
  messages: readonly EngineChatMessage[];
  /** Tokens generated so far in this choice (including forced ones). */
  generated: readonly number[];
  choice: number;
}

export interface FakeEngineOptions {
  /** The reply the model writes; the fake gives its next token a logit of 30, the rest 0. */
  reply?: (messages: readonly EngineChatMessage[], choice: number) => string;
  /** Or the raw next-token logits (length FAKE_VOCAB_SIZE); takes precedence over `reply`. */
  nextLogits?: (step: FakeStep) => Float32Array;
  /** Prefill and decode speed, for the timings in usage.extra. */
  prefillTokensPerSecond?: number;
  decodeTokensPerSecond?: number;
}

/** The engine config fields the fake reads, as in `CreateMLCEngine(modelId, engineConfig)`. */
export interface FakeEngineConfig {
  logitProcessorRegistry?: Map<string, LogitProcessorLike>;
}

export class FakeWebLlmEngine implements WebLlmEngine {
  /** Every request, as received. */
  readonly requests: EngineChatRequest[] = [];
  resets = 0;
  readonly chat = { completions: { create: (request: EngineChatRequest) => this.chatCompletion(request) } };
  private loaded: string | undefined;
  private processor: LogitProcessorLike | undefined;
  private registry: Map<string, LogitProcessorLike> | undefined;
  /** The conversation held in the KV cache: messages plus the last reply. */
  private conversation: EngineChatMessage[] | undefined;

  constructor(
    private readonly options: FakeEngineOptions = {},
    config: FakeEngineConfig = {},
  ) {
    this.registry = config.logitProcessorRegistry;
  }

  /** Like `CreateMLCEngine`: a fake engine with the model loaded. */
  static async create(modelId: string, config: FakeEngineConfig = {}, options: FakeEngineOptions = {}): Promise<FakeWebLlmEngine> {
    const engine = new FakeWebLlmEngine(options, config);
    await engine.reload(modelId);
    return engine;
  }

  /** Takes effect at the next `reload`, as in web-llm. */
  setLogitProcessorRegistry(registry?: Map<string, LogitProcessorLike>): void {
    this.registry = registry;
  }

  async reload(modelId: string): Promise<void> {
    this.loaded = modelId;
    this.processor = this.registry?.get(modelId);
    this.conversation = undefined;
  }

  async resetChat(): Promise<void> {
    this.resets++;
    this.startConversation();
  }

  private startConversation(): void {
    this.conversation = undefined;
    this.processor?.resetState();
  }

  private async chatCompletion(request: EngineChatRequest): Promise<EngineChatCompletion> {
    this.requests.push(structuredClone(request));
    if (!this.loaded) throw new Error('ModelNotLoadedError: Model not loaded before trying to complete ChatCompletionRequest.');
    if (request.model && request.model !== this.loaded) throw new Error(`SpecifiedModelNotFoundError: Specified model ${request.model} is not found in loaded models.`);
    const last = request.messages[request.messages.length - 1];
    if (!last || last.role !== 'user') throw new Error('MessageOrderError: Last message should be from either `user` or `tool`.');
    const n = request.n ?? 1;
    if (request.stream && n > 1) throw new Error('StreamingCountError');
    if (request.seed !== undefined && request.seed !== null && !Number.isInteger(request.seed)) throw new Error('SeedTypeError: Seed should be an integer.');
    const rng = new Rng(request.seed ?? 1);
    const temperature = request.temperature ?? 1;
    const maxTokens = request.max_tokens ?? 256;

    const choices: EngineChatCompletion['choices'] = [];
    let promptTokens = 0;
    let completionTokens = 0;
    for (let choice = 0; choice < n; choice++) {
      promptTokens += this.prefill(request.messages);
      const generated: number[] = [];
      let finish: 'stop' | 'length' = 'length';
      while (generated.length < maxTokens) {
        let logits = this.logits({ messages: request.messages, generated, choice });
        if (this.processor) logits = this.processor.processLogits(logits);
        const token = sample(logits, temperature, rng);
        this.processor?.processSampledToken(token);
        generated.push(token);
        if (token === FAKE_END_TOKEN) {
          finish = 'stop';
          break;
        }
      }
      completionTokens += generated.length;
      const content = fakeDecode(generated);
      choices.push({ index: choice, message: { content }, finish_reason: finish });
      this.conversation = finish === 'stop' ? [...request.messages, { role: 'assistant', content }] : undefined;
    }
    const prefillS = promptTokens / (this.options.prefillTokensPerSecond ?? 1000);
    const decodeS = completionTokens / (this.options.decodeTokensPerSecond ?? 100);
    return {
      choices,
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        extra: {
          e2e_latency_s: prefillS + decodeS,
          time_to_first_token_s: prefillS,
          prefill_tokens_per_s: this.options.prefillTokensPerSecond ?? 1000,
          decode_tokens_per_s: this.options.decodeTokensPerSecond ?? 100,
        },
      },
    };
  }

  /** Prompt tokens prefilled: all of them, or only the new ones when the KV cache is reused. */
  private prefill(messages: EngineChatMessage[]): number {
    const previous = this.conversation;
    if (previous && sameMessages(previous, messages.slice(0, -1))) return fakePromptTokens(messages) - fakePromptTokens(previous);
    this.startConversation();
    return fakePromptTokens(messages);
  }

  private logits(step: FakeStep): Float32Array {
    if (this.options.nextLogits) return this.options.nextLogits(step);
    const reply = this.options.reply?.(step.messages, step.choice) ?? 'OK';
    const ids = [...reply].map(fakeTokenId);
    const logits = new Float32Array(FAKE_VOCAB_SIZE);
    logits[ids[step.generated.length] ?? FAKE_END_TOKEN] = 30;
    return logits;
  }
}

function sameMessages(a: readonly EngineChatMessage[], b: readonly EngineChatMessage[]): boolean {
  return a.length === b.length && a.every((m, i) => m.role === b[i].role && m.content === b[i].content);
}

/** Greedy at temperature 0, else a draw from softmax(logits / temperature). */
function sample(logits: Float32Array, temperature: number, rng: Rng): number {
  let best = 0;
  for (let i = 1; i < logits.length; i++) if (logits[i] > logits[best]) best = i;
  if (temperature <= 0) return best;
  const weights = Array.from(logits, (l) => Math.exp((l - logits[best]) / temperature));
  return rng.weighted(weights);
}
