/// <reference lib="webworker" />
// The wasm file is served by the page itself (Vite copies it into the build), never from a CDN.
import wllamaWasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import type { ModelProvider } from '../core/llm/model-provider';
import type { ModelUse } from '../core/run/runner';
import { EngineLock } from '../core/llm/webllm/engine-lock';
import { ConfigError, errorMessage, failure, type Outcome } from '../core/errors';
import { blobReader, createWllamaProvider, readGgufHeader, wllamaFileName, wllamaSourceOf, type GgufHeader, type WllamaChatEngine, type WllamaSource } from '../core/llm/wllama';

/**
 * The wllama side of the strategy worker (docs/models.md): GGUF files the user picked, GGUF files
 * downloaded from a URL into the browser's storage (wllama's own cache, in the origin's private
 * file system), and one loaded engine: llama.cpp compiled to WebAssembly, on the CPU, in a worker
 * of its own that wllama starts. `@wllama/wllama` is imported on first use only.
 */

type WllamaModule = typeof import('@wllama/wllama');
let modulePromise: Promise<WllamaModule> | undefined;
const wllamaModule = () => (modulePromise ??= import('@wllama/wllama'));

/** Threads llama.cpp gets: one where the page is not cross-origin isolated (no SharedArrayBuffer: static hosts send no COOP/COEP), else the cores but one, at most 8. */
export function wllamaThreads(): { threads: number; isolated: boolean } {
  const isolated = self.crossOriginIsolated === true;
  return { isolated, threads: isolated ? Math.max(2, Math.min(8, (navigator.hardwareConcurrency || 2) - 1)) : 1 };
}

export interface WllamaFileInfo {
  name: string;
  bytes: number;
  architecture?: string;
  /** The trained context length the file's header gives. */
  contextLength?: number;
}

export interface WllamaStatus {
  isolated: boolean;
  threads: number;
  /** Files picked in this page (held in memory as File handles; nothing is copied). */
  files: WllamaFileInfo[];
  /** Models downloaded from a URL into the browser's storage; undefined where that storage could not be read. */
  cached: { url: string; bytes: number }[] | undefined;
  loaded?: WllamaLoaded;
}

export interface WllamaLoaded {
  modelId: string;
  label: string;
  window: number;
  windowSource: string;
  threads: number;
  multiThread: boolean;
  loadMs: number;
}

export type WllamaLoadOutcome = Outcome<WllamaLoaded>;
export type WllamaSizeOutcome = Outcome<{ url: string; bytes: number | undefined }>;
export type WllamaDownloadProgress = { loaded: number; total: number };

interface Engine {
  modelId: string;
  window: number;
  instance: import('@wllama/wllama').Wllama;
  /** Every provider on this engine shares it: one KV slot, one call at a time. */
  lock: EngineLock;
  info: WllamaLoaded;
}

export class WllamaHost {
  private readonly files = new Map<string, { file: Blob; info: WllamaFileInfo }>();
  private engine: Engine | undefined;
  private loading: Promise<Engine> | undefined;
  private manager: import('@wllama/wllama').ModelManager | undefined;

  private async modelManager() {
    const { ModelManager } = await wllamaModule();
    this.manager ??= new ModelManager({ logger: quiet });
    return this.manager;
  }

  /** Keeps a picked file (by name; a later pick of the same name replaces it), after checking it is GGUF. */
  async pickFile(file: File): Promise<Outcome<WllamaFileInfo>> {
    try {
      const header = await readGgufHeader(blobReader(file)).catch((error) => {
        throw new ConfigError(`${file.name} is not a GGUF model this page can read: ${errorMessage(error)}`);
      });
      const info = { name: file.name, bytes: file.size, ...headerInfo(header) };
      this.files.set(file.name, { file, info });
      return { ok: true, ...info };
    } catch (error) {
      return failure(error);
    }
  }

  async status(): Promise<WllamaStatus> {
    const cached = await this.cachedModels().catch(() => undefined);
    return { ...wllamaThreads(), files: [...this.files.values()].map((f) => f.info), cached, ...(this.engine ? { loaded: this.engine.info } : {}) };
  }

  private async cachedModels(): Promise<{ url: string; bytes: number }[]> {
    const models = await (await this.modelManager()).getModels();
    return models.map((model) => ({ url: model.url, bytes: model.size }));
  }

  /** The size of a URL's file from a HEAD request's Content-Length, before anything is downloaded. */
  async size(url: string): Promise<WllamaSizeOutcome> {
    try {
      checkUrl(url);
      const response = await fetch(url, { method: 'HEAD' }).catch((error: unknown) => {
        throw new Error(`${new URL(url).host} could not be reached (${errorMessage(error)}): offline, or the host does not let this page read it (CORS).`);
      });
      if (!response.ok) throw new Error(`HEAD ${url} answered HTTP ${response.status}.`);
      const length = Number(response.headers.get('content-length'));
      return { ok: true, url, bytes: Number.isFinite(length) && length > 0 ? length : undefined };
    } catch (error) {
      return failure(error, 'Could not read the size: ');
    }
  }

  /** Downloads a URL's GGUF into the browser's storage (wllama's cache), with progress. */
  async download(url: string, onProgress?: (progress: WllamaDownloadProgress) => void): Promise<Outcome<{ url: string; bytes: number }>> {
    try {
      checkUrl(url);
      const model = await (await this.modelManager()).downloadModel(url, { progressCallback: onProgress ? ({ loaded, total }) => onProgress({ loaded, total }) : undefined });
      return { ok: true, url, bytes: model.size };
    } catch (error) {
      return failure(error, 'The download failed: ');
    }
  }

  /** Removes a downloaded model from the browser's storage (and unloads it if it is the loaded one). */
  async deleteCached(url: string): Promise<Outcome> {
    try {
      const model = (await (await this.modelManager()).getModels()).find((m) => m.url === url);
      if (model) await model.remove();
      if (this.engine && wllamaSourceOf(this.engine.modelId)?.kind === 'url' && this.engine.modelId.endsWith(url)) await this.unload();
      return { ok: true };
    } catch (error) {
      return failure(error);
    }
  }

  /** Loads a model for the panel's Load button: what it loaded, or a plain reason. */
  async load(modelId: string, window?: number, onProgress?: (text: string) => void): Promise<WllamaLoadOutcome> {
    try {
      return { ok: true, ...(await this.ensure(modelId, window, onProgress)).info };
    } catch (error) {
      return failure(error);
    }
  }

  /** The provider a run of `wllama:<…>` uses, loading the model first if needed. */
  async provider(modelId: string, onProgress: ((text: string) => void) | undefined, use: ModelUse = {}): Promise<ModelProvider> {
    const engine = await this.ensure(modelId, use.engineWindow, onProgress);
    const { modelId: id, label, window, windowSource } = engine.info;
    return createWllamaProvider({ id, label, engine: chatEngine(engine.instance), contextWindow: { tokens: window, source: windowSource }, constrained: use.constrained, lock: engine.lock });
  }

  private async unload(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    await engine?.instance.exit().catch(() => undefined);
  }

  /** The blobs a source names: a picked file, or a downloaded one. Missing: a ConfigError that says what to do. */
  private async blobsOf(modelId: string, source: WllamaSource | undefined): Promise<{ blobs: Blob[]; bytes: number }> {
    if (!source)
      throw new ConfigError('No GGUF model chosen for wllama: pick a .gguf file (or download one from a URL) in Setup → Model → "GGUF file in this browser (wllama)".');
    if (source.kind === 'file') {
      const held = this.files.get(source.name);
      if (!held)
        throw new ConfigError(
          `No GGUF file is picked for ${modelId}: the page holds no file named "${source.name}". Pick it in Setup → Model → "GGUF file in this browser (wllama)" (a link names the file but cannot carry it).`,
        );
      return { blobs: [held.file], bytes: held.file.size };
    }
    const model = (await (await this.modelManager()).getModels()).find((m) => m.url === source.url);
    if (!model)
      throw new ConfigError(`${source.url} is not downloaded yet: in Setup → Model → "GGUF file in this browser (wllama)", check its size and press Download first (a run never downloads a model unasked).`);
    return { blobs: await model.open(), bytes: model.size };
  }

  private ensure(modelId: string, window: number | undefined, onProgress?: (text: string) => void): Promise<Engine> {
    const current = this.engine;
    if (current && current.modelId === modelId && (window === undefined || window === current.window)) return Promise.resolve(current);
    // One load at a time; a second request waits for the first, then checks again.
    const previous = this.loading ?? Promise.resolve(undefined);
    const next = previous
      .catch(() => undefined)
      .then(() => {
        const now = this.engine;
        if (now && now.modelId === modelId && (window === undefined || window === now.window)) return now;
        return this.loadEngine(modelId, window, onProgress);
      });
    this.loading = next;
    return next;
  }

  private async loadEngine(modelId: string, window: number | undefined, onProgress?: (text: string) => void): Promise<Engine> {
    const source = wllamaSourceOf(modelId);
    const { blobs, bytes } = await this.blobsOf(modelId, source);
    const name = wllamaFileName(source!);
    const header = await readGgufHeader(blobReader(blobs[0])).catch((error) => {
      throw new ConfigError(`${name} is not a GGUF model this page can read: ${errorMessage(error)}`);
    });
    const tokens = window ?? header.contextLength;
    if (!tokens) throw new ConfigError(`${name} does not say its context length (${header.architecture ?? 'no architecture'}.context_length): set the context window in Setup.`);
    const windowSource = window !== undefined ? `set in Setup (the file's trained length is ${header.contextLength?.toLocaleString('en-US') ?? 'not given'})` : `the file's trained length (${header.architecture}.context_length)`;
    await this.unload();
    const { threads } = wllamaThreads();
    onProgress?.(`Loading ${name} (${Math.round(bytes / 1e6).toLocaleString('en-US')} MB) into wllama, ${threads === 1 ? '1 thread' : `${threads} threads`}…`);
    const { Wllama } = await wllamaModule();
    // llama.cpp's own error lines are kept to say why a load failed; the rest of its log is dropped.
    const said: string[] = [];
    const logger = { ...quiet, error: (...args: unknown[]) => void (said.length < 100 && said.push(args.map(String).join(' '))) };
    const instance = new Wllama({ default: wllamaWasmUrl }, { logger });
    // Never the compatibility build: wllama would fetch it from a CDN. Browsers without JSPI and memory64 fail to load instead, and say so.
    instance.setCompat(null);
    const started = performance.now();
    const refused = async (why: string) => {
      await instance.exit().catch(() => undefined);
      return new ConfigError(`wllama could not load ${name}: ${why}. Nothing else changed: your setup and results are as they were; pick another file or use the simulated model.`);
    };
    try {
      await instance.loadModel(blobs, { n_ctx: tokens, n_threads: threads, n_parallel: 1, n_gpu_layers: 0 });
    } catch (error) {
      throw await refused(errorMessage(error));
    }
    // wllama 3.13 resolves even when llama.cpp refused the file: its answer says so (success false, no context).
    const loadedInfo = instance.getLoadedContextInfo() as ReturnType<typeof instance.getLoadedContextInfo> & { success?: boolean };
    if (loadedInfo.success === false || !(loadedInfo.n_ctx > 0)) {
      const reason = said.find((line) => /error loading model/.test(line)) ?? said.find((line) => /error|fail/i.test(line)) ?? 'llama.cpp refused the file';
      throw await refused(reason.replace(/\s+/g, ' ').trim());
    }
    const loadMs = performance.now() - started;
    const info = loadedInfo;
    const multiThread = instance.isMultithread();
    // wllama reports the threads asked for; without its multi-thread build (no SharedArrayBuffer) it runs one.
    const used = multiThread ? instance.getNumThreads() : 1;
    const label = `wllama (llama.cpp, CPU, ${used === 1 ? '1 thread' : `${used} threads`}): ${name}`;
    const engine: Engine = { modelId, window: tokens, instance, lock: new EngineLock(), info: { modelId, label, window: info.n_ctx, windowSource, threads: used, multiThread, loadMs } };
    this.engine = engine;
    return engine;
  }
}

/** The chat completion the core model calls, on the loaded instance (never streamed). */
function chatEngine(instance: import('@wllama/wllama').Wllama): WllamaChatEngine {
  return {
    createChatCompletion: (params) => instance.createChatCompletion({ ...params, stream: false } as Parameters<typeof instance.createChatCompletion>[0] & { stream: false }) as unknown as ReturnType<WllamaChatEngine['createChatCompletion']>,
  };
}

function headerInfo(header: GgufHeader): Pick<WllamaFileInfo, 'architecture' | 'contextLength'> {
  return { ...(header.architecture ? { architecture: header.architecture } : {}), ...(header.contextLength ? { contextLength: header.contextLength } : {}) };
}

function checkUrl(url: string): void {
  if (!/^https?:\/\/\S+\.gguf(\?\S*)?$/i.test(url)) throw new ConfigError(`"${url}" is not the URL of a .gguf file (http or https, ending in .gguf).`);
}

/** wllama's own logging kept to errors (its warnings about compatibility builds do not apply: they are off). */
const quiet = { debug: () => {}, log: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };
