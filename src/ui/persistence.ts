import { get, set } from 'idb-keyval';
import type { RunResult } from '../core/run/results';

const LAST_RESULT_KEY = 'toolwise:last-result';

/** Stores the last run's result in IndexedDB so that it survives a reload. */
export async function saveLastResult(result: RunResult): Promise<void> {
  await set(LAST_RESULT_KEY, result);
}

/** The stored last result, or undefined (also when IndexedDB is unavailable). */
export async function loadLastResult(): Promise<RunResult | undefined> {
  try {
    return await get<RunResult>(LAST_RESULT_KEY);
  } catch {
    return undefined;
  }
}
