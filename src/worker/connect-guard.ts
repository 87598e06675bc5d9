/// <reference lib="webworker" />
import { BUILD_ORIGINS, connectionRefusal } from '../core/net/connect-policy';

/** A connection the worker refused: outside the page's allow-list. */
export class ConnectionRefusedError extends Error {
  override name = 'ConnectionRefusedError';
}

/** Why the worker would refuse `url` (relative URLs are the page's own), or undefined. */
export function refusal(url: string): string | undefined {
  return connectionRefusal(url, self.location.href, BUILD_ORIGINS);
}

const urlOf = (input: RequestInfo | URL): string => (input instanceof Request ? input.url : String(input));

/**
 * Holds the worker to the page's Content-Security-Policy, which a `<meta>` tag does not extend to a
 * worker (issue 29): fetch, XMLHttpRequest, the Cache API's downloads, WebSocket and EventSource
 * refuse any URL outside the allow-list (src/core/net/connect-policy.ts) before a byte is sent.
 * Installed once, first thing in the worker, so every library it loads uses the guarded calls.
 */
export function guardConnections(): void {
  const scope = self as unknown as WorkerGlobalScope & typeof globalThis;
  const fetchOriginal = scope.fetch.bind(scope);
  scope.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const why = refusal(urlOf(input));
    return why ? Promise.reject(new ConnectionRefusedError(why)) : fetchOriginal(input, init);
  };
  if (typeof XMLHttpRequest !== 'undefined') {
    const open = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      const why = refusal(String(args[1]));
      if (why) throw new ConnectionRefusedError(why);
      return open.apply(this, args);
    } as typeof XMLHttpRequest.prototype.open;
  }
  if (typeof Cache !== 'undefined') {
    const add = Cache.prototype.add;
    const addAll = Cache.prototype.addAll;
    Cache.prototype.add = function (this: Cache, request: RequestInfo | URL) {
      const why = refusal(urlOf(request));
      return why ? Promise.reject(new ConnectionRefusedError(why)) : add.call(this, request);
    };
    Cache.prototype.addAll = function (this: Cache, requests: Iterable<RequestInfo>) {
      const list = [...requests];
      const why = list.map((request) => refusal(urlOf(request))).find(Boolean);
      return why ? Promise.reject(new ConnectionRefusedError(why)) : addAll.call(this, list);
    };
  }
  for (const name of ['WebSocket', 'EventSource'] as const) {
    const Original = (scope as unknown as Record<string, (new (url: string | URL, ...rest: unknown[]) => unknown) | undefined>)[name];
    if (!Original) continue;
    const Guarded = function (url: string | URL, ...rest: unknown[]) {
      const why = refusal(String(url));
      if (why) throw new ConnectionRefusedError(why);
      return new Original(url, ...rest);
    };
    Guarded.prototype = Original.prototype;
    (scope as unknown as Record<string, unknown>)[name] = Guarded;
  }
}
