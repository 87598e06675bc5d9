/// <reference lib="webworker" />
// First: the worker keeps to the page's connection allow-list before anything else loads.
import './connect-guard-install';
import * as Comlink from 'comlink';
import { InThreadRunner, createModelResolver, type ModelResolver } from '../core/run/runner';
import { serverModelWindows } from '../core/llm/openai/openai-provider';
import { WebLlmHost } from '../backends/webllm-host';
import { WllamaHost } from '../backends/wllama-host';
import { webllmModelOf } from '../core/llm/webllm';
import type { RunEvent } from '../core/run/run-events';
import type { WorkerApi } from './worker-api';
import { loadWorkerEmbedder, setModelBase } from '../backends/transformers-embedder';
import { ConfigError, failure } from '../core/errors';
import { familyOf } from '../core/llm/model-families';
import { parseOpenAiId } from '../core/llm/openai/openai-id';
import { refusal } from './connect-guard';
import { saveRunData } from '../backends/run-store';
import { probeEmbedder } from './probe-embedder';
import { importDataset } from './import-dataset';

let dataBase = '';

async function fetchData(dataFile: string): Promise<unknown> {
  const url = new URL(dataFile, dataBase || self.location.href).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}.`);
  return response.json();
}

const webllm = new WebLlmHost();
const wllama = new WllamaHost();

/** API keys of OpenAI-compatible servers by base URL, in this worker's memory only. */
const apiKeys = new Map<string, string>();

/** Base URLs of servers the user confirmed in the page; a run on any other server is refused. */
const approvedServers = new Set<string>();

/**
 * Why a run of this model may not start: a server outside the allow-list, or one the user has not
 * confirmed in the page (a link that names a server runs only after that; issue 29).
 */
function serverRefusal(modelId: string): string | undefined {
  if (familyOf(modelId)?.id !== 'openai') return undefined;
  const { baseUrl } = parseOpenAiId(modelId);
  const url = baseUrl.replace(/\/+$/, '');
  return refusal(`${url}/models`) ?? (approvedServers.has(url) ? undefined : `The server ${url} has not been confirmed in the page: a run sends requests to it only after you confirm it.`);
}

/** `webllm:<model id>` is a WebLLM model, loaded here on first use; SimLM presets and servers go to the shared resolver. */
const resolveModel: ModelResolver = createModelResolver({
  apiKeyFor: (baseUrl) => apiKeys.get(baseUrl),
  webllm: (modelId, onProgress, use) => {
    const local = webllmModelOf(modelId) ?? '';
    return webllm.provider(local, onProgress ? (p) => onProgress(`Loading ${local}: ${p.text}`) : undefined, use?.engineWindow);
  },
  wllama: (modelId, onProgress, use) => wllama.provider(modelId, onProgress, use),
});

/**
 * The traces a page run keeps: enough for every story (720 task runs), while a full matrix (4,500
 * task runs, 255 MB of traces) keeps an equal share per environment and strategy, with a notice.
 */
const MAX_TRACES = 1000;

const runner = new InThreadRunner(fetchData, resolveModel, undefined, loadWorkerEmbedder, { maxTraces: MAX_TRACES });

/** How often batched events go to the page, in milliseconds. */
const FLUSH_MS = 60;

const api: WorkerApi = {
  setDataBase(url) {
    dataBase = url;
    setModelBase(new URL('../models/', url).href);
  },
  probeEmbedder: (embedderId, device, envId, query, onProgress) => probeEmbedder(runner, embedderId, device, envId, query, onProgress),
  approveServer(baseUrl) {
    approvedServers.add(baseUrl.replace(/\/+$/, ''));
  },
  async run(config, onEvents, part, claim) {
    const refused = serverRefusal(config.model);
    if (refused) throw new ConfigError(refused);
    let buffer: RunEvent[] = [];
    const flush = () => {
      if (buffer.length === 0) return;
      // The page shows the trace of the task running now: trace events of tasks that finished
      // within this batch are in the final result and need not cross now.
      let lastKey: string | undefined;
      for (const event of buffer) if (event.kind === 'trace') lastKey = event.key;
      const batch = buffer.filter((event) => event.kind !== 'trace' || event.key === lastKey);
      buffer = [];
      void onEvents(batch);
    };
    const timer = setInterval(flush, FLUSH_MS);
    try {
      // The traces and snapshots go to IndexedDB from here; the page gets the run without them and
      // reads the trace it inspects and the snapshot it draws.
      const result = await runner.run(config, (event) => buffer.push(event), part?.shard ? { shard: { ...part.shard, ...(claim ? { claim } : {}) } } : {});
      // Traces and snapshots are kept under the run's id (a pool's parts share it); the page merges
      // the parts and commits the run, and nothing here removes another run's.
      return await saveRunData(part ? { ...result, id: part.runId } : result);
    } finally {
      clearInterval(timer);
      flush();
      // The page's callbacks came as proxies, each on a message port of its own: closed now (after
      // the last batch, which the port delivers first), so a page that runs often keeps none.
      for (const callback of [onEvents, claim]) (callback as Partial<Comlink.Remote<unknown>> | undefined)?.[Comlink.releaseProxy]?.();
    }
  },
  cancel() {
    runner.cancel();
  },
  preload: (config) => runner.preload(config),
  async webllmCatalog() {
    try {
      return { ok: true, ...(await webllm.catalog()) };
    } catch (error) {
      return failure(error, 'The WebLLM library could not be loaded: ');
    }
  },
  async webllmAddCustom(spec) {
    try {
      return { ok: true, id: webllm.registerCustom(spec).model_id };
    } catch (error) {
      return failure(error);
    }
  },
  webllmStatus: (modelId, window) => webllm.status(modelId, window),
  webllmSize: (modelId) => webllm.downloadSize(modelId),
  webllmLoad: (modelId, onProgress, window) => webllm.load(modelId, onProgress ? (p) => void onProgress(p) : undefined, window),
  webllmDelete: (modelId) => webllm.deleteFromCache(modelId),
  wllamaPickFile: (file) => wllama.pickFile(file),
  wllamaStatus: () => wllama.status(),
  wllamaSize: (url) => wllama.size(url),
  wllamaDownload: (url, onProgress) => wllama.download(url, onProgress ? (p) => void onProgress(p) : undefined),
  wllamaDelete: (url) => wllama.deleteCached(url),
  wllamaLoad: (modelId, window, onProgress) => wllama.load(modelId, window, onProgress ? (text) => void onProgress(text) : undefined),
  setApiKey(baseUrl, key) {
    const url = baseUrl.replace(/\/+$/, '');
    if (key) apiKeys.set(url, key);
    else apiKeys.delete(url);
  },
  async serverModels(baseUrl) {
    try {
      const url = baseUrl.replace(/\/+$/, '');
      const refused = refusal(`${url}/models`);
      if (refused) return failure(new ConfigError(refused));
      return { ok: true, ...(await serverModelWindows(url, { apiKey: apiKeys.get(url) })) };
    } catch (error) {
      return failure(error);
    }
  },
  importDataset: (envId, json, label) => importDataset(runner, fetchData, envId, json, label),
  dropImport: (envId) => runner.dropImport(envId),
};

Comlink.expose(api);
