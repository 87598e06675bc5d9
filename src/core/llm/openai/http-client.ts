import type { z } from 'zod';
import { CancelledError, EndpointError } from '../../errors';
import { wireIssue } from './wire';

/** How requests to a server are made and retried. */
export interface HttpOptions {
  /** Sent as `Authorization: Bearer <key>`; held in memory only. */
  apiKey?: string;
  /** Milliseconds before one attempt is given up (default 120 s). */
  timeoutMs?: number;
  /** Attempts after the first, on 429, 5xx, a dropped connection, a timeout or a body that is not JSON (default 4). */
  retries?: number;
  /** First backoff in milliseconds, doubled per retry (default 500); a Retry-After header wins. */
  backoffMs?: number;
  /** `fetch`, replaceable in tests. */
  fetch?: typeof fetch;
  /** Waits between attempts, replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  /** Told about each retry, for progress text. */
  onRetry?: (text: string) => void;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Why a request failed, and whether trying again could help. */
class Attempt extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#port-blocking): browsers and
 * Node's fetch refuse them before any request leaves, since other protocols (discard, SMTP, ...) use them.
 */
export const BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389,
  427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566,
  6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The port a URL names (its scheme's default where it names none); undefined for text that is no URL. */
function portOf(url: string): number | undefined {
  try {
    const parsed = new URL(url);
    return parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : parsed.protocol === 'http:' ? 80 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a failed fetch most likely means. A blocked port (9, say) is refused before any request is
 * sent, so it is named as such (issue 42 item 7: it was reported as a CORS problem). Otherwise, in
 * a page, a server that is up but sends no CORS headers fails exactly like one that is down, so the
 * message names both and the fixes for CORS.
 */
export function unreachableMessage(url: string, detail: string): string {
  const port = portOf(url);
  if (port !== undefined && BLOCKED_PORTS.has(port)) {
    return `Could not reach ${url}: port ${port} is one the browser (and Node's fetch) refuses to connect to, since other protocols use it (a blocked port, ERR_UNSAFE_PORT); no request was sent, so this is not a CORS problem or a server that is down. Serve the model on another port: Ollama uses 11434, llama.cpp's llama-server 8080, vLLM 8000.`;
  }
  const page = typeof window !== 'undefined' || typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined';
  const cors = page
    ? ' If the server is running, it may not allow requests from this page (CORS): start Ollama with OLLAMA_ORIGINS set to this page\'s origin, vLLM with --allowed-origins \'["<origin>"]\', or llama.cpp\'s llama-server (it allows any origin unless started with --cors-origins).'
    : '';
  return `Could not reach ${url} (${detail}). Is the server running at that address?${cors}`;
}

function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 60_000) : undefined;
}

async function attempt<T>(url: string, init: RequestInit, schema: z.ZodType<T>, options: HttpOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  // One combined signal per attempt: listeners on the run's signal would pile up with many requests in flight.
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await (options.fetch ?? fetch)(url, { ...init, signal });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw new CancelledError();
    // Node's fetch says "fetch failed" and puts the reason (ECONNREFUSED, ...) in `cause`.
    const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
    const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
    const said = error instanceof Error ? error.message : String(error);
    const detail = timeout.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : reason ? `${said}: ${reason}` : said;
    // A blocked port fails the same way every time: no second try.
    const port = portOf(url);
    throw new Attempt(unreachableMessage(url, detail), port === undefined || !BLOCKED_PORTS.has(port));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // A proxy's HTML error page or a cut-off body: worth another try, as a 5xx is.
    throw new Attempt(`${url} answered HTTP ${response.status} with a body that is not JSON: "${text.slice(0, 80)}"`, response.ok || response.status >= 500, response.status);
  }
  if (!response.ok) {
    const message = (json as { error?: { message?: unknown } })?.error?.message;
    const said = typeof message === 'string' ? message : text.slice(0, 200);
    const retry = response.status === 429 || response.status >= 500;
    const hint = response.status === 401 || response.status === 403 ? ' Check the API key.' : response.status === 404 ? ' Check the base URL (it usually ends in /v1) and the model name.' : '';
    throw new Attempt(`${url} answered HTTP ${response.status}: ${said}${hint}`, retry, response.status, retryAfter(response));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Attempt(`${url} sent an answer that is not what the API specifies (${wireIssue(parsed.error)}).`, false, response.status);
  return parsed.data;
}

/**
 * A JSON request with retries: 429, 5xx, dropped connections, timeouts and unparseable bodies are
 * tried again with exponential backoff; other failures, or the last retry's, end in an
 * EndpointError that says what the server answered.
 */
export async function requestJson<T>(url: string, body: unknown | undefined, schema: z.ZodType<T>, options: HttpOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const init: RequestInit = body === undefined ? { method: 'GET', headers } : { method: 'POST', headers, body: JSON.stringify(body) };
  const retries = options.retries ?? 4;
  for (let tries = 0; ; tries++) {
    if (options.signal?.aborted) throw new CancelledError();
    try {
      return await attempt(url, init, schema, options);
    } catch (error) {
      if (!(error instanceof Attempt)) throw error;
      if (!error.retry || tries >= retries) {
        const after = tries > 0 ? ` (after ${tries + 1} tries)` : '';
        throw new EndpointError(`${error.message}${after}`, error.status);
      }
      const wait = error.retryAfterMs ?? (options.backoffMs ?? 500) * 2 ** tries;
      options.onRetry?.(`${error.message}; trying again in ${Math.round(wait)} ms`);
      await (options.sleep ?? sleepFor)(wait);
    }
  }
}
