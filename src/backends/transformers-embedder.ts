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

/** The cache transformers.js keeps model files in: a file read here is found there, and the other way round. */
const MODEL_CACHE = 'transformers-cache';

/** A file of a bundled model, from Cache Storage when an earlier visit stored it, else from the page (then stored). */
async function readBundledFile(model: string, file: string): Promise<Uint8Array> {
  const url = new URL(`${model}/${file}`, modelBase || absolute('../models/')).href;
  const cache = typeof caches === 'undefined' ? undefined : await caches.open(MODEL_CACHE).catch(() => undefined);
  let response = await cache?.match(url);
  if (!response) {
    response = await fetch(url);
    if (!response.ok) throw new Error(`${file} could not be read (HTTP ${response.status})`);
    await cache?.put(url, response.clone()).catch(() => undefined);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** Loads a transformers.js embedder in the worker: bundled models from the page, hub models online. */
export const loadWorkerEmbedder: EmbedderLoader = async (entry, device, onProgress) => {
  if (device === 'webgpu') {
    const gpu = (self.navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ features: ReadonlySet<string> } | null> } }).gpu;
    const adapter = await gpu?.requestAdapter().catch(() => null);
    if (!adapter) throw new Error('WebGPU is not available in this browser, so the embedder cannot run on webgpu. Choose wasm.');
    // onnxruntime-web fails deep in a shader ("Gather requires f16") otherwise; say why before loading anything.
    if (entry.webgpuNeedsF16 && !adapter.features.has('shader-f16')) {
      throw new Error(`${entry.label} stores its weights in 16-bit floats, and this device's WebGPU has no 16-bit float shaders (shader-f16). Choose wasm: on the CPU it gives the same numbers.`);
    }
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
      ...(entry.source === 'bundled' ? { readModelFile: (file: string) => readBundledFile(entry.model!, file) } : {}),
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
