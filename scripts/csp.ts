import type { Plugin } from 'vite';

/**
 * Where the page may connect beyond its own origin, each for an opt-in feature only:
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

/** An origin as CSP takes it: scheme, host (a leading *. allowed) and an optional port or *. */
const ORIGIN = /^https?:\/\/(\*\.)?[\w.-]+(:(\d+|\*))?$/i;

/**
 * The page's Content-Security-Policy: scripts, styles, workers and data from its own origin only;
 * WebAssembly compiled from same-origin files ('wasm-unsafe-eval', for onnxruntime and WebLLM);
 * connections to the opt-in hosts above. No inline script, no eval, no plugins, no framing of forms.
 */
export function contentSecurityPolicy(extraConnect: string[] = []): string {
  for (const origin of extraConnect) {
    if (!ORIGIN.test(origin)) throw new Error(`TOOLWISE_CONNECT: "${origin}" is not an origin such as https://llm.example.org or http://10.0.0.5:8000.`);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    // Libraries set element styles from script (recharts, React Flow); no <style> or style="" comes from the network.
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", 'blob:', 'data:', ...OPT_IN_ORIGINS, ...extraConnect],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Writes the policy into the built page as a <meta> tag (the dev server stays without one: its client is inline). */
export function cspPlugin(): Plugin {
  return {
    name: 'toolwise-csp',
    apply: 'build',
    transformIndexHtml(html) {
      const extra = (process.env.TOOLWISE_CONNECT ?? '').split(/\s+/).filter(Boolean);
      const policy = contentSecurityPolicy(extra);
      return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}
