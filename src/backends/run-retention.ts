/**
 * Which stored runs may go, decided from the store's keys alone (no IndexedDB here, so it is
 * tested in Node). Each page tab keeps a record of the run it shows and the runs it has under way;
 * a run stays while a live tab names it, or while it is the newest one committed (what a fresh tab
 * opens on). A tab never removes a run another live tab shows or is writing (issue 29: two tabs
 * used to delete each other's traces).
 */

/** What one tab keeps in the store under `tab:<id>`. */
export interface TabRecord {
  /** The run the tab shows (its results and traces). */
  shown?: string;
  /** Runs the tab has started and not yet committed: their traces are being written. */
  pending?: string[];
}

/** The run id a stored key belongs to (`run:<id>`, `trace:<id>:<key>`, `snapshot:<id>:<key>`), or undefined. */
export function runIdOf(key: string): string | undefined {
  const match = /^(run|trace|snapshot):([^:]+)/.exec(key);
  return match ? match[2] : undefined;
}

/**
 * The keys to delete: records of tabs that are gone (when the browser says which are alive), and
 * every run, trace and snapshot whose run no kept tab names and that is not the newest.
 * `alive` undefined: liveness unknown (no Web Locks), so every tab's record counts as alive.
 */
export function keysToDrop(keys: string[], tabs: Record<string, TabRecord>, alive: Set<string> | undefined, latest: string | undefined): string[] {
  const kept = new Set<string>();
  if (latest) kept.add(latest);
  const drop: string[] = [];
  for (const [tab, record] of Object.entries(tabs)) {
    if (alive && !alive.has(tab)) {
      drop.push(`tab:${tab}`);
      continue;
    }
    if (record.shown) kept.add(record.shown);
    for (const id of record.pending ?? []) kept.add(id);
  }
  for (const key of keys) {
    const id = runIdOf(key);
    if (id !== undefined && !kept.has(id)) drop.push(key);
  }
  return drop;
}
