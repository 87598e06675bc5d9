import { parseRunFile } from '../core/run/run-file';
import type { RunResult } from '../core/run/results';
import { SHIPPED_DEFAULT_FILE } from '../core/run/shipped';

export const SHIPPED_NOTICE =
  'This is the result that ships with the page, computed from this code by npm run ship:default (a test checks that a fresh run gives the same). Press Run to reproduce it in your browser.';

/** The default story's result as shipped under the page's base URL; undefined when it cannot be read. */
export async function loadShipped(): Promise<RunResult | undefined> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}${SHIPPED_DEFAULT_FILE}`);
    if (!response.ok) return undefined;
    return parseRunFile(await response.json());
  } catch {
    return undefined;
  }
}

/** Whether a result on screen is the shipped one (its traces are not shipped: Inspect offers a run). */
export const isShipped = (result: RunResult | undefined) => result?.id === 'shipped-default';
