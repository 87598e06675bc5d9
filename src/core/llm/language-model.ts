import type { CallKind, Usage } from '../types';

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * What a prompt shows of one selectable option (a tool). Real models ignore it; SimLM scores
 * exactly this text, so a strategy's effect comes only from what it puts in the prompt. `shown`
 * must occur verbatim in the request's messages (MeteredModel refuses a request where it does not).
 */
export interface ShownOption {
  name: string;
  /** The exact text of the option in the prompt: a name only, the full doc, doc plus guidance. */
  shown: string;
}

/** A generation request. */
export interface GenerateRequest {
  kind: CallKind;
  messages: ChatMessage[];
  /** The options the prompt shows, when the call picks a tool. */
  options?: ShownOption[];
  /** Sampling temperature; 0 is greedy. */
  temperature?: number;
  maxTokens?: number;
  /**
   * The sampling seed of this request. Strategies leave it out; a model then takes the next of its
   * task's request seeds (`request-seed.ts`). A request that arrives over an API carries its own.
   */
  seed?: number;
  /**
   * Ask for the action as a structured object naming one of `options` (a server's JSON-schema
   * output): the model cannot write a malformed reply or an unlisted tool. Set by the model
   * provider for a run with constrained actions, never by a strategy.
   */
  constrained?: boolean;
}

/** A generation result. `ms` is the wall time of the call. */
export interface GenerateResult {
  text: string;
  usage: Usage;
  ms: number;
  /** True when the server sent no usage and the tokens were counted with the Qwen2.5 tokenizer instead. */
  estimated?: boolean;
  /**
   * Seconds the engine itself measured for this call, where the model reports them (llama.cpp in
   * process): a task run whose every call has them carries their sum as its seconds, instead of the
   * device formula (device-profiles.ts). `ms` is the call's wall time as the harness saw it.
   */
  engineSeconds?: number;
}

/**
 * Several samples of one prompt from one model call (EGB Alg. 2, lines 3-4: m actions sampled from
 * the policy). `usage` is the usage of the whole call as the model reports it.
 */
export interface SampleBatch {
  texts: string[];
  usage: Usage;
  ms: number;
  estimated?: boolean;
  /** The engine's own seconds for the whole batch (GenerateResult.engineSeconds). */
  engineSeconds?: number;
}

/** A request for the model's probabilities over enumerated options (EGB-Logits, Alg. 3). */
export interface ChoiceRequest {
  messages: ChatMessage[];
  /** The options in the order the prompt enumerates them (index 0 to K-1, K <= 100). */
  options: ShownOption[];
}

/** Probabilities over the options, with the cost of the logits-only forward passes. */
export interface ChoiceResult {
  probabilities: number[];
  usage: Usage;
  ms: number;
  /** Forward passes without generation (Alg. 3 makes 1 + 10). */
  passes: number;
  estimated?: boolean;
  /** The engine's own seconds for all the passes (GenerateResult.engineSeconds). */
  engineSeconds?: number;
}

/** A language model as strategies see it (docs/architecture.md). */
export interface LanguageModel {
  /** Registry id, for example `sim:small`. */
  readonly id: string;
  readonly label: string;
  /** True for SimLM: the page labels results of a simulated model as such. */
  readonly simulated: boolean;
  generate(request: GenerateRequest): Promise<GenerateResult>;
  /**
   * Present when the model can draw `n` samples of one request in one call (WebLLM's `n`).
   * Without it, callers call `generate` `n` times.
   */
  generateSamples?(request: GenerateRequest, n: number): Promise<SampleBatch>;
  /** Present when the model exposes logits (white-box models and SimLM). */
  choiceDistribution?(request: ChoiceRequest): Promise<ChoiceResult>;
}
