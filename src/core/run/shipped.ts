import type { RunResult } from './results';
import type { TraceEvent } from '../trace';

/** Where the default story's result lies under the page's base URL (written by `npm run ship:default`). */
export const SHIPPED_DEFAULT_FILE = 'shipped/default-run.json';

/**
 * The default story's traces, by trace key, as gzipped JSON (about 0.5 MB for 8.5 MB of JSON): read
 * only when Inspect opens a trace of the shipped result, so a link to one of its traces opens with
 * that trace (issue 29).
 */
export const SHIPPED_TRACES_FILE = 'shipped/default-traces.json.gz';

/**
 * A run as it ships with the page: without traces (they ship apart, `SHIPPED_TRACES_FILE`), with a
 * fixed id so the page knows it for what it is.
 */
export function shippable(result: RunResult): RunResult {
  // Snapshots ship inline (the default story's graphs): a run that keeps them apart has none to ship.
  if (result.storedSnapshots?.length) throw new Error('A run whose snapshots are stored apart cannot ship: read it whole first (loadFullResult).');
  const { traceKeys: _keys, storedSnapshots: _stored, ...rest } = result;
  return { ...rest, id: 'shipped-default', traces: {} };
}

/** The parts of a run that are measured, not computed: wall times and dates. */
export function withoutTimes(result: RunResult): unknown {
  return {
    ...result,
    id: undefined,
    startedAt: undefined,
    elapsedMs: undefined,
    loadMs: undefined,
    results: result.results.map((r) => ({ ...r, ms: undefined })),
    rows: result.rows.map((r) => ({ ...r, ms: undefined, msPerTask: undefined })),
    learning: result.learning.map((l) => ({ ...l, ms: undefined })),
    embedder: undefined,
  };
}

/** A trace's events less what is measured (each call's wall time), for comparing a fresh run with the shipped traces. */
export function traceWithoutTimes(events: TraceEvent[]): unknown[] {
  return events.map((event) => (event.type === 'llm-call' ? { ...event, ms: undefined } : event));
}
