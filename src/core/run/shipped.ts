import type { RunResult } from './results';

/** Where the default story's result lies under the page's base URL (written by `npm run ship:default`). */
export const SHIPPED_DEFAULT_FILE = 'shipped/default-run.json';

/**
 * A run as it ships with the page: without traces (Inspect offers to reproduce the run for them),
 * with a fixed id so the page knows it for what it is.
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
