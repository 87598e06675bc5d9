import * as Comlink from 'comlink';
import type { Runner } from '../core/run/runner';
import type { RunConfig } from '../core/run/run-config';
import type { RunEvent } from '../core/run/run-events';
import type { ImportLabel, RunResult } from '../core/run/results';
import type { RunPart, ImportOutcome, Outcome, WorkerApi, WllamaFileInfo } from '../worker/worker-api';

/** The worker calls the page makes as they are (the others keep state here: imports, keys, models). */
type ForwardedCall = 'webllmCatalog' | 'webllmStatus' | 'webllmSize' | 'webllmLoad' | 'webllmDelete' | 'wllamaStatus' | 'wllamaSize' | 'wllamaDownload' | 'wllamaDelete' | 'wllamaLoad' | 'probeEmbedder' | 'serverModels';
import type { CustomModelSpec } from '../core/llm/webllm';

/** The worker stopped unexpectedly (an uncaught error, or its script failed to load). */
export class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

/**
 * The page's Runner: a proxy to the strategy worker, so the main thread never runs a strategy.
 * A crashed worker rejects the running call with a WorkerCrashedError and is replaced on the next run.
 */
export class WorkerRunner implements Runner {
  private worker: Worker | undefined;
  private remote: Comlink.Remote<WorkerApi> | undefined;
  private crashed: Promise<never> | undefined;
  /** Imported datasets by environment, replayed into a fresh worker after a crash. */
  private readonly imports = new Map<string, { json: unknown; label?: ImportLabel }>();
  /** API keys by server base URL, replayed the same way; in memory only, never stored. */
  private readonly apiKeys = new Map<string, string>();
  /** Servers the user confirmed, replayed the same way. */
  private readonly approvedServers = new Set<string>();
  /** GGUF files picked for wllama, by name, replayed the same way (File handles: the bytes stay on disk). */
  private readonly wllamaFiles = new Map<string, File>();
  /** Self-hosted WebLLM models added, replayed the same way. */
  private readonly customModels = new Map<string, CustomModelSpec>();

  private start() {
    const worker = new Worker(new URL('../worker/runner-worker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    this.remote = Comlink.wrap<WorkerApi>(worker);
    this.crashed = new Promise<never>((_, reject) => {
      const fail = (message: string) => {
        this.stop();
        reject(new WorkerCrashedError(`The strategy worker stopped: ${message}. The run ended; you can start a new one.`));
      };
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        fail(event.message || 'its script could not be loaded');
      });
      worker.addEventListener('messageerror', () => fail('a message could not be read'));
    });
    this.crashed.catch(() => {});
    // What the page set up in the worker before it crashed comes back before the next run starts.
    const remote = this.remote;
    this.replayed = Promise.allSettled([
      remote.setDataBase(new URL('./data/', document.baseURI).href),
      ...[...this.imports].map(([envId, { json, label }]) => remote.importDataset(envId, json, label)),
      ...[...this.customModels.values()].map((spec) => remote.webllmAddCustom(spec)),
      ...[...this.wllamaFiles.values()].map((file) => remote.wllamaPickFile(file)),
      ...[...this.apiKeys].map(([url, key]) => remote.setApiKey(url, key)),
      ...[...this.approvedServers].map((url) => remote.approveServer(url)),
    ]).then(() => undefined);
  }

  /** Settles when the replay into the current worker is done. */
  private replayed: Promise<void> = Promise.resolve();

  /** Calls the worker, starting it if needed; a crash rejects the call instead of hanging it. */
  private call<T>(use: (remote: Comlink.Remote<WorkerApi>) => PromiseLike<T>): Promise<T> {
    if (!this.remote) this.start();
    return Promise.race([Promise.resolve(use(this.remote!)), this.crashed!]);
  }

  /**
   * A worker call the page makes as it is: started (or replayed) worker, crash rejection, and
   * callbacks (progress) passed as Comlink proxies. One helper instead of a method per call.
   */
  private forward<K extends ForwardedCall>(name: K): (...args: Parameters<WorkerApi[K]>) => Promise<Awaited<ReturnType<WorkerApi[K]>>> {
    return (...args) =>
      this.call((remote) => {
        const method = remote[name] as unknown as (...values: unknown[]) => Promise<Awaited<ReturnType<WorkerApi[K]>>>;
        return method(...args.map((arg) => (typeof arg === 'function' ? Comlink.proxy(arg) : arg)));
      });
  }

  readonly webllmCatalog = this.forward('webllmCatalog');
  readonly webllmStatus = this.forward('webllmStatus');
  readonly webllmSize = this.forward('webllmSize');
  readonly webllmLoad = this.forward('webllmLoad');
  readonly webllmDelete = this.forward('webllmDelete');
  readonly wllamaStatus = this.forward('wllamaStatus');
  readonly wllamaSize = this.forward('wllamaSize');
  readonly wllamaDownload = this.forward('wllamaDownload');
  readonly wllamaDelete = this.forward('wllamaDelete');
  readonly wllamaLoad = this.forward('wllamaLoad');

  /** Gives the worker a picked GGUF file; kept here too, so a worker started after a crash has it. */
  async wllamaPickFile(file: File): Promise<Outcome<WllamaFileInfo>> {
    const outcome = await this.call<Outcome<WllamaFileInfo>>((remote) => remote.wllamaPickFile(file) as Promise<Outcome<WllamaFileInfo>>);
    if (outcome.ok) this.wllamaFiles.set(file.name, file);
    return outcome;
  }

  /** Loads an embedder in the worker and ranks an environment's tools for a query. */
  readonly probeEmbedder = this.forward('probeEmbedder');
  /** The models an OpenAI-compatible server offers, asked from the worker (where runs call it). */
  readonly serverModels = this.forward('serverModels');

  async webllmAddCustom(spec: CustomModelSpec): Promise<Outcome<{ id: string }>> {
    const outcome = await this.call<Outcome<{ id: string }>>((remote) => remote.webllmAddCustom(spec) as Promise<Outcome<{ id: string }>>);
    if (outcome.ok) this.customModels.set(outcome.id, spec);
    return outcome;
  }

  private stop() {
    this.worker?.terminate();
    this.remote?.[Comlink.releaseProxy]();
    this.worker = undefined;
    this.remote = undefined;
  }

  async run(config: RunConfig, onEvent?: (event: RunEvent) => void, part?: RunPart, claim?: () => Promise<number | undefined>): Promise<RunResult> {
    if (!this.remote) this.start();
    const remote = this.remote!;
    const crashed = this.crashed!;
    // A run uses exactly the data the page says it uses: imports replayed after a crash land first.
    await Promise.race([this.replayed, crashed]);
    const onEvents = Comlink.proxy((events: RunEvent[]) => events.forEach((event) => onEvent?.(event)));
    return Promise.race([part ? remote.run(config, onEvents, part, claim && Comlink.proxy(claim)) : remote.run(config, onEvents), crashed]);
  }

  cancel(): void {
    void this.remote?.cancel();
  }

  /** Starts the worker and loads what a run of this config needs, in the background (after first paint). */
  preload(config: Pick<RunConfig, 'envs' | 'embedder' | 'embedDevice'>): void {
    void this.call((remote) => remote.preload({ envs: config.envs, embedder: config.embedder, embedDevice: config.embedDevice })).catch(() => {});
  }

  /** Gives the worker a server's API key (undefined forgets it); it stays in memory while the page is open. */
  setApiKey(baseUrl: string, key: string | undefined): Promise<void> {
    const url = baseUrl.replace(/\/+$/, '');
    if (key) this.apiKeys.set(url, key);
    else this.apiKeys.delete(url);
    return this.call((remote) => remote.setApiKey(url, key));
  }

  /** Lets runs use a server the user confirmed in the page. */
  approveServer(baseUrl: string): Promise<void> {
    const url = baseUrl.replace(/\/+$/, '');
    this.approvedServers.add(url);
    return this.call((remote) => remote.approveServer(url));
  }

  /** Validates and loads an imported dataset in the worker; on problems the loaded data stays. */
  async importDataset(envId: string, json: unknown, label?: ImportLabel): Promise<ImportOutcome> {
    const outcome = await this.call<ImportOutcome>((remote) => remote.importDataset(envId, json, label) as Promise<ImportOutcome>);
    if (outcome.ok) this.imports.set(envId, { json, ...(label ? { label } : {}) });
    return outcome;
  }

  /** Puts an environment back on its bundled data (an import removed or set aside). */
  dropImport(envId: string): Promise<void> {
    this.imports.delete(envId);
    return this.call((remote) => remote.dropImport(envId));
  }
}
