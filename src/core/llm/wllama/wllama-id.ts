/**
 * `wllama:` models: a GGUF file run by llama.cpp compiled to WebAssembly (@wllama/wllama) in the
 * page's strategy worker, on the CPU. The id names where the weights come from:
 * - `wllama:<file name>.gguf`: a file the user picked in Setup (never in a link: a link that names
 *   one runs only after the same file is picked again);
 * - `wllama:https://host/path/model.gguf`: a URL the user typed, downloaded once into the browser's
 *   storage after its size was shown.
 */
export const WLLAMA_PREFIX = 'wllama:';

export type WllamaSource = { kind: 'file'; name: string } | { kind: 'url'; url: string };

/** The source a `wllama:` id names; undefined for another family's id or for `wllama:` with nothing after it. */
export function wllamaSourceOf(modelId: string): WllamaSource | undefined {
  if (!modelId.startsWith(WLLAMA_PREFIX)) return undefined;
  const rest = modelId.slice(WLLAMA_PREFIX.length).trim();
  if (!rest) return undefined;
  return /^https?:\/\//i.test(rest) ? { kind: 'url', url: rest } : { kind: 'file', name: rest };
}

/** The id of a source. */
export function wllamaId(source: WllamaSource): string {
  return `${WLLAMA_PREFIX}${source.kind === 'url' ? source.url : source.name}`;
}

/** A short name for labels: the file name, or the URL's last path segment. */
export function wllamaFileName(source: WllamaSource): string {
  if (source.kind === 'file') return source.name;
  try {
    return decodeURIComponent(new URL(source.url).pathname.split('/').pop() || source.url);
  } catch {
    return source.url;
  }
}

/** How a `wllama:` id reads on the page. */
export function wllamaLabel(modelId: string): string {
  const source = wllamaSourceOf(modelId);
  return `wllama (llama.cpp, CPU): ${source ? wllamaFileName(source) : 'no GGUF chosen'}`;
}
