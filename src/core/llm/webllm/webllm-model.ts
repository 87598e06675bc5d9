import type { ChoiceRequest, ChoiceResult, GenerateRequest, GenerateResult, LanguageModel, SampleBatch } from '../language-model';
import type { WebLlmEngine } from './engine-subset';
import type { DigitLogitCapture } from './logit-capture';
import { EngineLock } from './engine-lock';
import { EngineConversation } from './engine-conversation';
import { requestSeed } from '../request-seed';
import { choicePasses, engineMs } from './choice-passes';
import { modelLabel, WEBLLM_PREFIX } from './model-catalog';

/** Greedy, as AutoTool (section 4, Settings) and ToolExpNet (section 5) run their models. */
export const DEFAULT_TEMPERATURE = 0;
/** Enough for a Think/Action reply, a reflection or an insight. */
export const DEFAULT_MAX_TOKENS = 512;

export interface WebLlmModelOptions {
  /** A loaded engine (`CreateMLCEngine`), or the test fake. */
  engine: WebLlmEngine;
  /** web-llm's model id, for example `Qwen2.5-0.5B-Instruct-q4f32_1-MLC`. */
  modelId: string;
  label?: string;
  /** The task seed (`TaskBinding.seed`); request seeds derive from it and a call counter. */
  seed: number;
  /** One lock per engine, shared by the models of every task. */
  lock?: EngineLock;
  /** The conversation the engine holds in its KV cache: one per engine, shared like the lock. */
  conversation?: EngineConversation;
  /** The capture registered with the engine and the digit token ids: enables EGB-Logits. */
  logits?: { capture: DigitLogitCapture; digitTokenIds: number[] };
  defaultTemperature?: number;
  defaultMaxTokens?: number;
  /** A clock in milliseconds, for the wall time when the engine reports none. */
  now?: () => number;
}

/**
 * A WebLLM model (docs/models.md) behind the `LanguageModel` contract. The strategies build
 * the messages and parse the replies exactly as with SimLM; this class only passes them through
 * `chat.completions.create` and reports the engine's own usage and timing.
 */
export class WebLlmModel implements LanguageModel {
  readonly simulated = false;
  readonly id: string;
  readonly label: string;
  /** EGB-Logits (Alg. 3); absent when no logit capture was registered with the engine. */
  readonly choiceDistribution?: (request: ChoiceRequest) => Promise<ChoiceResult>;
  private readonly lock: EngineLock;
  private readonly conversation: EngineConversation;
  private readonly now: () => number;
  private calls = 0;

  constructor(private readonly options: WebLlmModelOptions) {
    this.id = `${WEBLLM_PREFIX}${options.modelId}`;
    this.label = options.label ?? `WebLLM: ${modelLabel(options.modelId)}`;
    this.lock = options.lock ?? new EngineLock();
    this.conversation = options.conversation ?? new EngineConversation();
    this.now = options.now ?? (() => performance.now());
    const logits = options.logits;
    if (logits) {
      const setup = { engine: options.engine, modelId: options.modelId, lock: this.lock, conversation: this.conversation, ...logits };
      this.choiceDistribution = (request) => choicePasses(setup, request.messages, request.options.length, this.now);
    }
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const batch = await this.complete(request, 1);
    return { text: batch.texts[0], usage: batch.usage, ms: batch.ms };
  }

  /**
   * `n` samples in one `create` call (web-llm allows n > 1 without streaming). The usage is the
   * call's as the engine reports it: web-llm 0.2.86 prefills the prompt again for every choice
   * (the conversation no longer matches after the previous choice's reply) and sums
   * `prompt_tokens` over the choices, so the prompt counts n times, as n separate calls would;
   * only the first choice can reuse the KV cache of a conversation the prompt continues.
   */
  generateSamples(request: GenerateRequest, n: number): Promise<SampleBatch> {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`generateSamples needs a positive whole number of samples, not ${n}.`);
    return this.complete(request, n);
  }

  /** The seed of the next call: the task seed and this model's call count, so reruns repeat. */
  private nextSeed(): number {
    return requestSeed(this.options.seed, this.calls++);
  }

  private complete(request: GenerateRequest, n: number): Promise<SampleBatch> {
    const { engine, modelId } = this.options;
    const seed = this.nextSeed(); // taken in call order, before waiting for the engine
    const messages = request.messages.map(({ role, content }) => ({ role, content }));
    return this.lock.run(async () => {
      // The engine keeps its KV cache where this prompt continues the conversation it holds
      // (web-llm's multi-round reuse), and is reset otherwise; `reused` is what it keeps.
      const reused = await this.conversation.begin(engine, modelId, messages);
      const started = this.now();
      const reply = await engine.chat.completions.create({
        messages,
        model: modelId,
        temperature: request.temperature ?? this.options.defaultTemperature ?? DEFAULT_TEMPERATURE,
        seed,
        max_tokens: request.maxTokens ?? this.options.defaultMaxTokens ?? DEFAULT_MAX_TOKENS,
        n,
        stream: false,
      });
      const wallMs = this.now() - started;
      const { usage } = reply;
      if (!usage) throw new Error('The WebLLM engine returned no token usage for a chat completion.');
      const choices = [...reply.choices].sort((a, b) => a.index - b.index);
      if (choices.length !== n) throw new Error(`The WebLLM engine returned ${choices.length} choices for n = ${n}.`);
      // web-llm's prompt_tokens counts what it prefilled; the reused tokens are the rest of the prompt.
      const promptTokens = usage.prompt_tokens + reused;
      // After n > 1 choices no single conversation is held for the next call to continue.
      if (n === 1) this.conversation.end(messages, choices[0], promptTokens, usage.completion_tokens);
      return {
        texts: choices.map((c) => c.message.content ?? ''),
        usage: { promptTokens, completionTokens: usage.completion_tokens, cachedPromptTokens: reused },
        ms: engineMs(usage.extra, wallMs),
      };
    });
  }
}
