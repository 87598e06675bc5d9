/// <reference lib="webworker" />
import type { ModelProvider } from '../core/llm/model-provider';
import {
  DigitLogitCapture,
  EngineLock,
  checkGpu,
  chatModelCatalog,
  createWebLlmProvider,
  customModelRecord,
  digitTokensFromTokenizerJson,
  explainLoadError,
  logitProcessorRegistry,
  modelLabel,
  needsShaderF16,
  webllmWindowOf,
  webllmChatOptions,
  webllmWindowIn,
  windowMemoryOf,
  verifyDigitTokens,
  withModelRecord,
  DEFAULT_WEBLLM_MODEL,
  type CatalogModel,
  type CustomModelSpec,
  type GpuCheck,
  type GpuLike,
  type LoadErrorExplanation,
  type ModelRecordLike,
  type WebLlmEngine,
} from '../core/llm/webllm';
import { errorMessage, type Outcome } from '../core/errors';

/**
 * The WebLLM side of the strategy worker (docs/models.md): the model list, the GPU check, the
 * cache, and one loaded engine with the EGB-Logits capture registered. `@mlc-ai/web-llm` (about
 * 6 MB) is imported on first use only, so neither the page nor a SimLM run ever loads it.
 */

type WebLlmModule = typeof import('@mlc-ai/web-llm');
let modulePromise: Promise<WebLlmModule> | undefined;
const webllm = () => (modulePromise ??= import('@mlc-ai/web-llm'));

/** Load progress as web-llm reports it: a fraction and a line of text. */
export interface WebLlmProgress {
  progress: number;
  text: string;
  timeElapsed: number;
}

export type WebLlmLoadOutcome =
  | { ok: true; modelId: string; label: string; loadMs: number; logits: boolean; logitsNote?: string }
  | ({ ok: false } & LoadErrorExplanation);

export interface WebLlmStatus {
  gpu: GpuCheck;
  /** Whether the model's files are in the browser cache; undefined when that could not be read. */
  cached: boolean | undefined;
  loaded: boolean;
}

export type WebLlmSizeOutcome = Outcome<{ bytes: number; files: number }>;

interface Loaded {
  modelId: string;
  /** The window set for it (chatOpts.context_window_size); undefined: its record's. */
  window: number | undefined;
  engine: import('@mlc-ai/web-llm').MLCEngine;
  provider: ModelProvider;
  /** Why EGB-Logits is off with this model, when it is. */
  logitsNote?: string;
}

/** The GPU check failed: its own message is already plain and precise. */
class GpuCheckError extends Error {
  constructor(readonly check: Extract<GpuCheck, { ok: false }>) {
    super(check.message);
    this.name = 'GpuCheckError';
  }
}

/** A load error in plain words; the GPU check's message as it is. */
function explain(error: unknown): LoadErrorExplanation {
  if (error instanceof GpuCheckError) return { kind: error.check.reason === 'no-shader-f16' ? 'no-shader-f16' : 'no-webgpu', message: error.message, detail: error.check.reason };
  return explainLoadError(error);
}

const gpu = (): GpuLike | undefined => (self.navigator as Navigator & { gpu?: GpuLike }).gpu;

export class WebLlmHost {
  /** Self-hosted models the user added, by id. */
  private readonly custom = new Map<string, ModelRecordLike>();
  private loaded: Loaded | undefined;
  private loading: { modelId: string; window: number | undefined; promise: Promise<Loaded> } | undefined;

  /** Adds (or replaces) a self-hosted model; relative URLs resolve against the page. */
  registerCustom(spec: CustomModelSpec): ModelRecordLike {
    const record = customModelRecord(spec);
    this.custom.set(record.model_id, record);
    return record;
  }

  /** The small chat models of web-llm's prebuilt list, then the self-hosted ones. */
  async catalog(): Promise<{ models: CatalogModel[]; defaultId: string }> {
    const { prebuiltAppConfig } = await webllm();
    const custom = [...this.custom.values()].map((r) => {
      const memory = windowMemoryOf(r, [...this.custom.values()]);
      return { id: r.model_id, label: `${r.model_id} (self-hosted)`, vramMB: r.vram_required_MB, needsShaderF16: needsShaderF16(r), lowResource: false, window: webllmWindowOf(r), ...(memory ? { memory } : {}) };
    });
    return { models: [...chatModelCatalog(prebuiltAppConfig.model_list), ...custom], defaultId: DEFAULT_WEBLLM_MODEL };
  }

  private async appConfig() {
    const { prebuiltAppConfig } = await webllm();
    let list = prebuiltAppConfig.model_list as ModelRecordLike[];
    for (const record of this.custom.values()) list = withModelRecord(list, record);
    return { ...prebuiltAppConfig, model_list: list as typeof prebuiltAppConfig.model_list };
  }

  private async record(modelId: string): Promise<ModelRecordLike> {
    const record = (await this.appConfig()).model_list.find((r) => r.model_id === modelId);
    if (!record) throw new Error(`ModelNotFoundError: "${modelId}" is neither in web-llm's prebuilt list nor a self-hosted model added on this page.`);
    return record as ModelRecordLike;
  }

  /** `window`: the one a run would set; `loaded` says whether the engine holds the model at that window. */
  async status(modelId: string, window?: number): Promise<WebLlmStatus> {
    const record = await this.record(modelId).catch(() => undefined);
    const check = await checkGpu(gpu(), record ? needsShaderF16(record) : false);
    let cached: boolean | undefined;
    try {
      const { hasModelInCache } = await webllm();
      cached = record ? await hasModelInCache(modelId, await this.appConfig()) : false;
    } catch {
      cached = undefined;
    }
    return { gpu: check, cached, loaded: this.holds(modelId, window) };
  }

  /**
   * The download size of a model's weights: the sum of the shards listed in its
   * `ndarray-cache.json` (one small request to where the model lives, made only when asked).
   */
  async downloadSize(modelId: string): Promise<WebLlmSizeOutcome> {
    try {
      const record = await this.record(modelId);
      const url = new URL('resolve/main/ndarray-cache.json', record.model.endsWith('/') ? record.model : `${record.model}/`).href;
      const response = await fetch(url);
      if (!response.ok) return { ok: false, message: `The size could not be read: ${url} answered HTTP ${response.status}.` };
      const json = (await response.json().catch(() => undefined)) as { records?: { nbytes?: number }[] } | undefined;
      if (!json || !Array.isArray(json.records)) return { ok: false, message: `The size could not be read: ${url} is not a model's ndarray-cache.json. Check the model folder URL.` };
      const shards = json.records ?? [];
      return { ok: true, bytes: shards.reduce((sum, shard) => sum + (shard.nbytes ?? 0), 0), files: shards.length };
    } catch (error) {
      return { ok: false, message: `The size could not be read (offline?): ${errorMessage(error)}` };
    }
  }

  /**
   * Loads a model (downloading it unless cached); the GPU is checked before any download.
   * `window`: the context window to run it with (chatOpts.context_window_size); left out, its record's.
   */
  async load(modelId: string, onProgress?: (progress: WebLlmProgress) => void, window?: number): Promise<WebLlmLoadOutcome> {
    const started = performance.now();
    try {
      const loaded = await this.engineFor(modelId, window, onProgress);
      const note = loaded.logitsNote;
      return { ok: true, modelId, label: loaded.provider.label, loadMs: performance.now() - started, logits: note === undefined, ...(note ? { logitsNote: note } : {}) };
    } catch (error) {
      return { ok: false, ...explain(error) };
    }
  }

  /**
   * The provider of a model at a window, loading it first when needed (a run that names a model
   * not yet loaded, or a window other than the loaded engine's: web-llm sizes its KV cache at load).
   */
  async provider(modelId: string, onProgress?: (progress: WebLlmProgress) => void, window?: number): Promise<ModelProvider> {
    try {
      return (await this.engineFor(modelId, window, onProgress)).provider;
    } catch (error) {
      throw new Error(explain(error).message);
    }
  }

  async deleteFromCache(modelId: string): Promise<Outcome> {
    try {
      if (this.loaded?.modelId === modelId) await this.unload();
      const { deleteModelAllInfoInCache } = await webllm();
      await deleteModelAllInfoInCache(modelId, await this.appConfig());
      return { ok: true };
    } catch (error) {
      return { ok: false, message: `The cached files could not be deleted: ${errorMessage(error)}` };
    }
  }

  private async unload(): Promise<void> {
    const previous = this.loaded;
    this.loaded = undefined;
    await previous?.engine.unload().catch(() => undefined);
  }

  /** Whether the engine holds this model at this window. */
  private holds(modelId: string, window: number | undefined): boolean {
    return this.loaded?.modelId === modelId && this.loaded.window === window;
  }

  private engineFor(modelId: string, window: number | undefined, onProgress?: (progress: WebLlmProgress) => void): Promise<Loaded> {
    if (this.holds(modelId, window)) return Promise.resolve(this.loaded!);
    if (this.loading?.modelId === modelId && this.loading.window === window) return this.loading.promise;
    // One engine at a time: a load for another model (or window) waits for the one under way to end.
    const before = this.loading?.promise.catch(() => undefined) ?? Promise.resolve();
    const promise = before.then(() => (this.holds(modelId, window) ? this.loaded! : this.createEngine(modelId, window, onProgress)));
    this.loading = { modelId, window, promise };
    const settled = () => {
      if (this.loading?.promise === promise) this.loading = undefined;
    };
    promise.then(settled, settled);
    return promise;
  }

  private async createEngine(modelId: string, window: number | undefined, onProgress?: (progress: WebLlmProgress) => void): Promise<Loaded> {
    const record = await this.record(modelId);
    // web-llm's reload fetches files before it looks at the GPU: check first (docs/sources.md).
    const check = await checkGpu(gpu(), needsShaderF16(record));
    if (!check.ok) throw new GpuCheckError(check);
    await this.unload();
    const { CreateMLCEngine } = await webllm();
    const capture = new DigitLogitCapture();
    const engineConfig = {
      appConfig: await this.appConfig(),
      initProgressCallback: (report: { progress: number; text: string; timeElapsed: number }) => onProgress?.({ progress: report.progress, text: report.text, timeElapsed: report.timeElapsed }),
      logitProcessorRegistry: logitProcessorRegistry(modelId, capture),
    };
    // A window set for the run goes to web-llm as chatOpts (on top of the record's overrides).
    const chatOpts = webllmChatOptions(window);
    const engine = chatOpts ? await CreateMLCEngine(modelId, engineConfig, chatOpts) : await CreateMLCEngine(modelId, engineConfig);
    const typed: WebLlmEngine = engine; // the core's view of the engine must match the library's
    const lock = new EngineLock();
    const logits = await this.digitSetup(record, typed, capture, lock);
    const provider = createWebLlmProvider({
      engine: typed,
      modelId,
      label: `WebLLM: ${modelLabel(modelId)}`,
      contextWindow: webllmWindowIn(record, window),
      ...(logits.ok ? { logits: { capture, digitTokenIds: logits.ids } } : {}),
    });
    const loaded: Loaded = { modelId, window, engine, provider, ...(logits.ok ? {} : { logitsNote: logits.note }) };
    this.loaded = loaded;
    return loaded;
  }

  /**
   * EGB-Logits needs the token ids of '0'..'9' (Alg. 3): read from the model's tokenizer.json,
   * which web-llm has just downloaded next to the weights, then checked by forcing them once.
   */
  private async digitSetup(record: ModelRecordLike, engine: WebLlmEngine, capture: DigitLogitCapture, lock: EngineLock): Promise<{ ok: true; ids: number[] } | { ok: false; note: string }> {
    try {
      const base = record.model.endsWith('/') ? record.model : `${record.model}/`;
      const response = await fetch(new URL('resolve/main/tokenizer.json', base).href);
      if (!response.ok) return { ok: false, note: `EGB-Logits is off: the model's tokenizer.json answered HTTP ${response.status}.` };
      const digits = digitTokensFromTokenizerJson(await response.json());
      if (!digits.singleDigits) return { ok: false, note: 'EGB-Logits is off: this tokenizer merges digits, so an index cannot be read digit by digit (the paper adapts Alg. 3 to Qwen2.5).' };
      await verifyDigitTokens({ engine, modelId: record.model_id, capture, digitTokenIds: digits.ids, lock });
      return { ok: true, ids: digits.ids };
    } catch (error) {
      return { ok: false, note: `EGB-Logits is off: ${errorMessage(error)}` };
    }
  }
}
