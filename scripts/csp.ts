import type { Plugin } from 'vite';
import { OPT_IN_ORIGINS, parseExtraOrigins } from '../src/core/net/connect-policy.ts';

export { OPT_IN_ORIGINS };

/** The name under which the build's added origins reach the worker's guard (src/worker/connect-guard.ts). */
export const CONNECT_DEFINE = '__TOOLWISE_CONNECT__';

/**
 * The page's Content-Security-Policy: scripts, styles, workers and data from its own origin only;
 * WebAssembly compiled from same-origin files ('wasm-unsafe-eval', for onnxruntime and WebLLM);
 * connections to the opt-in hosts of src/core/net/connect-policy.ts. No inline script, no eval, no plugins, no framing of forms.
 */
export function contentSecurityPolicy(extraConnect: string[] = []): string {
  parseExtraOrigins(extraConnect.join(' '));
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

/**
 * Writes the policy into the built page as a <meta> tag (the dev server stays without one: its
 * client is inline), and gives the worker the same added origins (TOOLWISE_CONNECT), since a
 * <meta> policy does not reach a worker: its guard refuses what the policy would.
 */
export function cspPlugin(): Plugin[] {
  const extra = () => parseExtraOrigins(process.env.TOOLWISE_CONNECT);
  return [
    {
      name: 'toolwise-connect-list',
      config: () => ({ define: { [CONNECT_DEFINE]: JSON.stringify(extra()) } }),
    },
    {
      name: 'toolwise-csp',
      apply: 'build',
      transformIndexHtml(html) {
        const policy = contentSecurityPolicy(extra());
        return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
      },
    },
  ];
}
