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
    // Tokenise and run the model, then pool here: transformers.js's own mean pooling spends most
    // of the time of a small model in generic tensor code (measured with npm run bench -- --embed).
    const inputs = extractor.tokenizer(texts, { padding: true, truncation: true });
    const outputs = await extractor.model(inputs);
    const hidden = outputs.last_hidden_state ?? outputs.token_embeddings ?? Object.values(outputs)[0];
    const [rows, length, dimension] = hidden.dims as number[];
    return meanPoolNormalised(hidden.data as Float32Array, maskOf(inputs.attention_mask.data, rows * length), rows, length, dimension);
  };
}

/** The attention mask as 0/1 bytes (it arrives as int64). */
function maskOf(data: ArrayLike<number | bigint>, size: number): Uint8Array {
  const mask = new Uint8Array(size);
  for (let i = 0; i < size; i++) mask[i] = Number(data[i]) === 0 ? 0 : 1;
  return mask;
}

/**
 * Mean over the unmasked token vectors of each row, then L2-normalised: the sentence embedding of
 * DESIGN section 5, the same numbers as the pipeline's `pooling: 'mean', normalize: true`.
 */
export function meanPoolNormalised(hidden: Float32Array, mask: Uint8Array, rows: number, length: number, dimension: number): Float32Array[] {
  const vectors: Float32Array[] = [];
  for (let row = 0; row < rows; row++) {
    const sum = new Float64Array(dimension);
    let count = 0;
    for (let t = 0; t < length; t++) {
      if (!mask[row * length + t]) continue;
      count++;
      const offset = (row * length + t) * dimension;
      for (let d = 0; d < dimension; d++) sum[d] += hidden[offset + d];
    }
    const vector = new Float32Array(dimension);
    let norm = 0;
    for (let d = 0; d < dimension; d++) norm += (sum[d] / Math.max(count, 1)) ** 2;
    const scale = norm > 0 ? 1 / (Math.sqrt(norm) * Math.max(count, 1)) : 0;
    for (let d = 0; d < dimension; d++) vector[d] = sum[d] * scale;
    vectors.push(vector);
  }
  return vectors;
}
