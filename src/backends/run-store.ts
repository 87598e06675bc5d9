import { createStore, del, delMany, get, getMany, keys, set, setMany } from 'idb-keyval';
import { parseRunFile } from '../core/run/run-file';
import type { TraceEvent } from '../core/trace';
import type { RunResult } from '../core/run/results';
import { putTogether, takeApart, type RunApart } from '../core/run/stored-run';

/**
 * The last run in IndexedDB, written by the strategy worker and read by the page: its summary
 * (everything but the traces and snapshots) under one key and each task's trace and each
 * strategy's snapshot under its own (core/run/stored-run.ts), so the page never holds a run's
 * traces or snapshots: it reads the one being inspected or drawn. Kept across reloads; a new run
 * replaces the old one.
 */
const store = typeof indexedDB === 'undefined' ? undefined : createStore('toolwise-runs', 'runs');
const LAST = 'last-result';
const TRACE = 'trace:';
const SNAPSHOT = 'snapshot:';

/**
 * Stores a finished run (worker side): the traces and snapshots of the run before are removed,
 * then each trace, each snapshot and the summary written. Resolves to the summary the page gets.
 */
export async function saveRun(result: RunResult): Promise<RunResult> {
  if (!store) return result;
  try {
    // Room first: the traces and snapshots of the run before go, then this run's are written.
    await dropOtherRuns(result.id);
    const apart = takeApart(result);
    await saveApart(result.id, apart);
    await set(LAST, apart.summary, store);
    return apart.summary;
  } catch {
    // No room or no IndexedDB: the page gets the traces and snapshots with the result, as before.
    return result;
  }
}

/**
 * Stores one worker's part of a pooled run (worker side): its traces and snapshots under the
 * run's id, and the part without them. The page merges the parts and commits the run.
 */
export async function saveRunPart(part: RunResult): Promise<RunResult> {
  if (!store) return part;
  try {
    // The parts of one run share its id, so no part removes another's traces or snapshots.
    await dropOtherRuns(part.id);
    const apart = takeApart(part);
    await saveApart(part.id, apart);
    return apart.summary;
  } catch {
    return part;
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

async function dropOtherRuns(runId: string): Promise<void> {
  if (!store) return;
  const other = (key: string, prefix: string) => key.startsWith(prefix) && !key.startsWith(`${prefix}${runId}:`);
  const old = (await keys<string>(store)).filter((key) => typeof key === 'string' && (other(key, TRACE) || other(key, SNAPSHOT)));
  await delMany(old, store);
}

/** Makes a pooled run the stored last one (page side, after merging its parts): its summary, the traces and snapshots of other runs removed. */
export async function commitRun(summary: RunResult): Promise<void> {
  if (!store) return;
  try {
    await dropOtherRuns(summary.id);
    await set(LAST, summary, store);
  } catch {
    // No IndexedDB or no room: the run stays on screen, it is only not kept across a reload.
  }
}

/**
 * The stored last run's summary, checked like an opened file; undefined when there is none or
 * IndexedDB is unavailable. A stored run that does not fit (an older version's) is dropped, with
 * the reason in `dropped`, so it can never blank the page.
 */
export async function loadLastResult(dropped?: (reason: string) => void): Promise<RunResult | undefined> {
  let stored: unknown;
  try {
    stored = store ? await get(LAST, store) : undefined;
  } catch {
    return undefined;
  }
  if (stored === undefined) return undefined;
  try {
    return parseRunFile(stored, true);
  } catch (error) {
    dropped?.(error instanceof Error ? error.message : String(error));
    await del(LAST, store).catch(() => {});
    return undefined;
  }
}

/** One task's trace of a run: from the result when it holds them, else from the store. */
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

/** The whole run, traces and snapshots included, for an export. */
export async function loadFullResult(result: RunResult): Promise<RunResult> {
  if (!store || (!result.traceKeys && !result.storedSnapshots)) return result;
  const traceKeys = result.traceKeys ?? [];
  const snapshotKeys = (result.storedSnapshots ?? []).map((stored) => stored.key);
  const read = await getMany<unknown>([...traceKeys.map((key) => `${TRACE}${result.id}:${key}`), ...snapshotKeys.map((key) => `${SNAPSHOT}${result.id}:${key}`)], store);
  const found = <T>(keys: string[], values: unknown[]) => new Map(keys.flatMap((key, i) => (values[i] !== undefined ? [[key, values[i] as T] as const] : [])));
  return putTogether(result, found<TraceEvent[]>(traceKeys, read.slice(0, traceKeys.length)), found<unknown>(snapshotKeys, read.slice(traceKeys.length)));
}
