import type { ExtractFn } from './pipeline-embedder';
import { readEmbeddingBag, type EmbeddingBag } from './onnx-bag';

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
  /**
   * Reads a bundled model's file (relative to its folder). Given, an fp32 model whose graph is a
   * plain embedding lookup (onnx-bag.ts) runs in JavaScript instead of onnxruntime, on `wasm` and
   * `cpu`; `webgpu` keeps onnxruntime, which is what choosing it asks for.
   */
  readModelFile?: (file: string) => Promise<Uint8Array>;
}

/** Where an embedder evaluated by `bagExtractor` runs, for its label. */
export const TABLE_LOOKUP_RUNTIME = 'CPU, as a table lookup in JavaScript';

/** The fp32 weights' file in a transformers.js model folder. */
const FP32_MODEL_FILE = 'onnx/model.onnx';

/**
 * The bag-of-embeddings encoder evaluated directly: the tokenizer's ids, their rows of the table,
 * pooled by `meanPoolNormalised`'s arithmetic. onnxruntime's output rows are those table rows
 * times a mask of 1.0 (exact), so the vectors are bit for bit the same (a test compares them).
 * Each text's ids come as a plain list, neither padded nor made into int64 tensors: padding only
 * adds masked positions, which the pooling skips, so the sums add the same rows in the same order.
 */
function bagExtractor(bag: EmbeddingBag, tokenize: (texts: string[]) => { ids: readonly number[]; mask: readonly number[] }[]): ExtractFn {
  return async (texts) => {
    if (texts.length === 0) return [];
    const { table, dimension } = bag;
    return tokenize(texts).map(({ ids, mask }) => {
      const sum = new Float64Array(dimension);
      let count = 0;
      for (let t = 0; t < ids.length; t++) {
        if (mask[t] === 0) continue;
        count++;
        const offset = ids[t] * dimension;
        for (let d = 0; d < dimension; d++) sum[d] += table[offset + d];
      }
      return normalisedMean(sum, count);
    });
  };
}

/** The mean of `count` summed vectors, L2-normalised (zero when the sum is zero). */
function normalisedMean(sum: Float64Array, count: number): Float32Array {
  const dimension = sum.length;
  const vector = new Float32Array(dimension);
  let norm = 0;
  for (let d = 0; d < dimension; d++) norm += (sum[d] / Math.max(count, 1)) ** 2;
  const scale = norm > 0 ? 1 / (Math.sqrt(norm) * Math.max(count, 1)) : 0;
  for (let d = 0; d < dimension; d++) vector[d] = sum[d] * scale;
  return vector;
}

/**
 * Loads a transformers.js feature-extraction pipeline (imported on first use, so the library stays
 * out of the page's first script) and returns mean-pooled, normalised embeddings (docs/embeddings.md).
 */
export async function loadExtractor(options: ExtractorOptions): Promise<ExtractFn & { runtime?: string }> {
  const { pipeline, env } = await import('@huggingface/transformers');
  env.allowRemoteModels = options.allowRemote;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
  if (options.wasmPaths && env.backends.onnx.wasm) env.backends.onnx.wasm.wasmPaths = options.wasmPaths;
  if (options.readModelFile && options.dtype === 'fp32' && options.device !== 'webgpu') {
    options.onProgress?.({ status: 'progress', file: FP32_MODEL_FILE, progress: 0 });
    const bag = readEmbeddingBag(await options.readModelFile(FP32_MODEL_FILE));
    if (bag) {
      const { AutoTokenizer } = await import('@huggingface/transformers');
      const tokenizer = await AutoTokenizer.from_pretrained(options.model, { progress_callback: (progress: unknown) => options.onProgress?.(progress as LoadProgress) });
      const extract = bagExtractor(bag, (texts) => {
        // The pipeline's own call, so the ids (and truncation at the model's 128) are the ones
        // onnxruntime gets; as lists, unpadded (padding to the batch's longest text cuts none).
        const inputs = tokenizer(texts, { truncation: true, return_tensor: false }) as unknown as { input_ids: number[][]; attention_mask: number[][] };
        return inputs.input_ids.map((ids, row) => ({ ids, mask: inputs.attention_mask[row] }));
      });
      options.onProgress?.({ status: 'ready', file: FP32_MODEL_FILE });
      return Object.assign(extract, { runtime: TABLE_LOOKUP_RUNTIME });
    }
  }
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
 * docs/embeddings.md, the same numbers as the pipeline's `pooling: 'mean', normalize: true`.
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
    vectors.push(normalisedMean(sum, count));
  }
  return vectors;
}
