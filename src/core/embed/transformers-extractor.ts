import type { ExtractFn } from './pipeline-embedder';

/** Progress of a model load, as transformers.js reports it per file. */
export interface LoadProgress {
  status: string;
  file?: string;
  /** Percent of the current file, 0 to 100. */
  progress?: number;
  loaded?: number;
  total?: number;
}

export interface ExtractorOptions {
  /** A folder under `localModelPath` (bundled) or a hub repository id. */
  model: string;
  dtype: 'fp32' | 'q8';
  /** `cpu` is onnxruntime-node (Node only); `wasm` and `webgpu` are onnxruntime-web. */
  device: 'cpu' | 'wasm' | 'webgpu';
  /** Where bundled models are served or stored; absent for hub models. */
  localModelPath?: string;
  allowRemote: boolean;
  /** The onnxruntime-web files served by the page; without them transformers.js uses a CDN. */
  wasmPaths?: { mjs: string; wasm: string };
  onProgress?: (progress: LoadProgress) => void;
}

/**
 * Loads a transformers.js feature-extraction pipeline (imported on first use, so the library stays
 * out of the page's first script) and returns mean-pooled, normalised embeddings (DESIGN section 5).
 */
export async function loadExtractor(options: ExtractorOptions): Promise<ExtractFn> {
  const { pipeline, env } = await import('@huggingface/transformers');
  env.allowRemoteModels = options.allowRemote;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
  if (options.wasmPaths && env.backends.onnx.wasm) env.backends.onnx.wasm.wasmPaths = options.wasmPaths;
  const extractor = await pipeline('feature-extraction', options.model, {
    device: options.device,
    dtype: options.dtype,
    progress_callback: (progress: unknown) => options.onProgress?.(progress as LoadProgress),
  });
  return async (texts) => {
    if (texts.length === 0) return [];
    const output = await extractor(texts, { pooling: 'mean', normalize: true });
    const [rows, dimension] = output.dims as number[];
    const data = output.data as Float32Array;
    return Array.from({ length: rows }, (_, i) => data.slice(i * dimension, (i + 1) * dimension));
  };
}
