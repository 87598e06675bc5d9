/**
 * Where the page and its workers may connect: one allow-list for the built page's
 * Content-Security-Policy (scripts/csp.ts writes it into `connect-src`) and for the strategy
 * worker, which a `<meta>` policy does not cover and which does all of the page's network I/O
 * (src/worker/connect-guard.ts refuses anything else; issue 29).
 *
 * Beyond the page's own origin, each entry serves an opt-in feature only:
 * - the Hugging Face hub and its file hosts: hub embedders and WebLLM weights;
 * - raw.githubusercontent.com: WebLLM's compiled model libraries (prebuilt list);
 * - a model server on this machine (Ollama, llama.cpp, vLLM, serve:sim), on any port (CSP has no
 *   syntax for an IPv6 literal such as [::1]: use localhost).
 * A server elsewhere is added at build time: TOOLWISE_CONNECT="https://llm.example.org http://10.0.0.5:8000".
 */
export const OPT_IN_ORIGINS = [
  'https://huggingface.co',
  'https://*.huggingface.co',
  'https://*.hf.co',
  'https://raw.githubusercontent.com',
  'http://localhost:*',
  'http://127.0.0.1:*',
];

/** The build's added origins (TOOLWISE_CONNECT), defined by scripts/csp.ts; absent in tests and Node. */
declare const __TOOLWISE_CONNECT__: string[] | undefined;

/** The origins this build adds to the allow-list. */
export const BUILD_ORIGINS: string[] = typeof __TOOLWISE_CONNECT__ === 'undefined' ? [] : __TOOLWISE_CONNECT__;

/** An origin as CSP takes it: scheme, host (a leading *. allowed) and an optional port or *. */
export const ORIGIN_PATTERN = /^https?:\/\/(\*\.)?[\w.-]+(:(\d+|\*))?$/i;

/** The build's added origins (TOOLWISE_CONNECT, space-separated), each checked; an error names a bad one. */
export function parseExtraOrigins(text: string | undefined): string[] {
  const extra = (text ?? '').split(/\s+/).filter(Boolean);
  for (const origin of extra) {
    if (!ORIGIN_PATTERN.test(origin)) throw new Error(`TOOLWISE_CONNECT: "${origin}" is not an origin such as https://llm.example.org or http://10.0.0.5:8000.`);
  }
  return extra;
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether `url` matches one CSP host source (`https://*.hf.co`, `http://127.0.0.1:*`), as CSP
 * matches them: the scheme (an http source also admits https), the host (`*.` admits subdomains,
 * not the bare name) and the port (none: the scheme's default; `*`: any).
 */
export function matchesSource(url: URL, source: string): boolean {
  const match = /^(https?):\/\/(\*\.)?([\w.-]+)(?::(\d+|\*))?$/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  const scheme_ = `${scheme.toLowerCase()}:`;
  if (url.protocol !== scheme_ && !(scheme_ === 'http:' && url.protocol === 'https:')) return false;
  const hostname = url.hostname.toLowerCase();
  const wanted = host.toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${wanted}`) : hostname !== wanted) return false;
  const urlPort = url.port || DEFAULT_PORT[url.protocol] || '';
  if (port === '*') return true;
  return urlPort === (port ?? DEFAULT_PORT[url.protocol]);
}

/**
 * Why a connection to `target` is refused, or undefined when it is allowed: the page's own
 * origin (`self`), blob: and data: URLs, the opt-in origins and the build's added ones.
 */
export function connectionRefusal(target: string, self: string, extra: string[] = []): string | undefined {
  let url: URL;
  try {
    url = new URL(target, self);
  } catch {
    return `"${target}" is not a URL.`;
  }
  if (url.protocol === 'blob:' || url.protocol === 'data:') return undefined;
  if (url.origin === new URL(self).origin) return undefined;
  if ([...OPT_IN_ORIGINS, ...extra].some((source) => matchesSource(url, source))) return undefined;
  return `This page may not connect to ${url.origin}: it connects only to its own origin, the Hugging Face hub, raw.githubusercontent.com (WebLLM libraries), servers on this machine (localhost, 127.0.0.1)${extra.length ? ` and ${extra.join(', ')}` : ''}. A server elsewhere is added when the page is built: TOOLWISE_CONNECT="${url.origin}" npm run build.`;
}
