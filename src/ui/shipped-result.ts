import { parseRunFile } from '../core/run/run-file';
import type { RunResult } from '../core/run/results';
import { SHIPPED_DEFAULT_FILE, SHIPPED_TRACES_FILE } from '../core/run/shipped';
import type { TraceEvent } from '../core/trace';

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

/** Whether a result on screen is the shipped one (its traces ship apart: `loadShippedTrace`). */
export const isShipped = (result: RunResult | undefined) => result?.id === 'shipped-default';

let shippedTraces: Promise<Record<string, TraceEvent[]> | undefined> | undefined;

/** The bytes as text: gunzipped when they are gzip (a host may also have decoded them on the way, by Content-Encoding). */
async function gunzipText(bytes: ArrayBuffer): Promise<string> {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new TextDecoder().decode(bytes);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

async function readShippedTraces(): Promise<Record<string, TraceEvent[]> | undefined> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}${SHIPPED_TRACES_FILE}`);
    if (!response.ok) return undefined;
    const traces: unknown = JSON.parse(await gunzipText(await response.arrayBuffer()));
    return traces && typeof traces === 'object' && !Array.isArray(traces) ? (traces as Record<string, TraceEvent[]>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One trace of the shipped result, read from the shipped traces file (fetched once, when Inspect
 * first needs one); undefined when the file cannot be read or does not hold the key.
 */
export async function loadShippedTrace(key: string): Promise<TraceEvent[] | undefined> {
  shippedTraces ??= readShippedTraces().then((traces) => {
    // A failed read is tried again on the next trace, not remembered.
    if (!traces) shippedTraces = undefined;
    return traces;
  });
  const traces = await shippedTraces;
  return traces && Object.hasOwn(traces, key) && Array.isArray(traces[key]) ? traces[key] : undefined;
}
