import type { ModelProvider, TaskBinding } from '../model-provider';
import type { HttpOptions } from './http-client';
import type { OpenAiTarget } from './openai-id';
import { ChatTokenCounter } from '../token-counter';
import { loadQwenTokenizer } from '../qwen-tokenizer';
import { requestJson } from './http-client';
import { llamaPropsSchema, modelListSchema } from './wire';
import type { ContextWindow } from '../context-window';
import { Limiter } from './limiter';
import { OpenAiModel } from './openai-model';
import { openAiId } from './openai-id';
import { serverLabel } from './server-label';

export interface OpenAiProviderOptions {
  target: OpenAiTarget;
  /** Requests in flight at most, over all tasks of the run (default 1). */
  concurrency?: number;
  http?: HttpOptions;
  /** Sent when a strategy sets no temperature; undefined leaves the server's default. */
  temperature?: number;
  /** Constrained actions (JSON-schema output naming a listed tool). */
  constrained?: boolean;
  /** Ask the server for the model's context window, once (the run was given none): one `GET /models`, else `/props`. */
  askWindow?: boolean;
}

/**
 * One server model for every task of a run. Each task gets its own request seeds (from
 * `TaskBinding.seed`); all share one limiter, so at most `concurrency` requests are in flight.
 */
export async function createOpenAiProvider(options: OpenAiProviderOptions): Promise<ModelProvider> {
  const counter = new ChatTokenCounter(await loadQwenTokenizer());
  const limiter = new Limiter(options.concurrency ?? 1);
  const label = serverLabel(options.target);
  // Known only once the server answers: serve:sim says it is SimLM, and the run is labelled so.
  let simulated = false;
  const onSimulated = () => {
    simulated = true;
  };
  const contextWindow = options.askWindow ? await serverWindow(options.target, options.http) : undefined;
  return {
    ...(contextWindow ? { contextWindow } : {}),
    id: openAiId(options.target),
    get label() {
      return simulated ? `${label} (SimLM, simulated)` : label;
    },
    get simulated() {
      return simulated;
    },
    forTask(binding: TaskBinding) {
      return new OpenAiModel({ target: options.target, label, seed: binding.seed, limiter, http: options.http ?? {}, counter, temperature: options.temperature, constrained: options.constrained, onSimulated });
    },
  };
}

/**
 * The model's context window as the server reports it: vLLM's `max_model_len` in `GET /models`,
 * else llama.cpp's `n_ctx` in `GET /props` at the server's root; undefined where neither says.
 */
export async function serverWindow(target: OpenAiTarget, http: HttpOptions = {}): Promise<ContextWindow | undefined> {
  const quick = { retries: 1, timeoutMs: 10_000, ...http };
  const listed = await requestJson(`${target.baseUrl}/models`, undefined, modelListSchema, quick).catch(() => undefined);
  const tokens = listed?.data.find((model) => model.id === target.model)?.max_model_len;
  if (tokens) return { tokens, source: `${target.baseUrl}/models (max_model_len)` };
  return propsWindow(target.baseUrl, quick);
}

/** llama.cpp's window: `n_ctx` in `GET /props` at the server's root; undefined where it does not answer so. */
async function propsWindow(baseUrl: string, http: HttpOptions): Promise<ContextWindow | undefined> {
  const root = baseUrl.replace(/\/v1$/, '');
  const props = await requestJson(`${root}/props`, undefined, llamaPropsSchema, http).catch(() => undefined);
  const nCtx = props?.default_generation_settings?.n_ctx;
  return nCtx ? { tokens: nCtx, source: `${root}/props (n_ctx)` } : undefined;
}

/** The ids of the models a server offers (`GET /models`), for "Test connection". */
export async function listServerModels(baseUrl: string, http: HttpOptions = {}): Promise<string[]> {
  return (await serverModelWindows(baseUrl, http)).models;
}

/**
 * The models a server offers and the context window of each as it reports them (issue 28 item 1),
 * for "Test connection": vLLM's `max_model_len` in the same `GET /models`; where no model has one,
 * llama.cpp's `n_ctx` in `GET /props` (it serves one model); else none (Setup's window field).
 */
export async function serverModelWindows(baseUrl: string, http: HttpOptions = {}): Promise<{ models: string[]; windows: Record<string, ContextWindow> }> {
  const url = baseUrl.replace(/\/+$/, '');
  const quick = { retries: 1, timeoutMs: 10_000, ...http };
  const list = await requestJson(`${url}/models`, undefined, modelListSchema, quick);
  const models = list.data.map((model) => model.id);
  const windows: Record<string, ContextWindow> = {};
  for (const model of list.data) if (model.max_model_len) windows[model.id] = { tokens: model.max_model_len, source: `${url}/models (max_model_len)` };
  if (Object.keys(windows).length === 0 && models.length > 0) {
    const props = await propsWindow(url, quick);
    if (props) for (const id of models) windows[id] = props;
  }
  return { models, windows };
}
