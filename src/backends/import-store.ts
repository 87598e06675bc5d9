import { createStore, del, entries, set } from 'idb-keyval';

/**
 * The user's imported data in IndexedDB, one record per environment: the files as read, what the
 * importer found in them, and whether runs use them now. Kept across reloads until removed
 * (issue 25 item 6); runs and their traces live in another store (run-store.ts).
 */
export interface StoredImport {
  envId: string;
  /** The files as read, by the environment's import slot (`cases`, `tools`, `queries`, `spec`). */
  json: Record<string, unknown>;
  /** The file name of each slot. */
  files: Record<string, string>;
  /** SHA-256 of the files' JSON, first 12 hex digits: how a result and a link name these data. */
  fingerprint: string;
  tasks: number;
  test: number;
  train: number;
  tools: number;
  /** When they were imported (ISO time). */
  at: string;
  /** Whether runs use them; set aside (false), they stay stored and runs use the bundled data. */
  active: boolean;
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore('toolwise-imports', 'imports');

/** Every stored import; none where IndexedDB is unavailable or unreadable. */
export async function loadImports(): Promise<StoredImport[]> {
  if (!store) return [];
  try {
    return (await entries<string, StoredImport>(store)).map(([, record]) => record);
  } catch {
    return [];
  }
}

/** Keeps an import (replacing the environment's earlier one); false when it could not be stored (no room). */
export async function saveImport(record: StoredImport): Promise<boolean> {
  if (!store) return false;
  try {
    await set(record.envId, record, store);
    return true;
  } catch {
    return false;
  }
}

/** Removes an environment's import. */
export async function deleteImport(envId: string): Promise<void> {
  if (!store) return;
  await del(envId, store).catch(() => undefined);
}
