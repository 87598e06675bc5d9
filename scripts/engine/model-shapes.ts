import type { GgmlType, MetaValue, TensorSpec } from './gguf-writer.ts';
import { qwenVocabulary } from './qwen-vocabulary.ts';

/**
 * Model shapes the engine scripts write as random-weight GGUF files: two real ones, whose sizes
 * come from the models' published config.json files on Hugging Face, and a tiny one for the tests.
 * A random-weight model of a real shape costs the engine what the real model costs (the same
 * matrix sizes, the same KV cache), so its prefill, decode and reuse rates are the real model's on
 * that device; only what it writes is meaningless.
 */
export interface ModelShape {
  id: string;
  /** llama.cpp's architecture name. */
  architecture: 'qwen2' | 'qwen3';
  /** Where the sizes come from. */
  source: string;
  vocab: number;
  embedding: number;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  feedForward: number;
  context: number;
  ropeBase: number;
  rmsEpsilon: number;
  /** Qwen2 has biases on its query, key and value projections. */
  qkvBias: boolean;
  /** Qwen3 normalizes each head's query and key. */
  qkNorm: boolean;
}

/** For the tests: Qwen2's architecture at a size of a few hundred KB. */
const TINY: ModelShape = {
  id: 'tiny',
  architecture: 'qwen2',
  source: 'our own test size',
  vocab: 4096,
  embedding: 32,
  layers: 2,
  heads: 2,
  kvHeads: 1,
  headDim: 16,
  feedForward: 64,
  context: 8192,
  ropeBase: 1_000_000,
  rmsEpsilon: 1e-6,
  qkvBias: true,
  qkNorm: false,
};

export const MODEL_SHAPES: Readonly<Record<string, ModelShape>> = {
  'qwen2.5-0.5b': {
    id: 'qwen2.5-0.5b',
    architecture: 'qwen2',
    source: 'Qwen/Qwen2.5-0.5B-Instruct config.json: hidden 896, 24 layers, 14 heads, 2 KV heads, intermediate 4864, vocab 151936, tied embeddings',
    vocab: 151_936,
    embedding: 896,
    layers: 24,
    heads: 14,
    kvHeads: 2,
    headDim: 64,
    feedForward: 4864,
    context: 32_768,
    ropeBase: 1_000_000,
    rmsEpsilon: 1e-6,
    qkvBias: true,
    qkNorm: false,
  },
  'qwen3-0.6b': {
    id: 'qwen3-0.6b',
    architecture: 'qwen3',
    source: 'Qwen/Qwen3-0.6B config.json: hidden 1024, 28 layers, 16 heads of 128, 8 KV heads, intermediate 3072, vocab 151936, tied embeddings',
    vocab: 151_936,
    embedding: 1024,
    layers: 28,
    heads: 16,
    kvHeads: 8,
    headDim: 128,
    feedForward: 3072,
    context: 40_960,
    ropeBase: 1_000_000,
    rmsEpsilon: 1e-6,
    qkvBias: false,
    qkNorm: true,
  },
  tiny: TINY,
  /** For the tests: the tiny shape with Qwen2.5's whole vocabulary (151,936 ids, as the real models pad it), to carry its tokenizer: a few MB. */
  'tiny-qwen2.5': { ...TINY, id: 'tiny-qwen2.5', vocab: 151_936 },
};

/** The 256 byte-level tokens of GPT-2's tokenizer (Qwen's too): each byte as a printable character. */
export function byteTokens(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  let next = 256;
  return Array.from({ length: 256 }, (_, b) => String.fromCodePoint(printable(b) ? b : next++));
}

export const SPECIAL_TOKENS = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'] as const;

/**
 * What a model's tokenizer is: `bytes`, the 256 byte tokens and no merges (every byte of a text
 * one token); `qwen2.5`, Qwen2.5's own vocabulary and merges (`qwen-vocabulary.ts`), so the engine
 * counts tokens as the real model does.
 */
export type Vocabulary = 'bytes' | 'qwen2.5';

/** The GGUF tokenizer fields of a vocabulary, for a model of `vocab` token ids. */
function tokenizerMetadata(vocab: number, vocabulary: Vocabulary): Record<string, MetaValue> {
  if (vocabulary === 'qwen2.5') {
    const qwen = qwenVocabulary(vocab);
    return {
      'tokenizer.ggml.model': { type: 'string', value: 'gpt2' },
      'tokenizer.ggml.pre': { type: 'string', value: 'qwen2' },
      'tokenizer.ggml.tokens': { type: 'strings', value: qwen.tokens },
      'tokenizer.ggml.token_type': { type: 'int32s', value: qwen.types },
      'tokenizer.ggml.merges': { type: 'strings', value: qwen.merges },
      'tokenizer.ggml.bos_token_id': { type: 'uint32', value: qwen.bos },
      'tokenizer.ggml.eos_token_id': { type: 'uint32', value: qwen.eos },
      'tokenizer.ggml.padding_token_id': { type: 'uint32', value: qwen.pad },
      'tokenizer.ggml.add_bos_token': { type: 'bool', value: false },
    };
  }
  return byteTokenizerMetadata(vocab);
}

/**
 * The byte tokenizer: the 256 byte tokens, Qwen's three chat tokens, then unused tokens up to the
 * vocabulary's size (so the embedding and output matrices have the real size). With no merges every
 * byte of a text is one token: counts differ from Qwen's, which is fine for a model that is timed
 * or constrained, not read.
 */
function byteTokenizerMetadata(vocab: number): Record<string, MetaValue> {
  const tokens = [...byteTokens(), ...SPECIAL_TOKENS];
  const types: number[] = tokens.map((_, i) => (i < 256 ? 1 : 3)); // 1 normal, 3 control (llama.cpp's token types)
  for (let i = tokens.length; i < vocab; i++) {
    tokens.push(`<|unused_${i}|>`);
    types.push(5); // unused: never produced by tokenizing, never allowed by a grammar
  }
  const id = (token: string) => tokens.indexOf(token);
  return {
    'tokenizer.ggml.model': { type: 'string', value: 'gpt2' },
    'tokenizer.ggml.pre': { type: 'string', value: 'qwen2' },
    'tokenizer.ggml.tokens': { type: 'strings', value: tokens },
    'tokenizer.ggml.token_type': { type: 'int32s', value: types },
    'tokenizer.ggml.merges': { type: 'strings', value: [] },
    'tokenizer.ggml.bos_token_id': { type: 'uint32', value: id('<|endoftext|>') },
    'tokenizer.ggml.eos_token_id': { type: 'uint32', value: id('<|im_end|>') },
    'tokenizer.ggml.padding_token_id': { type: 'uint32', value: id('<|endoftext|>') },
    'tokenizer.ggml.add_bos_token': { type: 'bool', value: false },
  };
}

/** The GGUF metadata and tensor list of a shape (optionally fewer layers), its matrices of `type`. */
export function ggufLayout(shape: ModelShape, type: GgmlType, layers = shape.layers, vocabulary: Vocabulary = 'bytes'): { metadata: Record<string, MetaValue>; tensors: TensorSpec[] } {
  const a = shape.architecture;
  const u = (value: number): MetaValue => ({ type: 'uint32', value });
  const metadata: Record<string, MetaValue> = {
    'general.architecture': { type: 'string', value: a },
    // llama.cpp's LLAMA_FTYPE of the matrices' type.
    'general.file_type': u({ f32: 0, f16: 1, q4_0: 2, q8_0: 7 }[type]),
    'general.name': { type: 'string', value: `random-weight ${shape.id}${layers !== shape.layers ? ` (${layers} of ${shape.layers} layers)` : ''}` },
    [`${a}.context_length`]: u(shape.context),
    [`${a}.embedding_length`]: u(shape.embedding),
    [`${a}.block_count`]: u(layers),
    [`${a}.feed_forward_length`]: u(shape.feedForward),
    [`${a}.attention.head_count`]: u(shape.heads),
    [`${a}.attention.head_count_kv`]: u(shape.kvHeads),
    [`${a}.attention.key_length`]: u(shape.headDim),
    [`${a}.attention.value_length`]: u(shape.headDim),
    [`${a}.rope.freq_base`]: { type: 'float32', value: shape.ropeBase },
    [`${a}.attention.layer_norm_rms_epsilon`]: { type: 'float32', value: shape.rmsEpsilon },
    ...tokenizerMetadata(shape.vocab, vocabulary),
  };
  const random = { kind: 'random', scale: 0.05 } as const;
  const ones = { kind: 'ones' } as const;
  const q = shape.heads * shape.headDim;
  const kv = shape.kvHeads * shape.headDim;
  const e = shape.embedding;
  // Tied embeddings (both models): the output projection is token_embd, as llama.cpp reads it when
  // output.weight is absent.
  const tensors: TensorSpec[] = [{ name: 'token_embd.weight', dims: [e, shape.vocab], type, fill: random }];
  for (let i = 0; i < layers; i++) {
    const blk = (name: string) => `blk.${i}.${name}`;
    tensors.push(
      { name: blk('attn_norm.weight'), dims: [e], type: 'f32', fill: ones },
      { name: blk('attn_q.weight'), dims: [e, q], type, fill: random },
      { name: blk('attn_k.weight'), dims: [e, kv], type, fill: random },
      { name: blk('attn_v.weight'), dims: [e, kv], type, fill: random },
    );
    if (shape.qkvBias)
      tensors.push(
        { name: blk('attn_q.bias'), dims: [q], type: 'f32', fill: random },
        { name: blk('attn_k.bias'), dims: [kv], type: 'f32', fill: random },
        { name: blk('attn_v.bias'), dims: [kv], type: 'f32', fill: random },
      );
    if (shape.qkNorm)
      tensors.push(
        { name: blk('attn_q_norm.weight'), dims: [shape.headDim], type: 'f32', fill: ones },
        { name: blk('attn_k_norm.weight'), dims: [shape.headDim], type: 'f32', fill: ones },
      );
    tensors.push(
      { name: blk('attn_output.weight'), dims: [q, e], type, fill: random },
      { name: blk('ffn_norm.weight'), dims: [e], type: 'f32', fill: ones },
      { name: blk('ffn_gate.weight'), dims: [e, shape.feedForward], type, fill: random },
      { name: blk('ffn_up.weight'), dims: [e, shape.feedForward], type, fill: random },
      { name: blk('ffn_down.weight'), dims: [shape.feedForward, e], type, fill: random },
    );
  }
  tensors.push({ name: 'output_norm.weight', dims: [e], type: 'f32', fill: ones });
  return { metadata, tensors };
}
