import { useEffect, useState } from 'react';
import type { RunResult } from '../../core/run/results';
import { loadSnapshot } from '../../backends/run-store';
import { errorMessage } from '../../core/errors';

/** Where one graph's snapshot stands: not asked for yet, being read, read, or not to be had. */
export type SnapshotLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; snapshot: unknown }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

/**
 * The snapshot of one graph (`snapshotKey`) once `wanted`: from the result when it holds it, else
 * read from the run store (the worker keeps snapshots there; the page reads only the one it draws,
 * as Inspect reads only the trace it shows). One is held at a time.
 */
export function useSnapshot(result: RunResult, key: string | undefined, wanted: boolean): SnapshotLoad {
  const [read, setRead] = useState<{ result: RunResult; key: string; load: SnapshotLoad } | undefined>(undefined);
  const inline = key !== undefined && result.snapshots !== undefined && Object.hasOwn(result.snapshots, key);
  const held = read && read.result === result && read.key === key ? read.load : undefined;
  useEffect(() => {
    if (!wanted || key === undefined || inline || held) return;
    let current = true;
    loadSnapshot(result, key).then(
      (snapshot) => current && setRead({ result, key, load: snapshot === undefined ? { status: 'missing' } : { status: 'done', snapshot } }),
      (error: unknown) => current && setRead({ result, key, load: { status: 'failed', message: errorMessage(error) } }),
    );
    return () => {
      current = false;
    };
  }, [result, key, wanted, inline, held]);
  if (!wanted || key === undefined) return { status: 'idle' };
  if (inline) return { status: 'done', snapshot: result.snapshots![key] };
  return held ?? { status: 'loading' };
}
