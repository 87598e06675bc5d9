import { createStore, del, delMany, get, getMany, keys, set, setMany, update } from 'idb-keyval';
import { parseRunFile } from '../core/run/run-file';
import type { TraceEvent } from '../core/trace';
import type { RunResult } from '../core/run/results';
import { putTogether, takeApart, type RunApart } from '../core/run/stored-run';
import { keysToDrop, type TabRecord } from './run-retention';

/**
 * Runs in IndexedDB, each under its own id: its summary (everything but the traces and snapshots)
 * under `run:<id>`, and each task's trace and each strategy's snapshot under a key of its own
 * (core/run/stored-run.ts), so the page never holds a run's traces or snapshots: it reads the one
 * being inspected or drawn. The strategy workers write a run's traces and snapshots; the page
 * commits its summary. Every tab records which run it shows and which it is writing (`tab:<id>`),
 * and a run is removed only when no live tab names it and it is not the newest one
 * (run-retention.ts): two tabs never delete each other's traces. Kept across reloads.
 */
const store = typeof indexedDB === 'undefined' ? undefined : createStore('toolwise-runs', 'runs');
const RUN = 'run:';
const TRACE = 'trace:';
const SNAPSHOT = 'snapshot:';
const TAB = 'tab:';
/** The id of the newest committed run: what a tab opened afresh shows. */
const LATEST = 'latest';
/** Where an earlier version kept its one stored run; read once and moved. */
const LEGACY_LAST = 'last-result';

/** A new run id, unique across tabs. */
export function newRunId(): string {
  return `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Stores a run's traces and snapshots under its id (worker side; nothing else is touched) and
 * resolves to the summary the page gets. Without room or IndexedDB, the page gets the whole run.
 */
export async function saveRunData(result: RunResult): Promise<RunResult> {
  if (!store) return result;
  try {
    const apart = takeApart(result);
    await saveApart(result.id, apart);
    return apart.summary;
  } catch {
    return result;
  }
}

async function saveApart(runId: string, apart: RunApart): Promise<void> {
  if (!store) return;
  await setMany(
    [
      ...apart.traces.map(([key, events]) => [`${TRACE}${runId}:${key}`, events] as [string, unknown]),
      ...apart.snapshots.map(([key, snapshot]) => [`${SNAPSHOT}${runId}:${key}`, snapshot] as [string, unknown]),
    ],
    store,
  );
}

// ---- Page side: this tab's record ----

let tabId: string | undefined;
const TAB_LOCK = 'toolwise-tab:';

/**
 * This tab's id: kept in sessionStorage (so a reload keeps the tab's run) and held as a Web Lock
 * while the tab lives, which is how other tabs tell a live tab from a closed one. A duplicated tab
 * (same sessionStorage, lock already held) takes a new id.
 */
export function thisTab(): string {
  if (tabId) return tabId;
  const fresh = () => Math.random().toString(36).slice(2, 10);
  let id: string | null = null;
  try {
    id = sessionStorage.getItem('toolwise-tab');
  } catch {
    // No sessionStorage (a sandboxed frame): a new id each load.
  }
  tabId = id ?? fresh();
  const hold = (name: string) => {
    try {
      sessionStorage.setItem('toolwise-tab', name);
    } catch {
      // Nothing to keep it in.
    }
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    void locks
      ?.request(`${TAB_LOCK}${name}`, { ifAvailable: true }, (lock) => {
        if (lock) return new Promise<void>(() => {});
        // Another live tab holds this id (a duplicated tab): this one takes a new one.
        tabId = fresh();
        hold(tabId);
        return undefined;
      })
      .catch(() => undefined);
  };
  hold(tabId);
  return tabId;
}

/** The ids of live tabs, or undefined where the browser cannot say (no Web Locks). */
async function liveTabs(): Promise<Set<string> | undefined> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  try {
    const { held = [] } = await locks.query();
    return new Set(held.flatMap((lock) => (lock.name?.startsWith(TAB_LOCK) ? [lock.name.slice(TAB_LOCK.length)] : [])));
  } catch {
    return undefined;
  }
}

async function updateTab(change: (record: TabRecord) => TabRecord): Promise<void> {
  if (!store) return;
  await update<TabRecord>(`${TAB}${thisTab()}`, (record) => change(record ?? {}), store);
}

/** Marks a run this tab starts as being written, so that no tab removes its traces meanwhile. */
export async function beginRun(runId: string): Promise<void> {
  await updateTab((record) => ({ ...record, pending: [...(record.pending ?? []), runId] })).catch(() => undefined);
}

/** A run this tab started and will not commit (it failed): its traces may go. */
export async function endRun(runId: string): Promise<void> {
  await updateTab((record) => ({ ...record, pending: (record.pending ?? []).filter((id) => id !== runId) })).catch(() => undefined);
}

/** Makes a run the one this tab shows (and the newest), then removes runs no live tab names. */
export async function commitRun(summary: RunResult): Promise<void> {
  if (!store) return;
  try {
    await set(`${RUN}${summary.id}`, summary, store);
    await set(LATEST, summary.id, store);
    await updateTab((record) => ({ shown: summary.id, pending: (record.pending ?? []).filter((id) => id !== summary.id) }));
    await collect();
  } catch {
    // No IndexedDB or no room: the run stays on screen, it is only not kept across a reload.
  }
}

/** Stores a whole run (an opened file) and commits it: its traces first, then its summary. */
export async function storeRun(result: RunResult): Promise<RunResult> {
  const summary = await saveRunData(result);
  await commitRun(summary);
  return summary;
}

/** Records that this tab shows a stored run (made by another tab, say), so that it stays. */
async function holdRun(runId: string): Promise<void> {
  await updateTab((record) => ({ ...record, shown: runId })).catch(() => undefined);
}

/** Removes what no live tab names (run-retention.ts). */
async function collect(): Promise<void> {
  if (!store) return;
  const all = (await keys<string>(store)).filter((key): key is string => typeof key === 'string');
  const tabKeys = all.filter((key) => key.startsWith(TAB));
  const records = await getMany<TabRecord | undefined>(tabKeys, store);
  const tabs = Object.fromEntries(tabKeys.map((key, i) => [key.slice(TAB.length), records[i] ?? {}]));
  const latest = await get<string>(LATEST, store);
  const drop = keysToDrop(all, tabs, await liveTabs(), latest);
  if (drop.length) await delMany(drop, store);
}

/**
 * The run this tab shows after a reload (or, in a new tab, the newest run), checked like an opened
 * file; undefined when there is none or IndexedDB is unavailable. A stored run that does not fit
 * (an older version's) is dropped, with the reason in `dropped`, so it can never blank the page.
 */
export async function loadStoredRun(dropped?: (reason: string) => void): Promise<RunResult | undefined> {
  if (!store) return undefined;
  let key: string | undefined;
  let stored: unknown;
  try {
    const own = await get<TabRecord>(`${TAB}${thisTab()}`, store);
    const candidates = [own?.shown, await get<string>(LATEST, store)].filter((id): id is string => Boolean(id));
    for (const id of candidates) {
      stored = await get(`${RUN}${id}`, store);
      key = `${RUN}${id}`;
      if (stored !== undefined) break;
    }
    if (stored === undefined) {
      // An earlier version's one stored run: moved under its id.
      stored = await get(LEGACY_LAST, store);
      key = LEGACY_LAST;
    }
  } catch {
    return undefined;
  }
  if (stored === undefined || key === undefined) return undefined;
  try {
    const run = parseRunFile(stored, true);
    if (key === LEGACY_LAST) {
      await set(`${RUN}${run.id}`, stored, store);
      await set(LATEST, run.id, store);
      await del(LEGACY_LAST, store);
    }
    await holdRun(run.id);
    void collect().catch(() => undefined);
    return run;
  } catch (error) {
    dropped?.(error instanceof Error ? error.message : String(error));
    await del(key, store).catch(() => {});
    return undefined;
  }
}

/** One task's trace of a run: from the result when it holds them, else from the store (undefined: not there). */
export async function loadTrace(result: RunResult, key: string): Promise<TraceEvent[] | undefined> {
  if (Object.hasOwn(result.traces, key)) return result.traces[key];
  if (!store || !result.traceKeys?.includes(key)) return undefined;
  try {
    return await get<TraceEvent[]>(`${TRACE}${result.id}:${key}`, store);
  } catch {
    return undefined;
  }
}

/**
 * One strategy's snapshot of a run (`snapshotKey`): from the result when it holds it, else from
 * the store; undefined when neither has it. A failed read rejects, for the view to say so.
 */
export async function loadSnapshot(result: RunResult, key: string): Promise<unknown> {
  if (result.snapshots && Object.hasOwn(result.snapshots, key)) return result.snapshots[key];
  if (!store || !result.storedSnapshots?.some((stored) => stored.key === key)) return undefined;
  return get<unknown>(`${SNAPSHOT}${result.id}:${key}`, store);
}

/** The whole run, traces and snapshots included, for an export (traces no longer stored are left out). */
export async function loadFullResult(result: RunResult): Promise<RunResult> {
  if (!store || (!result.traceKeys && !result.storedSnapshots)) return result;
  const traceKeys = result.traceKeys ?? [];
  const snapshotKeys = (result.storedSnapshots ?? []).map((stored) => stored.key);
  const read = await getMany<unknown>([...traceKeys.map((key) => `${TRACE}${result.id}:${key}`), ...snapshotKeys.map((key) => `${SNAPSHOT}${result.id}:${key}`)], store);
  const found = <T>(keys: string[], values: unknown[]) => new Map(keys.flatMap((key, i) => (values[i] !== undefined ? [[key, values[i] as T] as const] : [])));
  return putTogether(result, found<TraceEvent[]>(traceKeys, read.slice(0, traceKeys.length)), found<unknown>(snapshotKeys, read.slice(traceKeys.length)));
}
