/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { InThreadRunner, createModelResolver, type ModelResolver } from '../core/run/runner';
import { listServerModels } from '../core/llm/openai/openai-provider';
import { WebLlmHost } from '../backends/webllm-host';
import { webllmModelOf } from '../core/llm/webllm';
import { ENVIRONMENTS } from '../core/envs';
import type { RunEvent } from '../core/run/run-events';
import type { WorkerApi } from './worker-api';
import { loadWorkerEmbedder, setModelBase } from '../backends/transformers-embedder';
import { fitLexicalEmbedder } from '../core/embed/fit-lexical';
import { toolText } from '../core/embed/expert-walks';
import { topK } from '../core/embed/cosine';
import type { Embedder } from '../core/embed/embedder';
import { errorMessage } from '../core/errors';
import { saveRun, saveRunPart } from '../backends/run-store';

let dataBase = '';

async function fetchData(dataFile: string): Promise<unknown> {
  const url = new URL(dataFile, dataBase || self.location.href).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}.`);
  return response.json();
}

const webllm = new WebLlmHost();

/** API keys of OpenAI-compatible servers by base URL, in this worker's memory only. */
const apiKeys = new Map<string, string>();

/** `webllm:<model id>` is a WebLLM model, loaded here on first use; SimLM presets and servers go to the shared resolver. */
const resolveModel: ModelResolver = createModelResolver({
  apiKeyFor: (baseUrl) => apiKeys.get(baseUrl),
  webllm: (modelId, onProgress) => {
    const local = webllmModelOf(modelId) ?? '';
    return webllm.provider(local, onProgress ? (p) => onProgress(`Loading ${local}: ${p.text}`) : undefined);
  },
});

/**
 * The traces a page run keeps: enough for every story (720 task runs), while a full matrix (4,500
 * task runs, 255 MB of traces) keeps an equal share per environment and strategy, with a notice.
 */
const MAX_TRACES = 1000;

const runner = new InThreadRunner(fetchData, resolveModel, ENVIRONMENTS, loadWorkerEmbedder, { maxTraces: MAX_TRACES });

/** How often batched events go to the page, in milliseconds. */
const FLUSH_MS = 60;

const api: WorkerApi = {
  setDataBase(url) {
    dataBase = url;
    setModelBase(new URL('../models/', url).href);
  },
  async probeEmbedder(embedderId, device, envId, query, onProgress) {
    try {
      const dataset = await runner.dataset(envId);
      const env = ENVIRONMENTS[envId].create(dataset);
      const tools = env.tools();
      const loadStarted = performance.now();
      const embedder: Embedder = embedderId === 'lexical' ? fitLexicalEmbedder(env, dataset) : await runner.modelEmbedder(embedderId, device, onProgress ? (p) => void onProgress(p) : undefined);
      const loadMs = performance.now() - loadStarted;
      const embedStarted = performance.now();
      const [q, ...vectors] = await embedder.embed([query, ...tools.map(toolText)]);
      const embedMs = performance.now() - embedStarted;
      const ranking = topK(q, vectors, vectors.length).map(({ index, score }) => ({ tool: tools[index].name, score }));
      return { ok: true, embedder: embedder.label, device: embedderId === 'lexical' ? 'cpu' : device, ranking, loadMs, embedMs };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
  },
  async run(config, onEvents, part) {
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
      // The traces go to IndexedDB from here; the page gets the run without them and reads the one it inspects.
      const result = await runner.run(config, (event) => buffer.push(event), part ? { shard: part.shard } : {});
      // A pool's part keeps its traces under the run's id; the page merges the parts and commits the run.
      return part ? await saveRunPart({ ...result, id: part.runId }) : await saveRun(result);
    } finally {
      clearInterval(timer);
      flush();
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
      return { ok: false, message: `The WebLLM library could not be loaded: ${errorMessage(error)}` };
    }
  },
  async webllmAddCustom(spec) {
    try {
      return { ok: true, id: webllm.registerCustom(spec).model_id };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
  },
  webllmStatus: (modelId) => webllm.status(modelId),
  webllmSize: (modelId) => webllm.downloadSize(modelId),
  webllmLoad: (modelId, onProgress) => webllm.load(modelId, onProgress ? (p) => void onProgress(p) : undefined),
  webllmDelete: (modelId) => webllm.deleteFromCache(modelId),
  setApiKey(baseUrl, key) {
    const url = baseUrl.replace(/\/+$/, '');
    if (key) apiKeys.set(url, key);
    else apiKeys.delete(url);
  },
  async serverModels(baseUrl) {
    try {
      const url = baseUrl.replace(/\/+$/, '');
      return { ok: true, models: await listServerModels(url, { apiKey: apiKeys.get(url) }) };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
  },
  async importDataset(envId, json) {
    try {
      // Files the user left out come from the bundled data (SLATE without its own tool library).
      const files = ENVIRONMENTS[envId]?.dataFiles ?? {};
      if (json && typeof json === 'object') {
        const given = json as Record<string, unknown>;
        for (const [name, file] of Object.entries(files)) if (given[name] === undefined) json = { ...(json as object), [name]: await fetchData(file) };
      }
      const dataset = runner.importDataset(envId, json);
      const train = dataset.tasks.filter((task) => task.split === 'train').length;
      const tools = (dataset as { tools?: unknown[] }).tools?.length ?? 0;
      return { ok: true, env: envId, tasks: dataset.tasks.length, train, test: dataset.tasks.length - train, tools, ...(dataset.skipped ? { skipped: dataset.skipped } : {}), ...(dataset.notes ? { notes: dataset.notes } : {}) };
    } catch (error) {
      // Problems cross the worker as data, not as a flattened message.
      const problems = (error as { problems?: { caseId: string; path: string; message: string }[] }).problems;
      return { ok: false, problems: problems ?? [{ caseId: '', path: '', message: errorMessage(error) }] };
    }
  },
};

Comlink.expose(api);
