import { create } from 'zustand';
import type { RunConfig } from '../core/run/run-config';
import type { RunEvent, RunProgress } from '../core/run/run-events';
import type { RunResult, TaskResult } from '../core/run/results';
import type { Runner } from '../core/run/runner';
import { beginRun, commitRun, endRun, newRunId } from '../backends/run-store';
import { OPENAI_PREFIX } from '../core/llm/openai/openai-id';
import { importsSettled } from './import-queue';
import { dataDifferences, dataInUse, dataOfResult, describeData, type DataChoice, type ImportInfo } from './data-in-use';
import { envLabel } from './components/common/labels';
import type { TraceEvent } from '../core/trace';
import type { ContextWindow } from '../core/llm/context-window';
import { aggregate } from '../core/run/aggregate';
import { DEFAULT_PRICES, type Price } from '../core/run/prices';
import { sameSetup } from './setup-differences';
import { traceKey } from '../core/run/results';
import { DEFAULT_STORY } from '../core/run/stories';
import { pageFromHash, type PageState, type View } from './page-link';
import { linkHash } from './link-names';
import { isSimModel } from '../core/llm/model-families';
import { ASK_ABOVE_MS, estimateRun, PROBE_MS, projectedMs } from './live/run-estimate';
import { recordTimings, useTimings } from './live/timings';
import type { SweepState } from './components/charts/sweep-view';

/**
 * The page opens on the default story (household, ReAct against AutoTool, 60 tasks x 3 seeds, the
 * bundled SimCSE embedder), whose result ships with the page; a link's missing fields keep these.
 */
export const PAGE_DEFAULT_CONFIG: RunConfig = DEFAULT_STORY.config;

/** The link the page was opened with (or the bare page's defaults). */
/** The query form (`?tasks=10`) reads as the hash form (`#tasks=10`): the page then writes it into the hash. */
export const OPENED_LINK = pageFromHash(typeof location === 'undefined' ? '' : linkHash(location.search, location.hash), PAGE_DEFAULT_CONFIG);

/**
 * A run the page asks about before it goes on (issue 42 item 2): estimated over ASK_ABOVE_MS from the
 * rates earlier runs measured here (`before`: nothing has started), or projected so from its own
 * first seconds (`during`: it keeps running while the page asks). `go` runs (or keeps running) it;
 * `cancel` leaves the page as it was before the click.
 */
export interface RunAsk {
  when: 'before' | 'during';
  ms: number;
  taskRuns: number;
  go(): void;
  cancel(): void;
}

/** How a run is started: `confirmed` once the page has asked; `restore`, the setup to go back to on Cancel (a story's click changed it). */
export interface StartOptions {
  confirmed?: boolean;
  restore?: RunConfig;
}

/** The page's status, as one literal union. */
export type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/** Where the result on screen came from: the shipped file, this browser's store, a run here, or an opened file. */
export type ResultOrigin = { kind: 'shipped' } | { kind: 'stored' } | { kind: 'run' } | { kind: 'opened'; file: string };

/** The page's runner: a run is named by the page (`runId`), which marks it as being written first. */
export interface PageRunner extends Runner {
  run(config: RunConfig, onEvent?: (event: RunEvent) => void, part?: { runId: string }): Promise<RunResult>;
  /** Lets the worker run on a server the user confirmed. */
  approveServer(baseUrl: string): Promise<void>;
}

/** The base URL of the server a model id names (`openai:<base URL>#<model>`), or undefined. */
export function serverOf(modelId: string): string | undefined {
  if (!modelId.startsWith(OPENAI_PREFIX)) return undefined;
  const rest = modelId.slice(OPENAI_PREFIX.length);
  const hash = rest.lastIndexOf('#');
  return (hash < 0 ? rest : rest.slice(0, hash)).replace(/\/+$/, '');
}

export interface AppState {
  config: RunConfig;
  status: Status;
  progress: RunProgress | undefined;
  error: string | undefined;
  /** Task results streamed by the running run. */
  liveResults: TaskResult[];
  /** The trace of the task running now. */
  liveTrace: { key: string; events: TraceEvent[] } | undefined;
  /** The window the running run runs under, as its result will record it (a server's report, a WebLLM record): told before its first task. */
  liveWindow: ContextWindow | undefined;
  /** The last finished (or cancelled) run, also after a reload. */
  result: RunResult | undefined;
  /** Where `result` came from. */
  origin: ResultOrigin | undefined;
  /** The trace shown in Inspect. */
  selectedTrace: string | undefined;
  /** The trace shown beside it (a paired comparison), aligned by step. */
  compareTrace: string | undefined;
  /** The open view of Results. */
  view: View;
  /** The baseline strategy of the paired comparison; absent: the first strategy of the run. */
  baseline: string | undefined;
  /** The sweep of Results › Sweep: its progress and points. */
  sweep: SweepState;
  /**
   * The lesson open above Results (src/ui/lessons), and whether it is past Predict since it opened (its Run
   * was pressed, or its results shown without a prediction); until then Results' views are covered.
   */
  lesson: string | undefined;
  lessonStarted: boolean;
  /** A one-off message for Results, such as a stored run that was dropped. */
  notice?: string;
  /** A long run the page asks about; undefined when none. */
  runAsk?: RunAsk;
  /** What the opened (or edited) link held that the page refused or did not know, one sentence each, naming what it used instead. */
  linkProblems: string[];
  /**
   * Base URLs of model servers the user confirmed in this page: typed or picked in Setup, tested, or
   * confirmed when a link named them. A run on any other server waits for a confirmation (issue 29).
   */
  confirmedServers: string[];
  /** The server a run waits to be confirmed for (a link named it); undefined when none waits. */
  serverPrompt: string | undefined;
  /** Why Run is off, when the chosen model cannot run here (a WebLLM model and no WebGPU); undefined: it can. */
  runBlocked: string | undefined;
  setRunBlocked(reason: string | undefined): void;
  confirmServer(baseUrl: string): void;
  /** The user's imported data by environment (kept in IndexedDB until removed), and whether runs use them. */
  imports: Record<string, ImportInfo>;
  /** What went wrong loading stored imports again, or using one. */
  importProblem?: string;
  /**
   * The data the opened link's run used where this browser does not use the same (import missing,
   * another import, or an import in use where the link ran on the bundled data); undefined: none.
   */
  linkData: DataChoice | undefined;
  /** Dollars per million tokens by model id, editable in Results; costs are computed from them. */
  prices: Record<string, Price>;
  setPrice(model: string, price: Price): void;
  setConfig(patch: Partial<RunConfig>): void;
  setResult(result: RunResult | undefined, origin?: ResultOrigin): void;
  selectTrace(key: string | undefined, compare?: string): void;
  setView(view: View): void;
  setBaseline(strategy: string | undefined): void;
  /** What the link holds besides the setup. */
  pageState(): PageState;
  start(runner: PageRunner, options?: StartOptions): Promise<void>;
  cancel(runner: Runner): void;
}

export const useStore = create<AppState>((set, get) => ({
  config: OPENED_LINK.config,
  linkProblems: OPENED_LINK.problems,
  status: 'idle',
  progress: undefined,
  error: undefined,
  liveResults: [],
  liveTrace: undefined,
  liveWindow: undefined,
  result: undefined,
  origin: undefined,
  selectedTrace: undefined,
  compareTrace: undefined,
  view: OPENED_LINK.page.view,
  sweep: { status: 'idle' },
  lesson: OPENED_LINK.page.lesson,
  lessonStarted: false,
  baseline: OPENED_LINK.page.baseline,
  confirmedServers: [],
  serverPrompt: undefined,
  runBlocked: undefined,
  setRunBlocked: (runBlocked) => set({ runBlocked }),
  imports: {},
  linkData: undefined,
  confirmServer: (baseUrl) => {
    const url = baseUrl.replace(/\/+$/, '');
    if (!get().confirmedServers.includes(url)) set({ confirmedServers: [...get().confirmedServers, url] });
    if (get().serverPrompt === url) set({ serverPrompt: undefined });
  },
  prices: { ...DEFAULT_PRICES, ...OPENED_LINK.page.prices },
  setPrice: (model, price) => set({ prices: { ...get().prices, [model]: price } }),
  setConfig: (patch) => set({ config: { ...get().config, ...patch } }),
  setResult: (result, origin = result ? { kind: 'run' } : undefined) => set({ result, origin, compareTrace: undefined, selectedTrace: result ? (result.traceKeys?.[0] ?? Object.keys(result.traces)[0] ?? (result.results[0] && traceKey(result.results[0]))) : undefined }),
  selectTrace: (key, compare) => set({ selectedTrace: key, compareTrace: compare }),
  setView: (view) => set({ view }),
  setBaseline: (baseline) => set({ baseline }),
  pageState() {
    const state = get();
    const inUse = dataInUse(state.imports, state.config.envs);
    // While the opened link's data are not in place, the link keeps naming them (a reload asks again).
    const choice = { ...inUse, ...state.linkData };
    const data = Object.fromEntries(Object.entries(choice).filter((entry): entry is [string, string] => entry[1] !== null));
    const shown = state.result && state.status !== 'running' && sameSetup(state.result.config, state.config) && dataDifferences(dataOfResult(state.result.data, state.config.envs), inUse).length === 0;
    return {
      view: state.view,
      trace: shown ? state.selectedTrace : undefined,
      compare: shown ? state.compareTrace : undefined,
      baseline: state.baseline,
      prices: state.prices,
      results: Boolean(shown),
      ...(state.lesson ? { lesson: state.lesson } : {}),
      ...(Object.keys(data).length ? { data } : {}),
    };
  },

  async start(runner, options = {}) {
    if (get().status === 'running' || get().sweep.status === 'running') return;
    const server = serverOf(get().config.model);
    if (server !== undefined && !get().confirmedServers.includes(server)) {
      // Nothing is sent until the user confirms the server in the page (server-consent.tsx).
      set({ serverPrompt: server });
      return;
    }
    // How long it will take here, from earlier runs' rates (issue 42 item 2): over ASK_ABOVE_MS, it asks first.
    const estimate = isSimModel(get().config.model) ? estimateRun(get().config, useTimings.getState()) : undefined;
    if (!options.confirmed && estimate?.ms !== undefined && estimate.ms > ASK_ABOVE_MS) {
      set({
        runAsk: {
          when: 'before',
          ms: estimate.ms,
          taskRuns: estimate.taskRuns,
          go: () => {
            set({ runAsk: undefined });
            void get().start(runner, { ...options, confirmed: true });
          },
          cancel: () => set({ runAsk: undefined, ...(options.restore ? { config: options.restore } : {}) }),
        },
      });
      return;
    }
    // Without earlier rates, the run's own first seconds give one: it asks then, and Cancel puts back what was on screen.
    const probe = !options.confirmed && estimate?.ms === undefined ? { asked: false, abandoned: false } : undefined;
    const before = { result: get().result, origin: get().origin, status: get().status, notice: get().notice, selectedTrace: get().selectedTrace, compareTrace: get().compareTrace };
    set({ runAsk: undefined, serverPrompt: undefined, status: 'running', error: undefined, notice: undefined, progress: undefined, liveResults: [], liveTrace: undefined, liveWindow: undefined });
    const config = get().config;
    // Events come from the worker in batches; each batch becomes one store update (one render).
    let pending: RunEvent[] = [];
    const flush = () => {
      const events = pending;
      pending = [];
      const state = get();
      let { progress, liveTrace, liveWindow } = state;
      const finished: TaskResult[] = [];
      let copied = false;
      for (const event of events) {
        if (event.kind === 'progress') progress = event.progress;
        else if (event.kind === 'task-result') finished.push(event.result);
        else if (event.kind === 'model') liveWindow = event.window;
        else if (liveTrace?.key === event.key) {
          // One copy per batch, then appends (the store's arrays are never changed in place).
          if (!copied) liveTrace = { key: event.key, events: [...liveTrace.events] };
          copied = true;
          liveTrace.events.push(event.event);
        } else {
          liveTrace = { key: event.key, events: [event.event] };
          copied = true;
        }
      }
      set({ progress, liveTrace, liveWindow, ...(finished.length ? { liveResults: [...state.liveResults, ...finished] } : {}) });
      const projected = probe && !probe.asked && progress && progress.elapsedMs >= PROBE_MS ? projectedMs(progress) : undefined;
      if (probe && projected !== undefined) {
        probe.asked = true;
        if (projected > ASK_ABOVE_MS) {
          set({
            runAsk: {
              when: 'during',
              ms: projected,
              taskRuns: progress!.total,
              go: () => set({ runAsk: undefined }),
              cancel: () => {
                probe.abandoned = true;
                set({ runAsk: undefined });
                runner.cancel();
              },
            },
          });
        }
      }
    };
    const runId = newRunId();
    try {
      if (server !== undefined) await runner.approveServer(server);
      // Imports loading again after a reload (or one being loaded) reach the worker first.
      await importsSettled();
      const expected = dataInUse(get().imports, config.envs);
      // Named here and marked as being written, so that no other tab removes its traces meanwhile.
      await beginRun(runId);
      const result = await runner.run(
        config,
        (event) => {
          if (pending.length === 0) queueMicrotask(flush);
          pending.push(event);
        },
        { runId },
      );
      if (pending.length) flush();
      if (get().runAsk?.when === 'during') set({ runAsk: undefined });
      // Its rates are this browser's: the next run's estimate reads them, even from a run cut short.
      recordTimings(result);
      if (probe?.abandoned) {
        // Cancelled when the page asked: the page goes back to what it showed before the click.
        void endRun(runId);
        set({ ...before, ...(options.restore ? { config: options.restore } : {}), progress: undefined, liveResults: [], liveTrace: undefined, liveWindow: undefined });
        return;
      }
      if (result.status === 'error' && result.results.length === 0) {
        // Nothing finished (the server refused every call, say): the results before stay, and the error says what failed.
        void endRun(runId);
        set({ status: 'error', error: result.error ?? 'The run ended before any task finished.', liveTrace: undefined });
        return;
      }
      // A run of the same setup (Reproduce, Live) keeps the trace open in Inspect and the one beside it, where it ran them.
      const { selectedTrace: kept, compareTrace: keptCompare } = get();
      get().setResult(result, { kind: 'run' });
      const hasTrace = (key: string | undefined) => key !== undefined && result.results.some((r) => traceKey(r) === key);
      if (hasTrace(kept)) get().selectTrace(kept, hasTrace(keptCompare) ? keptCompare : undefined);
      // Kept before the run reads as done: a reload right after it finds it stored, instead of running the link's setup again.
      await commitRun(result);
      set({ status: result.status === 'cancelled' ? 'cancelled' : 'done', liveTrace: undefined, linkData: undefined });
      // The worker's own record of the data it ran on, against what Setup said: never a silent switch.
      const ran = dataOfResult(result.data, config.envs);
      const switched = dataDifferences(ran, expected);
      if (switched.length) set({ notice: `This run did not use the data Setup showed: ${switched.map((env) => `${envLabel(env)} ran on ${describeData(ran[env])}, not ${describeData(expected[env], get().imports[env])}`).join('; ')}.` });
    } catch (error) {
      void endRun(runId);
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      set({ status: 'error', error: message, liveTrace: undefined });
    }
  },

  cancel(runner) {
    if (get().status === 'running') runner.cancel();
  },
}));

/**
 * Aggregate rows of what has streamed so far, for charts that fill while a run goes: means only,
 * refreshed a few times a second on the main thread; the finished run's rows carry the intervals.
 */
export function liveRows(results: TaskResult[]) {
  return aggregate(results, { intervals: false });
}
