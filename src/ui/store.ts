import { create } from 'zustand';
import type { RunConfig } from '../core/run/run-config';
import type { RunEvent, RunProgress } from '../core/run/run-events';
import type { RunResult, TaskResult } from '../core/run/results';
import type { Runner } from '../core/run/runner';
import type { TraceEvent } from '../core/trace';
import { aggregate } from '../core/run/aggregate';
import { DEFAULT_PRICES, type Price } from '../core/run/prices';
import { configFromHash } from './url-config';
import { DEFAULT_RUN_CONFIG } from '../core/run/run-config';
import { DEFAULT_EMBEDDER } from '../core/embed/embedder-catalog';

/** The page starts on the bundled SimCSE embedder (the CLI's default is the faster lexical one). */
export const PAGE_DEFAULT_CONFIG: RunConfig = { ...DEFAULT_RUN_CONFIG, embedder: DEFAULT_EMBEDDER };

/** The page's status, as one literal union. */
export type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export interface AppState {
  config: RunConfig;
  status: Status;
  progress: RunProgress | undefined;
  error: string | undefined;
  /** Task results streamed by the running run. */
  liveResults: TaskResult[];
  /** The trace of the task running now. */
  liveTrace: { key: string; events: TraceEvent[] } | undefined;
  /** The last finished (or cancelled) run, also after a reload. */
  result: RunResult | undefined;
  /** The trace shown in Inspect. */
  selectedTrace: string | undefined;
  /** A one-off message for Results, such as a stored run that was dropped. */
  notice?: string;
  /** Dollars per million tokens by model id, editable in Results; costs are computed from them. */
  prices: Record<string, Price>;
  setPrice(model: string, price: Price): void;
  setConfig(patch: Partial<RunConfig>): void;
  setResult(result: RunResult | undefined): void;
  selectTrace(key: string | undefined): void;
  start(runner: Runner): Promise<void>;
  cancel(runner: Runner): void;
}

export const useStore = create<AppState>((set, get) => ({
  config: configFromHash(typeof location === 'undefined' ? '' : location.hash, PAGE_DEFAULT_CONFIG),
  status: 'idle',
  progress: undefined,
  error: undefined,
  liveResults: [],
  liveTrace: undefined,
  result: undefined,
  selectedTrace: undefined,
  prices: DEFAULT_PRICES,
  setPrice: (model, price) => set({ prices: { ...get().prices, [model]: price } }),
  setConfig: (patch) => set({ config: { ...get().config, ...patch } }),
  setResult: (result) => set({ result, selectedTrace: result ? (result.traceKeys?.[0] ?? Object.keys(result.traces)[0]) : undefined }),
  selectTrace: (key) => set({ selectedTrace: key }),

  async start(runner) {
    if (get().status === 'running') return;
    set({ status: 'running', error: undefined, notice: undefined, progress: undefined, liveResults: [], liveTrace: undefined });
    // Events come from the worker in batches; each batch becomes one store update (one render).
    let pending: RunEvent[] = [];
    const flush = () => {
      const events = pending;
      pending = [];
      const state = get();
      let { progress, liveTrace } = state;
      const finished: TaskResult[] = [];
      let copied = false;
      for (const event of events) {
        if (event.kind === 'progress') progress = event.progress;
        else if (event.kind === 'task-result') finished.push(event.result);
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
      set({ progress, liveTrace, ...(finished.length ? { liveResults: [...state.liveResults, ...finished] } : {}) });
    };
    try {
      const result = await runner.run(get().config, (event) => {
        if (pending.length === 0) queueMicrotask(flush);
        pending.push(event);
      });
      if (pending.length) flush();
      get().setResult(result);
      set({ status: result.status === 'cancelled' ? 'cancelled' : 'done', liveTrace: undefined });
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      set({ status: 'error', error: message, liveTrace: undefined });
    }
  },

  cancel(runner) {
    if (get().status === 'running') runner.cancel();
  },
}));

/** Aggregate rows of what has streamed so far, for charts that fill while a run goes. */
export function liveRows(results: TaskResult[]) {
  return aggregate(results);
}
