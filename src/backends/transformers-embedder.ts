/// <reference lib="webworker" />
import type { EmbedderLoader } from '../core/run/runner';
import { loadExtractor } from '../core/embed/transformers-extractor';
// The onnxruntime-web files transformers.js needs, served by the page itself (never a CDN). The
// package's exports do not list them, hence the path into node_modules; Vite copies them as assets.
import ortWasmUrl from '../../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjsUrl from '../../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.mjs?url';
import { errorMessage } from '../core/errors';

/** Where the page serves `models/`, set from the page's base URL. */
let modelBase = '';

export function setModelBase(url: string): void {
  modelBase = url;
}

const absolute = (url: string) => new URL(url, self.location.href).href;

/**
 * transformers.js 4.3 looks a local model's files up (`get_file_metadata`) only when
 * `localModelPath` is a path, not an http URL: with a full URL it finds no tokenizer and the
 * pipeline fails with "this.tokenizer is not a function". The models are on the page's own origin,
 * so the path of the URL is enough, and it keeps a page hosted under a sub-path working.
 */
function sameOriginPath(url: string): string {
  return new URL(url).pathname;
}

/** Loads a transformers.js embedder in the worker: bundled models from the page, hub models online. */
export const loadWorkerEmbedder: EmbedderLoader = async (entry, device, onProgress) => {
  if (device === 'webgpu') {
    const gpu = (self.navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    const adapter = await gpu?.requestAdapter().catch(() => null);
    if (!adapter) throw new Error('WebGPU is not available in this browser, so the embedder cannot run on webgpu. Choose wasm.');
  }
  try {
    return await loadExtractor({
      model: entry.model!,
      dtype: entry.dtype ?? 'fp32',
      device,
      localModelPath: entry.source === 'bundled' ? sameOriginPath(modelBase || absolute('../models/')) : undefined,
      allowRemote: entry.source === 'hub',
      wasmPaths: { wasm: absolute(ortWasmUrl), mjs: absolute(ortMjsUrl) },
      onProgress,
    });
  } catch (error) {
    throw new Error(embedderLoadMessage(entry.label, entry.source, error));
  }
};

/** A plain-language reason for a failed embedder load. */
function embedderLoadMessage(label: string, source: string, error: unknown): string {
  const text = errorMessage(error);
  if (source === 'hub' && /fetch|network|Failed|offline|load/i.test(text)) {
    return `${label} could not be downloaded from the Hugging Face hub (${text}). Are you offline? The bundled and lexical embedders work without a connection.`;
  }
  return `${label} could not be loaded: ${text}`;
}
