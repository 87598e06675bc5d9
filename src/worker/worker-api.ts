import type { ContextWindow } from '../core/llm/context-window';
import type { RunConfig } from '../core/run/run-config';
import type { Outcome } from '../core/errors';

export type { Outcome, Failure, Problem } from '../core/errors';
import type { RunEvent } from '../core/run/run-events';
import type { ImportLabel, RunResult } from '../core/run/results';
import type { EmbedDevice } from '../core/embed/embedder-catalog';
import type { LoadProgress } from '../core/embed/transformers-extractor';
import type { CatalogModel, CustomModelSpec } from '../core/llm/webllm';
import type { WebLlmLoadOutcome, WebLlmProgress, WebLlmSizeOutcome, WebLlmStatus } from '../backends/webllm-host';

export type { WebLlmLoadOutcome, WebLlmProgress, WebLlmSizeOutcome, WebLlmStatus };
import type { WllamaDownloadProgress, WllamaFileInfo, WllamaLoadOutcome, WllamaSizeOutcome, WllamaStatus } from '../backends/wllama-host';
export type { WllamaDownloadProgress, WllamaFileInfo, WllamaLoadOutcome, WllamaSizeOutcome, WllamaStatus };
export type WebLlmCatalogOutcome = Outcome<{ models: CatalogModel[]; defaultId: string }>;

/** Tools of an environment ranked for a query by an embedder, or why that failed. */
export type ProbeOutcome = Outcome<{ embedder: string; device: EmbedDevice | 'cpu'; ranking: { tool: string; score: number }[]; loadMs: number; embedMs: number }>;

/** The models of an OpenAI-compatible server, or the reason they could not be listed. */
/** A server's models, and the context window of each it reports (vLLM's max_model_len, llama.cpp's n_ctx). */
export type ServerModelsOutcome = Outcome<{ models: string[]; windows?: Record<string, ContextWindow> }>;

/** The outcome of an import: a summary, or every problem found (nothing is replaced then: `problems` is always set). */
export type ImportOutcome = Outcome<{ env: string; tasks: number; train: number; test: number; tools: number; skipped?: { id: string; reason: string }[]; notes?: string[] }>;

/** The run's id its traces are stored under, and, for one worker's share of a pooled run, its shard. */
export interface RunPart {
  runId: string;
  shard?: { index: number; count: number };
}

/** What the strategy worker exposes to the page through Comlink. */
export interface WorkerApi {
  /** Where the bundled data files are served, for example `https://host/app/data/`. */
  setDataBase(url: string): void;
  /**
   * Runs a matrix; events arrive in batches so that a fast run does not flood the page. A pool's
   * part runs the jobs `claim` hands out (the pool's shared counter; see `RunDependencies.shard`).
   */
  run(config: RunConfig, onEvents: (events: RunEvent[]) => void, part?: RunPart, claim?: () => Promise<number | undefined>): Promise<RunResult>;
  cancel(): void;
  /** Loads the bundled embedder in the background so the first run need not wait for it. */
  preload(config: Pick<RunConfig, 'envs' | 'embedder' | 'embedDevice'>): Promise<void>;
  /**
   * Loads an embedder (if needed) and ranks an environment's tools (`name: description`) for a
   * query, best first. The Setup panel's probe, and a check that the model really runs.
   */
  probeEmbedder(embedder: string, device: EmbedDevice, envId: string, query: string, onProgress?: (progress: LoadProgress) => void): Promise<ProbeOutcome>;
  /** WebLLM (docs/models.md): the prebuilt small chat models and the self-hosted ones added. */
  webllmCatalog(): Promise<WebLlmCatalogOutcome>;
  /** Adds a self-hosted model (its id, model folder URL and .wasm library URL); an error says what is wrong. */
  webllmAddCustom(spec: CustomModelSpec): Promise<Outcome<{ id: string }>>;
  /** GPU check (WebGPU, adapter, shader-f16 when the model needs it), cache and load state (loaded at `window`, the run's; undefined: the record's). */
  webllmStatus(modelId: string, window?: number): Promise<WebLlmStatus>;
  /** The weights' download size, read from the model's ndarray-cache.json (online). */
  webllmSize(modelId: string): Promise<WebLlmSizeOutcome>;
  /** Checks the GPU, then downloads (unless cached) and loads the model at `window` (chatOpts.context_window_size; undefined: the record's); runs at that window use it from then on. */
  webllmLoad(modelId: string, onProgress?: (progress: WebLlmProgress) => void, window?: number): Promise<WebLlmLoadOutcome>;
  webllmDelete(modelId: string): Promise<Outcome>;
  /** wllama (docs/models.md): keeps a GGUF file the user picked (a File handle: nothing is copied), after reading its header. */
  wllamaPickFile(file: File): Promise<Outcome<WllamaFileInfo>>;
  /** Threads (1 unless the page is cross-origin isolated), picked files, downloaded models, the loaded one. */
  wllamaStatus(): Promise<WllamaStatus>;
  /** A URL's file size from HEAD (Content-Length), before any download. */
  wllamaSize(url: string): Promise<WllamaSizeOutcome>;
  /** Downloads a URL's GGUF into the browser's storage, with progress. */
  wllamaDownload(url: string, onProgress?: (progress: WllamaDownloadProgress) => void): Promise<Outcome<{ url: string; bytes: number }>>;
  wllamaDelete(url: string): Promise<Outcome>;
  /** Loads `wllama:<file or URL>` at `window` (undefined: the file's trained length); runs use it from then on. */
  wllamaLoad(modelId: string, window?: number, onProgress?: (text: string) => void): Promise<WllamaLoadOutcome>;
  /**
   * The API key of an OpenAI-compatible server, by base URL; undefined forgets it. Held in the
   * worker's memory only: never in the run config, the URL, IndexedDB or an export.
   */
  setApiKey(baseUrl: string, key: string | undefined): void;
  /**
   * A server the user confirmed in the page (typed it, tested it, or confirmed a link that names
   * it): runs on it may start. A run on a server not confirmed, or outside the page's allow-list, is refused.
   */
  approveServer(baseUrl: string): void;
  /** The models a server offers (`GET /models`), or why it could not be asked. */
  serverModels(baseUrl: string): Promise<ServerModelsOutcome>;
  /**
   * Validates and loads a user's dataset for an environment (SLATE: `{tools, cases}`); `label`
   * (its fingerprint and file names) goes into the results of runs on it.
   */
  importDataset(envId: string, json: unknown, label?: ImportLabel): Promise<ImportOutcome>;
  /** Puts an environment back on its bundled data. */
  dropImport(envId: string): void;
}
