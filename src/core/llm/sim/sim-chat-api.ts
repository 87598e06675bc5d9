import type { Embedder } from '../../embed/embedder';
import type { ChatMessage, GenerateRequest } from '../language-model';
import type { ChatTokenCounter } from '../token-counter';
import type { SimPreset } from './presets';
import type { ChatRequest, TokenLogprob, TopLogprob } from '../openai/wire';
import { SIMLM_FINGERPRINT, chatRequestSchema, wireIssue } from '../openai/wire';
import { choiceSeed } from '../request-seed';
import { Rng } from '../../rng';
import { promptText } from '../advisor';
import { readCallKind, readOptions } from './read-request';
import type { Advisor } from '../advisor';
import { SimLM } from './sim-lm';
import { constrainedFromReply } from '../constrained-actions';
import { ContextOverflowError, SIM_WINDOWS } from '../context-window';

/**
 * SimLM behind the OpenAI chat-completions API (`npm run serve:sim`), as a pure function from a
 * request body to a response body. It gets what the API carries and nothing else: the messages,
 * temperature, n, seed and the logprobs settings. What it cannot do (tool calls, logprobs of free
 * text) it refuses with a 400 that names it, rather than answering as if it had not been asked. The
 * options and the kind of answer come from the prompt text (`read-request.ts`), and the task's key is
 * rebuilt from the prompt as in process (`key/key-index.ts`).
 */

/** The token a sequence ends with after an index, as Qwen2.5's chat template writes it. */
export const END_TOKEN = '<|im_end|>';

export interface SimChatDeps {
  /** Served model names and their presets, for example `sim-small`. */
  models: Record<string, SimPreset>;
  /** The embedder SimLM reads relevance with. */
  embedder: Embedder;
  counter: ChatTokenCounter;
  /** Which model of its class each served model is (SimLM's fixed preferences). */
  modelSeed: number;
  /** False to act as a server that returns no logprobs. */
  logprobs: boolean;
  /** The served models' context window, as `/v1/models` reports it (vLLM's `max_model_len`); longer requests get a 400. Absent: each preset's (`SIM_WINDOWS`). */
  window?: number;
  /**
   * The tasks of the data the server was started with (bundled or imported): a request's key is
   * the evident key of the task its prompt states, replayed from its transcript. A prompt that
   * states no task gets a model that knows nothing of it.
   */
  keys?: TaskKeys;
}

/** The keys of the tasks a server knows (`key/key-index.ts`): the task a prompt states, with its key, if any. */
export interface TaskKeys {
  keyFor(messages: ChatMessage[]): { key: Advisor; id: string } | undefined;
}

export interface ApiReply {
  status: number;
  body: unknown;
}

/** An OpenAI-style error body. */
export function apiError(status: number, message: string, type = 'invalid_request_error'): ApiReply {
  return { status, body: { error: { message, type, code: status } } };
}

/** `GET /v1/models`, with each model's window as vLLM reports it (`max_model_len`). */
export function simModelList(deps: Pick<SimChatDeps, 'models' | 'window'>): ApiReply {
  return { status: 200, body: { object: 'list', data: Object.keys(deps.models).map((id) => ({ id, object: 'model', created: 0, owned_by: 'toolwise-simlm', max_model_len: windowOfServed(deps, id) })) } };
}

/** A served model's window: the server's setting, else its preset's. */
function windowOfServed(deps: Pick<SimChatDeps, 'models' | 'window'>, name: string): number {
  return deps.window ?? SIM_WINDOWS[deps.models[name].id]?.tokens ?? SIM_WINDOWS.small.tokens;
}

/** One SimLM per served model and task, kept so a task's readings and key replay carry across its requests. */
export class SimChatService {
  private readonly models = new Map<string, SimLM>();

  constructor(private readonly deps: SimChatDeps) {}

  private model(name: string, task: { key: Advisor; id: string } | undefined): SimLM {
    const id = `${name}\u0000${task?.id ?? ''}`;
    let model = this.models.get(id);
    if (!model) {
      if (this.models.size >= 512) this.models.clear();
      const binding = { seed: 0, modelSeed: this.deps.modelSeed, embedder: this.deps.embedder, window: windowOfServed(this.deps, name), ...(task ? { key: task.key } : {}) };
      model = new SimLM(this.deps.models[name], binding, this.deps.counter);
      this.models.set(id, model);
    }
    return model;
  }

  /** `POST /v1/chat/completions`. */
  async complete(body: unknown): Promise<ApiReply> {
    const parsed = chatRequestSchema.safeParse(body);
    if (!parsed.success) return apiError(400, `Invalid request: ${wireIssue(parsed.error)}`);
    const request = parsed.data;
    if (!this.deps.models[request.model]) return apiError(404, `The model "${request.model}" does not exist. Served: ${Object.keys(this.deps.models).join(', ')}.`, 'not_found_error');
    if (request.top_logprobs !== undefined && !request.logprobs) return apiError(400, 'top_logprobs needs logprobs: true.');
    const tools = toolsRefusal(request);
    if (tools) return apiError(400, tools);
    // A trailing assistant message is a prefix the reply continues (vLLM's continue_final_message, llama.cpp's prefill).
    const last = request.messages.at(-1)!;
    const prefix = last.role === 'assistant' ? last.content : undefined;
    const messages: ChatMessage[] = prefix === undefined ? request.messages : request.messages.slice(0, -1);
    const model = this.model(request.model, this.deps.keys?.keyFor(messages));
    const index = /Answer with the index \(0 to \d+\)/.test(promptText(messages));
    // Logprobs are answered or refused, never left null: SimLM has token probabilities only for the
    // digits of an index it picks among enumerated options. (Under --no-logprobs the server plays
    // one that ignores them, on purpose: clients must cope with that too.)
    if (request.logprobs && this.deps.logprobs) {
      if (!index) return apiError(400, 'logprobs: SimLM has token probabilities only for an answer that picks one of the options a prompt enumerates by index; this prompt asks for none. Send it without logprobs.');
      if ((request.n ?? 1) > 1) return apiError(400, 'logprobs with n > 1: SimLM answers an index question with logprobs one choice at a time. Send n: 1.');
    }
    try {
      if (request.logprobs && this.deps.logprobs && index) return await this.indexAnswer(request, model, messages, prefix ?? '');
      return await this.generate(request, model, messages);
    } catch (error) {
      // Over the window: refused as vLLM refuses it.
      if (error instanceof ContextOverflowError) return apiError(400, error.message);
      // A prompt whose task the server knows but whose transcript its key cannot replay (key/evident-key.ts).
      if (error instanceof Error && error.name === 'KeyReplayError') return apiError(400, error.message);
      throw error;
    }
  }

  private async generate(request: ChatRequest, model: SimLM, messages: ChatMessage[]): Promise<ApiReply> {
    const n = request.n ?? 1;
    const seed = request.seed ?? 0;
    const options = readOptions(messages);
    // A JSON schema asks for the action as an object: SimLM then answers as under constrained decoding.
    const constrained = request.response_format?.type === 'json_schema' && options.length > 0;
    const base: GenerateRequest = { kind: readCallKind(messages), messages, options, temperature: request.temperature, maxTokens: request.max_tokens, constrained };
    const texts: string[] = [];
    let completion = 0;
    for (let i = 0; i < n; i++) {
      const result = await model.generate({ ...base, seed: choiceSeed(seed, i) });
      const object = constrained ? constrainedFromReply(result.text, options) : undefined;
      const text = object ? JSON.stringify(object) : result.text;
      texts.push(text);
      completion += object ? this.deps.counter.count(text) : result.usage.completionTokens;
    }
    const prompt = this.deps.counter.countChat(messages);
    return {
      status: 200,
      body: {
        id: `chatcmpl-sim-${seed}`,
        object: 'chat.completion',
        created: 0,
        model: request.model,
        system_fingerprint: SIMLM_FINGERPRINT,
        choices: texts.map((content, i) => ({ index: i, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null })),
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      },
    };
  }

  /**
   * An answer to "Answer with the index" with logprobs: the model's probabilities over the
   * enumerated options (SimLM's choice distribution, at the request's temperature) written as the
   * distribution of the index's digits. With no prefix, the first digit's; after a prefix digit
   * d1, the second digit's and the end token's, conditional on d1. So reading them as Alg. 3 of
   * the EGB paper does gives back the option probabilities.
   */
  private async indexAnswer(request: ChatRequest, model: SimLM, messages: ChatMessage[], prefix: string): Promise<ApiReply> {
    const options = readOptions(messages);
    const { probabilities } = await model.choiceDistribution({ messages, options });
    const q = atTemperature(probabilities, request.temperature ?? 1);
    const tokens = nextTokenDistribution(q, prefix.trim());
    const ranked = [...tokens].filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1]);
    const rng = new Rng(request.seed ?? 0);
    const chosen = (request.temperature ?? 1) === 0 || ranked.length === 0 ? ranked[0] : ranked[rng.weighted(ranked.map(([, p]) => p))];
    const [token, p] = chosen ?? [END_TOKEN, 1];
    const top: TopLogprob[] = ranked.slice(0, request.top_logprobs ?? 0).map(([t, pt]) => ({ token: t, logprob: Math.log(pt) }));
    const content: TokenLogprob[] = [{ token, logprob: Math.log(p), top_logprobs: top }];
    const prompt = this.deps.counter.countChat(request.messages);
    return {
      status: 200,
      body: {
        id: `chatcmpl-sim-${request.seed ?? 0}`,
        object: 'chat.completion',
        created: 0,
        model: request.model,
        system_fingerprint: SIMLM_FINGERPRINT,
        choices: [{ index: 0, message: { role: 'assistant', content: token === END_TOKEN ? '' : token }, finish_reason: token === END_TOKEN ? 'stop' : 'length', logprobs: { content } }],
        usage: { prompt_tokens: prompt, completion_tokens: 1, total_tokens: prompt + 1 },
      },
    };
  }
}

/**
 * Why a request that asks for tool calls is refused, or undefined. SimLM picks among the tools the
 * prompt lists (as Toolwise's strategies list them), never among `tools`, so no reply of its would
 * carry `tool_calls`: such a request gets a 400 that says so rather than a reply that ignores them.
 * `tool_choice: "none"` asks for no call, so it is answered as plain text.
 */
export function toolsRefusal(request: ChatRequest): string | undefined {
  const fields = request as Record<string, unknown>;
  const asked = (['tools', 'functions'] as const).filter((name) => Array.isArray(fields[name]) && (fields[name] as unknown[]).length > 0);
  if (asked.length === 0 || fields.tool_choice === 'none') return undefined;
  return `${asked.join(' and ')}: this server (SimLM) does not call tools, so it never answers with tool_calls. List the tools in the prompt, as Toolwise's strategies do (SimLM reads them there), or send tool_choice: "none".`;
}

/** Probabilities at a sampling temperature: p^(1/T) renormalised; one-hot on the largest at 0. */
export function atTemperature(probabilities: number[], temperature: number): number[] {
  if (temperature === 1) return probabilities;
  if (temperature <= 0) {
    const best = probabilities.indexOf(Math.max(...probabilities));
    return probabilities.map((_, i) => (i === best ? 1 : 0));
  }
  const scaled = probabilities.map((p) => p ** (1 / temperature));
  const total = scaled.reduce((sum, p) => sum + p, 0);
  return scaled.map((p) => p / total);
}

/**
 * The next token's distribution when an index among `q.length` options is written digit by digit
 * after `prefix`: '' gives the first digit's; one digit d1 gives P(d2 | d1) and P(end | d1).
 */
export function nextTokenDistribution(q: number[], prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (token: string, p: number) => out.set(token, (out.get(token) ?? 0) + p);
  if (prefix === '') {
    q.forEach((p, i) => add(String(i)[0], p));
    return out;
  }
  if (!/^\d$/.test(prefix)) return new Map([[END_TOKEN, 1]]);
  const d1 = Number(prefix);
  const first = q.reduce((sum, p, i) => (String(i)[0] === prefix ? sum + p : sum), 0);
  if (first <= 0) return new Map([[END_TOKEN, 1]]);
  if (d1 < q.length) add(END_TOKEN, q[d1] / first);
  for (let d2 = 0; d2 <= 9; d2++) {
    const index = d1 * 10 + d2;
    if (d1 > 0 && index < q.length) add(String(d2), q[index] / first);
  }
  return out;
}

/** A chat completion as the API answers it (the parts the stream repeats). */
interface CompletionBody {
  id: string;
  created: number;
  model: string;
  system_fingerprint?: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string; logprobs: unknown }[];
  usage?: unknown;
}

/**
 * A completion as the events of a streamed answer (`stream: true`), in the API's shape: per choice
 * a chunk with the role and the whole content (SimLM writes its reply at once; the protocol allows
 * any cut), then one with its finish reason; with `stream_options.include_usage`, a last chunk with
 * no choices and the usage; then `[DONE]`. Each string is one `data:` line's payload.
 */
export function streamEvents(body: CompletionBody, includeUsage: boolean): string[] {
  const head = { id: body.id, object: 'chat.completion.chunk', created: body.created, model: body.model, ...(body.system_fingerprint ? { system_fingerprint: body.system_fingerprint } : {}) };
  const events: unknown[] = [];
  for (const choice of body.choices) {
    events.push({ ...head, choices: [{ index: choice.index, delta: { role: choice.message.role, content: choice.message.content }, logprobs: choice.logprobs ?? null, finish_reason: null }], ...(includeUsage ? { usage: null } : {}) });
    events.push({ ...head, choices: [{ index: choice.index, delta: {}, logprobs: null, finish_reason: choice.finish_reason }], ...(includeUsage ? { usage: null } : {}) });
  }
  if (includeUsage) events.push({ ...head, choices: [], usage: body.usage ?? null });
  return [...events.map((event) => JSON.stringify(event)), '[DONE]'];
}
