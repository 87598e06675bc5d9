import { useEffect, useState } from 'react';
import type { RunResult } from '../../core/run/results';
import type { TraceEvent } from '../../core/trace';
import { traceKey } from '../../core/run/results';
import { loadTrace } from '../../backends/run-store';

/** The traces of one environment, strategy and seed, in run order (tasks without a trace left out). */
export interface StreamTraces {
  status: 'loading' | 'done';
  /** `position`: the task's place in the stream's run order (0 = first), counting tasks without a trace. */
  traces: { key: string; taskId: string; position: number; events: TraceEvent[] }[];
}

/**
 * Loads the traces of every task of a stream (`env/strategy/seed`) from the result or the run
 * store, in the order the run took the tasks. A shipped result without traces gives none.
 */
export function useStreamTraces(result: RunResult | undefined, stream: string | undefined): StreamTraces {
  const [state, setState] = useState<{ id: string; stream: string; traces: StreamTraces['traces'] } | undefined>(undefined);
  useEffect(() => {
    if (!result || !stream) return;
    let current = true;
    const tasks = result.results.filter((r) => `${r.env}/${r.strategy}/${r.seed}` === stream);
    void Promise.all(tasks.map(async (r, position) => ({ key: traceKey(r), taskId: r.taskId, position, events: await loadTrace(result, traceKey(r)).catch(() => undefined) }))).then((loaded) => {
      if (current) setState({ id: result.id, stream, traces: loaded.filter((t): t is StreamTraces['traces'][number] => t.events !== undefined) });
    });
    return () => {
      current = false;
    };
  }, [result, stream]);
  if (!result || !stream) return { status: 'done', traces: [] };
  return state && state.id === result.id && state.stream === stream ? { status: 'done', traces: state.traces } : { status: 'loading', traces: [] };
}
