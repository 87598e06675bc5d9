import type { RunResult } from '../../../core/run/results';
import type { PricesUsed } from '../../../core/run/prices';

/** What the JSON export says of its traces, first in the file (issue 29: "the JSON of a large run says how many traces it holds"). */
export interface TracesHeld {
  /** Traces in this file. */
  traces: number;
  /** Task runs of the run: one trace each where all were kept. */
  taskRuns: number;
  /** Task runs whose traces the run did not keep (over the page's trace cap). */
  notKept: number;
  /** Traces the run kept but this browser no longer stores (site data cleared, another version). */
  noLongerStored: number;
}

/**
 * The run as its JSON file holds it: the whole RunResult with its traces, and, before it, how many
 * traces the file holds of how many task runs, and why any are missing. Pure, for a test in node.
 */
export function exportedRun(full: RunResult, listed: number, prices?: PricesUsed): { tracesHeld: TracesHeld; prices?: PricesUsed } & Omit<RunResult, 'traceKeys'> {
  // A run opened from an exported file carries the file's count; it is counted afresh.
  const { traceKeys: _keys, tracesHeld: _before, prices: _prices, ...run } = full as RunResult & { tracesHeld?: unknown; prices?: unknown };
  const traces = Object.keys(full.traces).length;
  return {
    tracesHeld: { traces, taskRuns: full.results.length, notKept: full.tracesOmitted ?? 0, noLongerStored: Math.max(0, listed - traces) },
    // The prices its dollars are computed at (issue 42 item 7): the page's, which the reader may have edited.
    ...(prices ? { prices } : {}),
    ...run,
  };
}
