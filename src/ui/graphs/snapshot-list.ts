import type { RunResult, StoredSnapshot } from '../../core/run/results';
import { snapshotKind } from '../../core/run/stored-run';
import { DRAWN_KINDS } from './snapshot-graph-model';

/** A graph the page can draw, listed without reading its snapshot: its `snapshotKey` and kind. */
export interface GraphEntry {
  key: string;
  kind: string;
}

/**
 * The run's snapshots the page draws, in run order: those it holds (an opened or shipped run, or
 * one run without IndexedDB) and those kept in the run store, listed by their stored kind.
 */
export function drawableSnapshots(result: Pick<RunResult, 'snapshots' | 'storedSnapshots'>): GraphEntry[] {
  const inline: StoredSnapshot[] = Object.entries(result.snapshots ?? {}).map(([key, snapshot]) => ({ key, kind: snapshotKind(snapshot) }));
  const held = new Set(inline.map((entry) => entry.key));
  const apart = (result.storedSnapshots ?? []).filter((entry) => !held.has(entry.key));
  return [...inline, ...apart].flatMap(({ key, kind }) => (kind !== undefined && DRAWN_KINDS.has(kind) ? [{ key, kind }] : []));
}
