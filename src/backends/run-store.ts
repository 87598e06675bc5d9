import { createStore, del, delMany, get, getMany, keys, set, setMany } from 'idb-keyval';
import { parseRunFile } from '../core/run/run-file';
import type { TraceEvent } from '../core/trace';
import type { RunResult } from '../core/run/results';

/**
 * The last run in IndexedDB, written by the strategy worker and read by the page: its summary
 * (everything but the traces) under one key and each task's trace under its own, so the page never
 * holds a run's traces: it reads the one being inspected. Kept across reloads; a new run replaces
 * the old one.
 */
const store = typeof indexedDB === 'undefined' ? undefined : createStore('toolwise-runs', 'runs');
const LAST = 'last-result';
const TRACE = 'trace:';

/** The run without its traces, and the keys they are stored under. */
function summaryOf(result: RunResult): RunResult {
  return { ...result, traces: {}, traceKeys: Object.keys(result.traces) };
}

/**
 * Stores a finished run (worker side): the traces of the run before are removed, then each trace
 * and the summary written. Resolves to the summary the page gets.
 */
export async function saveRun(result: RunResult): Promise<RunResult> {
  if (!store) return result;
  try {
    // Room first: the traces of the run before go, then this run's are written.
    await dropOtherRuns(result.id);
    await saveTraces(result.id, result.traces);
    const summary = summaryOf(result);
    await set(LAST, summary, store);
    return summary;
  } catch {
    // No room or no IndexedDB: the page gets the traces with the result, as before.
    return result;
  }
}

/**
 * Stores one worker's part of a pooled run (worker side): its traces under the run's id, and the
 * part without them. The page merges the parts and commits the run.
 */
export async function saveRunPart(part: RunResult): Promise<RunResult> {
  if (!store) return part;
  try {
    // The parts of one run share its id, so no part removes another's traces.
    await dropOtherRuns(part.id);
    await saveTraces(part.id, part.traces);
    return summaryOf(part);
  } catch {
    return part;
  }
}

async function saveTraces(runId: string, traces: RunResult['traces']): Promise<void> {
  if (!store) return;
  await setMany(
    Object.entries(traces).map(([key, events]) => [`${TRACE}${runId}:${key}`, events]),
    store,
  );
}

async function dropOtherRuns(runId: string): Promise<void> {
  if (!store) return;
  const own = `${TRACE}${runId}:`;
  const old = (await keys<string>(store)).filter((key) => typeof key === 'string' && key.startsWith(TRACE) && !key.startsWith(own));
  await delMany(old, store);
}

/** Makes a pooled run the stored last one (page side, after merging its parts): its summary, the traces of other runs removed. */
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

/** The whole run, traces included, for an export. */
export async function loadFullResult(result: RunResult): Promise<RunResult> {
  if (!store || !result.traceKeys) return result;
  const events = await getMany<TraceEvent[] | undefined>(result.traceKeys.map((key) => `${TRACE}${result.id}:${key}`), store);
  const traces = Object.fromEntries(result.traceKeys.flatMap((key, i) => (events[i] ? [[key, events[i]!]] : [])));
  const { traceKeys: _keys, ...rest } = result;
  return { ...rest, traces };
}
