import type { Dataset } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { ModelProvider } from '../llm/model-provider';
import type { RunConfig } from './run-config';
import type { RunEvent } from './run-events';
import type { ImportLabel, RunData, RunResult } from './results';
import type { RunDependencies } from './run-dependencies';
import type { Embedder } from '../embed/embedder';
import { loadEnvironments } from '../envs/registry';
import { loadStrategies } from '../strategies/registry';
import { createSimProvider } from '../llm/sim/sim-provider';
import { withDials } from '../llm/sim/presets';
import { SIM_PREFIX, familyOf, isSimModel, simPresetOf } from '../llm/model-families';
import { fitLexicalEmbedder } from '../embed/fit-lexical';
import { DatasetError, ConfigError } from '../errors';
import { depthProblem } from '../json-depth';
import { runMatrix } from './run-matrix';
import { knownFor, validateRunConfig } from './run-config';
import { EMBEDDERS, type EmbedDevice, type EmbedderEntry } from '../embed/embedder-catalog';
import { PipelineEmbedder, type ExtractFn } from '../embed/pipeline-embedder';
import type { LoadProgress } from '../embed/transformers-extractor';
import type { HttpOptions } from '../llm/openai/http-client';
import { parseOpenAiId } from '../llm/openai/openai-id';
import { createOpenAiProvider } from '../llm/openai/openai-provider';
import { loadQwenTokenizer } from '../llm/qwen-tokenizer';
import { windowOf } from './run-cache';

/** Runs a matrix; implemented in-thread (tests, CLI, worker) and as a worker proxy (page). */
export interface Runner {
  run(config: RunConfig, onEvent?: (event: RunEvent) => void): Promise<RunResult>;
  cancel(): void;
}

/** Reads the JSON of an environment's data file (`public/data/<file>`): fs in Node, fetch in a worker. */
export type DataLoader = (dataFile: string) => Promise<unknown>;

/** What a run tells the resolver about how it will use the model. */
export interface ModelUse {
  /** Requests in flight at most (a server model); 1 unless the run says more. */
  concurrency?: number;
  /** The run's cancel signal: a server model aborts its requests on it. */
  signal?: AbortSignal;
  /** Constrained actions: act replies name a listed tool in a well-formed call (structured output). */
  constrained?: boolean;
  /** SimLM skills in place of the preset's (the run config's `dials`); other models never get them (validateRunConfig). */
  dials?: Record<string, number>;
  /** The window the run checks prompts against, where it checks them (`RunConfig.overflow`): SimLM refuses a longer prompt, as a server would. */
  window?: number;
  /** The run was given no window: a server is asked for its model's (once per run), to check prompts against where the run checks them and for the result to show. */
  askWindow?: boolean;
  /**
   * The window the run sets (`RunConfig.window`), checked or not: a model whose window is set at load
   * runs with it (WebLLM's chatOpts.context_window_size), so the check and the engine use one number.
   */
  engineWindow?: number;
}

/**
 * Resolves a model id to a provider: `sim:<preset>`, `openai:<base URL>#<model>`, or (in the page)
 * `webllm:<model>`. A model that must load first (WebLLM) reports its progress as text.
 */
export type ModelResolver = (modelId: string, onProgress?: (text: string) => void, use?: ModelUse) => Promise<ModelProvider>;

export const resolveSimModel: ModelResolver = async (modelId, _onProgress, use = {}) => {
  if (!isSimModel(modelId)) throw new ConfigError(`Unknown model "${modelId}". Use sim:<preset>, for example sim:small.`);
  const preset = modelId.slice(SIM_PREFIX.length);
  // Without dials the preset goes by id, exactly as before dials existed.
  const found = simPresetOf(modelId);
  const dialled = use.dials && Object.keys(use.dials).length > 0 && found ? withDials(found, use.dials) : undefined;
  return createSimProvider(preset, dialled, { constrained: use.constrained, window: use.window });
};

/**
 * The resolver of SimLM and OpenAI-compatible servers, with the server's API key looked up by
 * base URL (held by the caller, never in the run config) and WebLLM where the caller has it.
 */
export function createModelResolver(base: { apiKeyFor?: (baseUrl: string) => string | undefined; http?: HttpOptions; webllm?: ModelResolver; wllama?: ModelResolver; llama?: ModelResolver } = {}): ModelResolver {
  return async (modelId, onProgress, use = {}) => {
    const family = familyOf(modelId)?.id;
    if (family === 'openai') {
      const target = parseOpenAiId(modelId);
      const http: HttpOptions = { ...base.http, apiKey: base.apiKeyFor?.(target.baseUrl), signal: use.signal, onRetry: onProgress ?? base.http?.onRetry };
      return createOpenAiProvider({ target, concurrency: use.concurrency, http, constrained: use.constrained, askWindow: use.askWindow });
    }
    if (family === 'webllm') {
      if (!base.webllm) throw new ConfigError(`WebLLM models run in the page only (they need WebGPU); "${modelId}" cannot run here.`);
      return base.webllm(modelId, onProgress, use);
    }
    if (family === 'wllama') {
      // The engine is llama.cpp in WebAssembly in the page's worker, on a file picked there.
      if (!base.wllama) throw new ConfigError(`wllama: models run in the page only (llama.cpp in WebAssembly on a GGUF picked there); "${modelId}" cannot run here. In Node use llama:<file.gguf>.`);
      return base.wllama(modelId, onProgress, use);
    }
    if (family === 'llama') {
      // The engine is a native addon: Node's entry (scripts/llama/) plugs it in; the page has none.
      if (!base.llama) throw new ConfigError(`llama: models run in Node only (the bench and tests, through node-llama-cpp); "${modelId}" cannot run here.`);
      return base.llama(modelId, onProgress, use);
    }
    if (family === 'sim') return resolveSimModel(modelId, onProgress, use);
    throw new ConfigError(`Unknown model "${modelId}". Use sim:<preset> (for example sim:small), openai:<base URL>#<model> llama:<file.gguf> in Node or, in the page, webllm:<model> or wllama:<file.gguf or URL>.`);
  };
}

/**
 * Loads a transformers.js embedding model where the runner lives: onnxruntime-node in Node, the
 * page's onnxruntime-web files in the worker.
 */
export type EmbedderLoader = (entry: EmbedderEntry, device: EmbedDevice, onProgress?: (progress: LoadProgress) => void) => Promise<ExtractFn & { runtime?: string }>;

/** The runner that works in the current thread. Datasets are loaded once and kept. */
export class InThreadRunner implements Runner {
  private controller: AbortController | undefined;
  private readonly datasets = new Map<string, Dataset>();
  /** Loaded model embedders by `<id>@<device>`, kept with their caches across runs. */
  private readonly embedders = new Map<string, Promise<PipelineEmbedder>>();
  /** Environments whose data was imported rather than bundled, with what the importer said of them. */
  private readonly imported = new Map<string, ImportLabel>();
  /** The model load under way, which the next one waits for. */
  private loadQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly loadData: DataLoader,
    private readonly resolveModel: ModelResolver = createModelResolver(),
    /** The environments it runs; left out, the registry's, loaded on first use (`environments()`). */
    private envs?: Record<string, EnvSpec>,
    private readonly loadEmbedder?: EmbedderLoader,
    /** Limits of what a run keeps; the page's worker caps traces (`RunDependencies.maxTraces`). */
    private readonly limits: { maxTraces?: number } = {},
  ) {}

  /** The environments it runs, their code loaded (the registry's unless the constructor was given others). */
  async environments(): Promise<Record<string, EnvSpec>> {
    this.envs ??= await loadEnvironments();
    return this.envs;
  }

  /**
   * A model embedder, loaded once per id and device. A failed load is forgotten, so a later call
   * tries again (after the user goes online, say).
   */
  modelEmbedder(id: string, device: EmbedDevice, onProgress?: (progress: LoadProgress) => void): Promise<PipelineEmbedder> {
    const entry = EMBEDDERS[id];
    if (!entry || entry.source === 'built-in') return Promise.reject(new ConfigError(`"${id}" is not a model embedder. Known models: ${Object.values(EMBEDDERS).filter((e) => e.source !== 'built-in').map((e) => e.id).join(', ')}.`));
    const loader = this.loadEmbedder;
    if (!loader) return Promise.reject(new ConfigError(`This runner cannot load embedding models; use the lexical embedder.`));
    const key = `${id}@${device}`;
    let loading = this.embedders.get(key);
    if (!loading) {
      // Labelled with where it really runs: the loader may say (onnxruntime-node in Node), else the device.
      // One load at a time: onnxruntime-web does not take two sessions starting at once (a
      // background preload and a probe of another model, say).
      loading = this.loadQueue.then(() => loader(entry, device, onProgress)).then((extract) => new PipelineEmbedder(entry.id, `${entry.label} on ${extract.runtime ?? device}`, extract));
      this.loadQueue = loading.catch(() => undefined);
      loading.catch(() => this.embedders.delete(key));
      this.embedders.set(key, loading);
    }
    return loading;
  }

  /** The parsed dataset of an environment, loading it on first use. */
  async dataset(envId: string): Promise<Dataset> {
    const envs = await this.environments();
    const spec = Object.hasOwn(envs, envId) ? envs[envId] : undefined;
    if (!spec) throw new ConfigError(`Unknown environment "${envId}". Known: ${Object.keys(envs).join(', ')}.`);
    let dataset = this.datasets.get(envId);
    if (!dataset) {
      const bundled = spec.parse(await this.loadFiles(spec));
      // An import that landed while the bundled files loaded wins: it is what the page says is in use.
      dataset = this.datasets.get(envId) ?? bundled;
      this.datasets.set(envId, dataset);
    }
    return dataset;
  }

  private async loadFiles(spec: EnvSpec): Promise<unknown> {
    if (!spec.dataFiles) return this.loadData(spec.dataFile);
    const entries = await Promise.all(Object.entries(spec.dataFiles).map(async ([name, file]) => [name, await this.loadData(file)] as const));
    return Object.fromEntries(entries);
  }

  /**
   * Replaces an environment's dataset with an imported one. Validation happens first: on any
   * problem this throws and the dataset loaded before stays. The environments are loaded first
   * (`environments()`; a runner given its environments has them).
   */
  importDataset(envId: string, json: unknown, label: ImportLabel = {}): Dataset {
    if (!this.envs) throw new Error('The environments are not loaded yet: await runner.environments() before an import.');
    const spec = Object.hasOwn(this.envs, envId) ? this.envs[envId] : undefined;
    if (!spec) throw new ConfigError(`Unknown environment "${envId}".`);
    // Bounded first: a file nested thousands deep would overflow the parsers' recursion later, far from its case.
    const files = json && typeof json === 'object' && !Array.isArray(json) ? Object.entries(json as Record<string, unknown>) : [['file', json] as const];
    const problems = files.flatMap(([name, value]) => depthProblem(name, value) ?? []);
    if (problems.length > 0) throw Object.assign(new DatasetError(problems.map((p) => `${p.caseId ? `${p.caseId}: ` : ''}${p.path}: ${p.message}`).join('\n')), { problems });
    const dataset = spec.parse(json);
    this.datasets.set(envId, dataset);
    this.imported.set(envId, label);
    return dataset;
  }

  /** Puts an environment back on its bundled data (loaded again on next use): an import removed or set aside. */
  dropImport(envId: string): void {
    if (!this.imported.has(envId)) return;
    this.imported.delete(envId);
    this.datasets.delete(envId);
  }

  async run(config: RunConfig, onEvent?: (event: RunEvent) => void, options: Pick<RunDependencies, 'shard' | 'onTrace'> = {}): Promise<RunResult> {
    // Checked before anything loads, so a bad link or flag fails with its reason, not a TypeError.
    this.controller = new AbortController();
    const [envs, strategies] = await Promise.all([this.environments(), loadStrategies()]);
    validateRunConfig(config, knownFor(envs, strategies));
    const loadStarted = performance.now();
    const datasets: Record<string, Dataset> = {};
    const embedders: Record<string, Embedder> = {};
    const shared = config.embedder === 'lexical' ? undefined : await this.modelEmbedder(config.embedder, config.embedDevice, onProgressText(onEvent, EMBEDDERS[config.embedder]));
    for (const envId of config.envs) {
      datasets[envId] = await this.dataset(envId);
      // The lexical embedder is fitted per environment; a model embedder is one for all.
      embedders[envId] = shared ?? fitLexicalEmbedder(envs[envId].create(datasets[envId]), datasets[envId]);
    }
    const models = await this.resolveModel(config.model, progressText(onEvent), { concurrency: config.concurrency, signal: this.controller.signal, constrained: config.constrained, dials: config.dials, window: config.overflow ? windowOf(config) : undefined, askWindow: config.window === undefined, engineWindow: config.window });
    const loadMs = performance.now() - loadStarted;
    const result = await runMatrix(config, {
      envs,
      strategies,
      datasets,
      models,
      embedderFor: (envId) => embedders[envId],
      onEvent,
      signal: this.controller.signal,
      ...(this.limits.maxTraces !== undefined ? { maxTraces: this.limits.maxTraces } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.onTrace ? { onTrace: options.onTrace } : {}),
    });
    const data = Object.fromEntries(config.envs.map((id): [string, RunData] => [id, this.imported.has(id) ? { source: 'imported', tasks: datasets[id].tasks.length, ...this.imported.get(id) } : { source: 'bundled', tasks: datasets[id].tasks.length }]));
    return { ...result, loadMs, data };
  }

  /**
   * Loads what a run of this config needs before it is asked for (the page does so after first
   * paint): the datasets, the token counter's tokenizer and a bundled embedder. A failure is
   * left for the run to report.
   */
  async preload(config: Pick<RunConfig, 'envs' | 'embedder' | 'embedDevice'>): Promise<void> {
    const envs = await this.environments();
    const loads: Promise<unknown>[] = [loadQwenTokenizer(), ...config.envs.filter((id) => Object.hasOwn(envs, id)).map((id) => this.dataset(id))];
    if (EMBEDDERS[config.embedder]?.source === 'bundled') loads.push(this.modelEmbedder(config.embedder, config.embedDevice));
    await Promise.allSettled(loads);
  }

  cancel(): void {
    this.controller?.abort();
  }
}

/** A line of text as run progress, so the page shows what a run waits for before its first task. */
function progressText(onEvent?: (event: RunEvent) => void): ((text: string) => void) | undefined {
  if (!onEvent) return undefined;
  return (text) => onEvent({ kind: 'progress', progress: { done: 0, total: 0, elapsedMs: 0, text } });
}

/** Embedding-model loading progress as run progress text. */
function onProgressText(onEvent: ((event: RunEvent) => void) | undefined, entry: EmbedderEntry | undefined): ((progress: LoadProgress) => void) | undefined {
  const emit = progressText(onEvent);
  if (!emit) return undefined;
  const size = entry?.loadMB ? ` (about ${Math.round(entry.loadMB)} MB${entry.source === 'bundled' ? ', served by this page' : ' with its runtime'})` : '';
  return (progress) => {
    if (progress.status !== 'progress' && progress.status !== 'ready') return;
    emit(progress.status === 'ready' ? 'Embedding model ready' : `Loading the embedding model${size}: ${progress.file ?? ''} ${Math.round(progress.progress ?? 0)}%`);
  };
}
