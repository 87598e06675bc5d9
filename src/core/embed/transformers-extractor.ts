import type { ExtractFn } from './pipeline-embedder';
import { readEmbeddingBag, type EmbeddingBag } from './onnx-bag';
import { textCache } from '../text-cache';

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

/** What `bertWordIds` asks of a transformers.js tokenizer: its encoder, its length, and its tokenizer.json. */
interface WordPieceTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  model_max_length?: number;
  _tokenizerJSON?: { normalizer?: { type?: string } | null; pre_tokenizer?: { type?: string } | null; added_tokens?: { content: string }[] };
}

/** The tokenizer's [CLS] and [SEP] ids and what else `bertWordIds` reads, where it is the plain BERT kind it is exact for. */
function plainBert(tokenizer: WordPieceTokenizer): { cls: number; sep: number; max: number; added: string[] } | undefined {
  const json = tokenizer._tokenizerJSON;
  if (json?.normalizer?.type !== 'BertNormalizer' || json.pre_tokenizer?.type !== 'BertPreTokenizer' || !Array.isArray(json.added_tokens)) return undefined;
  const max = tokenizer.model_max_length;
  // The special tokens the post-processor puts around a text: one before and one after.
  const empty = tokenizer.encode('', { add_special_tokens: true });
  const word = tokenizer.encode('a', { add_special_tokens: true });
  const bare = tokenizer.encode('a', { add_special_tokens: false });
  if (!max || !Number.isInteger(max) || empty.length !== 2 || word.length !== bare.length + 2 || word[0] !== empty[0] || word[word.length - 1] !== empty[1]) return undefined;
  return { cls: empty[0], sep: empty[1], max, added: json.added_tokens.map((token) => token.content).filter((content) => content.length > 0) };
}

/**
 * The pipeline's ids of each text (`pipelineIds`), found word by word: a BERT tokenizer's
 * normalizer (control characters dropped, whitespace made spaces, Chinese characters spaced,
 * accents stripped, lower case) and its pre-tokenizer (split at whitespace and punctuation) never
 * join characters across a space, tab or line break, and WordPiece reads one word at a time, so a
 * text's ids are those of its whitespace-separated chunks one after another, between [CLS] and
 * [SEP], cut at the model's length as the pipeline cuts them (the first `model_max_length`, [SEP]
 * included only where it fits). Chunks repeat across texts (a context is a goal line and an
 * observation, a candidate is a tool's words), so each chunk's ids are kept. A text that holds an
 * added token's text (`[SEP]`, matched before normalising) or a tokenizer of another kind goes to the
 * pipeline whole. A test compares the ids with the pipeline's over random texts.
 */
export function bertWordIds(tokenizer: WordPieceTokenizer, pipelineIds: (texts: string[]) => { ids: readonly number[]; mask: readonly number[] }[]): (texts: string[]) => { ids: readonly number[]; mask: readonly number[] }[] {
  const bert = plainBert(tokenizer);
  if (!bert) return pipelineIds;
  const { cls, sep, max, added } = bert;
  const chunkIds = textCache<readonly number[]>(100_000);
  const encodeChunk = (chunk: string) => tokenizer.encode(chunk, { add_special_tokens: false });
  const one = (text: string): { ids: readonly number[]; mask: readonly number[] } | undefined => {
    if (added.some((content) => text.includes(content))) return undefined;
    const ids = [cls];
    for (const chunk of text.split(/[ \t\n\r]+/)) {
      if (chunk === '') continue;
      for (const id of chunkIds(chunk, encodeChunk)) ids.push(id);
      // The pipeline keeps the first `max` ids of [CLS], the text's ids and [SEP]: the rest is cut.
      if (ids.length >= max) break;
    }
    if (ids.length < max) ids.push(sep);
    if (ids.length > max) ids.length = max;
    return { ids, mask: ids.map(() => 1) };
  };
  return (texts) => {
    const read = texts.map(one);
    const rest = texts.filter((_, i) => read[i] === undefined);
    if (rest.length === 0) return read as { ids: readonly number[]; mask: readonly number[] }[];
    const piped = pipelineIds(rest);
    let k = 0;
    return read.map((found) => found ?? piped[k++]);
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
      // The pipeline's own call, so the ids (and truncation at the model's 128) are the ones
      // onnxruntime gets; as lists, unpadded (padding to the batch's longest text cuts none).
      const pipelineIds = (texts: string[]) => {
        const inputs = tokenizer(texts, { truncation: true, return_tensor: false }) as unknown as { input_ids: number[][]; attention_mask: number[][] };
        return inputs.input_ids.map((ids, row) => ({ ids, mask: inputs.attention_mask[row] }));
      };
      const extract = bagExtractor(bag, bertWordIds(tokenizer, pipelineIds));
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
