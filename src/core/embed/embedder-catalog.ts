/** Where an embedder's weights come from. */
export type EmbedderSource = 'built-in' | 'bundled' | 'hub';

/** Which runtime a transformers.js model runs on. */
export type EmbedDevice = 'wasm' | 'webgpu';

export interface EmbedderEntry {
  id: string;
  label: string;
  source: EmbedderSource;
  /** The transformers.js model id: a folder under `models/` (bundled) or a hub repository. */
  model?: string;
  /** ONNX weights to load. */
  dtype?: 'fp32' | 'q8';
  /** Download size in MB (0 for what ships with the page). */
  downloadMB: number;
  /** What loading it reads, in MB: its files, plus the onnxruntime-web runtime (about 27 MB) for a model. */
  loadMB?: number;
  /** Its graph stores weights in 16-bit floats, which onnxruntime's WebGPU backend runs only where the adapter has `shader-f16`. */
  webgpuNeedsF16?: boolean;
  description: string;
}

/** The embedders the page and the bench offer. `lexical` needs no model at all. */
export const EMBEDDERS: Record<string, EmbedderEntry> = {
  'toolwise-simcse': {
    id: 'toolwise-simcse',
    label: 'Toolwise SimCSE (bundled)',
    source: 'bundled',
    model: 'toolwise-simcse',
    dtype: 'fp32',
    downloadMB: 0,
    // Its graph is one table lookup, evaluated in JavaScript on the CPU: no onnxruntime (27 MB) to load.
    loadMB: 7.9,
    // Its table is stored in binary16 to stay under 8 MB (docs/embeddings.md).
    webgpuNeedsF16: true,
    description:
      'A small encoder this project trains itself (npm run train:embedder): WordPiece tokens from our training data and general English (WordNet\'s words and subword units), a bag of token vectors retrofitted to WordNet\'s synonyms, unsupervised SimCSE on the bundled training split. Ships with the page. On the CPU its one table lookup runs in JavaScript with the tokenizer of transformers.js (the same numbers as onnxruntime, without loading it); on WebGPU it runs through transformers.js.',
  },
  lexical: {
    id: 'lexical',
    label: 'Lexical TF-IDF (built in)',
    source: 'built-in',
    downloadMB: 0,
    description: 'Hashed word unigrams and bigrams weighted by TF-IDF, fitted per environment. The fastest option; no model.',
  },
  'all-MiniLM-L6-v2': {
    id: 'all-MiniLM-L6-v2',
    label: 'all-MiniLM-L6-v2 (hub, online)',
    source: 'hub',
    model: 'Xenova/all-MiniLM-L6-v2',
    dtype: 'q8',
    downloadMB: 23,
    loadMB: 23 + 27,
    description: 'A 6-layer sentence-transformers model from the Hugging Face hub, 8-bit weights. Needs a connection the first time; the browser caches it.',
  },
};

export const DEFAULT_EMBEDDER = 'toolwise-simcse';
