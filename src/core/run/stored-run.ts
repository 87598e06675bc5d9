import type { TraceEvent } from '../trace';
import type { RunResult, StoredSnapshot } from './results';

/**
 * A run as a store keeps it (the page's IndexedDB run store): a small summary the page holds, and
 * each trace and snapshot under its own key, read one at a time. A full SLATE matrix's result was
 * 23 MB, 22 MB of it one ToolExpNet network; handing the page all of it blocked its main thread.
 */
export interface RunApart {
  /** The run with `traces` and `snapshots` empty, and `traceKeys` and `storedSnapshots` listing them. */
  summary: RunResult;
  traces: [key: string, events: TraceEvent[]][];
  snapshots: [key: string, snapshot: unknown][];
}

/** A snapshot's kind (StrategySnapshot's `kind`), read as data: undefined when it has none. */
export function snapshotKind(snapshot: unknown): string | undefined {
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) return undefined;
  const kind = (snapshot as Record<string, unknown>).kind;
  return typeof kind === 'string' ? kind : undefined;
}

/** Takes a run apart for a store. A run without snapshots (an older one) gets no `storedSnapshots`. */
export function takeApart(result: RunResult): RunApart {
  const snapshots = Object.entries(result.snapshots ?? {});
  const storedSnapshots: StoredSnapshot[] = snapshots.map(([key, snapshot]) => {
    const kind = snapshotKind(snapshot);
    return kind === undefined ? { key } : { key, kind };
  });
  return {
    summary: { ...result, traces: {}, traceKeys: Object.keys(result.traces), ...(result.snapshots ? { snapshots: {}, storedSnapshots } : {}) },
    traces: Object.entries(result.traces),
    snapshots,
  };
}

/**
 * The whole run again: its summary with what was read back of the traces and snapshots it lists
 * (those not found are left out). Inline ones stay, first. Gives the run as it was before
 * `takeApart`, keys in the same order.
 */
export function putTogether(summary: RunResult, traces: ReadonlyMap<string, TraceEvent[]>, snapshots: ReadonlyMap<string, unknown>): RunResult {
  const { traceKeys, storedSnapshots, ...rest } = summary;
  const found = <T>(keys: string[], read: ReadonlyMap<string, T>) => keys.flatMap((key) => (read.has(key) ? [[key, read.get(key) as T] as const] : []));
  return {
    ...rest,
    traces: traceKeys ? { ...rest.traces, ...Object.fromEntries(found(traceKeys, traces)) } : rest.traces,
    ...(storedSnapshots ? { snapshots: { ...rest.snapshots, ...Object.fromEntries(found(storedSnapshots.map((s) => s.key), snapshots)) } } : {}),
  };
}
