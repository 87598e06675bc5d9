import { closeSync, openSync, writeSync } from 'node:fs';
import { Rng } from '../../src/core/rng.ts';

/**
 * A GGUF v3 file writer (the model format of llama.cpp, documented in ggml's docs/gguf.md): the
 * header (magic `GGUF`, version 3, tensor and key-value counts), the key-value metadata, the tensor
 * infos (name, dimensions innermost first, ggml type, offset into the data), then the tensor data,
 * each tensor starting on a multiple of `general.alignment` (32). Tensor contents are random from a
 * seeded generator: the files this writes have a real model's shapes and no trained weights.
 */

/** GGUF metadata value types (gguf.md, `gguf_metadata_value_type`). */
const GGUF_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;

/** ggml tensor types this writer fills, with their block size (elements) and bytes per block. */
export const GGML_TYPES = {
  f32: { id: 0, block: 1, bytes: 4 },
  f16: { id: 1, block: 1, bytes: 2 },
  q4_0: { id: 2, block: 32, bytes: 18 },
  q8_0: { id: 8, block: 32, bytes: 34 },
} as const;
export type GgmlType = keyof typeof GGML_TYPES;

export type MetaValue =
  | { type: 'uint32' | 'int32' | 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: readonly string[] }
  | { type: 'int32s' | 'float32s'; value: readonly number[] };

/** What a tensor holds: ones (norm weights), or random values of about this magnitude. */
export type TensorFill = { kind: 'ones' } | { kind: 'random'; scale: number };

export interface TensorSpec {
  name: string;
  /** Dimensions innermost first (ggml's ne0, ne1): a [out, in] linear weight is [in, out]. */
  dims: readonly number[];
  type: GgmlType;
  fill: TensorFill;
}

const ALIGNMENT = 32;

class ByteSink {
  private chunks: Buffer[] = [];
  length = 0;
  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeValue(sink: ByteSink, value: MetaValue): void {
  switch (value.type) {
    case 'uint32':
      sink.u32(GGUF_TYPE.uint32);
      sink.u32(value.value);
      return;
    case 'int32':
      sink.u32(GGUF_TYPE.int32);
      sink.i32(value.value);
      return;
    case 'float32':
      sink.u32(GGUF_TYPE.float32);
      sink.f32(value.value);
      return;
    case 'bool':
      sink.u32(GGUF_TYPE.bool);
      sink.push(Buffer.from([value.value ? 1 : 0]));
      return;
    case 'string':
      sink.u32(GGUF_TYPE.string);
      sink.string(value.value);
      return;
    case 'strings':
      sink.u32(GGUF_TYPE.array);
      sink.u32(GGUF_TYPE.string);
      sink.u64(value.value.length);
      for (const item of value.value) sink.string(item);
      return;
    case 'int32s':
    case 'float32s':
      sink.u32(GGUF_TYPE.array);
      sink.u32(value.type === 'int32s' ? GGUF_TYPE.int32 : GGUF_TYPE.float32);
      sink.u64(value.value.length);
      for (const item of value.value) (value.type === 'int32s' ? sink.i32(item) : sink.f32(item));
      return;
  }
}

/** Bytes a tensor takes. */
export function tensorBytes(spec: Pick<TensorSpec, 'dims' | 'type'>): number {
  const { block, bytes } = GGML_TYPES[spec.type];
  const elements = spec.dims.reduce((a, b) => a * b, 1);
  if (spec.dims[0] % block !== 0) throw new RangeError(`A ${spec.type} tensor's first dimension must be a multiple of ${block}.`);
  return (elements / block) * bytes;
}

const padTo = (n: number, alignment: number) => Math.ceil(n / alignment) * alignment;

/** IEEE half-precision bits of a float (round to nearest; the values written here are normal halves). */
function halfBits(value: number): number {
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  f[0] = value;
  const x = u[0];
  const sign = (x >>> 16) & 0x8000;
  const exponent = ((x >>> 23) & 0xff) - 127 + 15;
  if (exponent <= 0) return sign;
  if (exponent >= 31) return sign | 0x7c00;
  // Adding the rounding bit may carry into the exponent, as it should.
  return sign | ((exponent << 10) + ((x >>> 13) & 0x3ff) + ((x >>> 12) & 1));
}

/**
 * A tensor's bytes, in chunks of whole rows or blocks. Random F32 and F16 values are uniform in
 * [-scale, scale); a quantized block has the scale that maps its random codes into that range.
 */
function* tensorChunks(spec: TensorSpec, rng: Rng): Generator<Buffer> {
  const total = tensorBytes(spec);
  const chunkBytes = 1 << 22;
  const { block, bytes } = GGML_TYPES[spec.type];
  const step = Math.max(bytes, Math.floor(chunkBytes / bytes) * bytes);
  for (let start = 0; start < total; start += step) {
    const size = Math.min(step, total - start);
    const buffer = Buffer.alloc(size);
    const elements = (size / bytes) * block;
    if (spec.type === 'f32') {
      for (let i = 0; i < elements; i++) buffer.writeFloatLE(spec.fill.kind === 'ones' ? 1 : (rng.next() * 2 - 1) * spec.fill.scale, i * 4);
    } else if (spec.type === 'f16') {
      const words = new Uint16Array(buffer.buffer, buffer.byteOffset, elements);
      if (spec.fill.kind === 'ones') words.fill(halfBits(1));
      else {
        // A table of 4,096 evenly spaced values, indexed by 12 random bits: uniform enough and fast
        // for the billion values of a full-size model.
        const table = new Uint16Array(4096).map((_, i) => halfBits(((i + 0.5) / 2048 - 1) * (spec.fill as { scale: number }).scale));
        for (let i = 0; i < elements; i++) words[i] = table[(rng.next() * 4096) | 0];
      }
    } else {
      if (spec.fill.kind === 'ones') throw new RangeError('Norm weights are written as f32.');
      // q8_0: an f16 scale d and 32 int8 codes (value = d x code); q4_0: d and 16 bytes of 4-bit
      // codes (value = d x (code - 8)); ggml's block_q8_0 and block_q4_0.
      const d = halfBits(spec.fill.scale / (spec.type === 'q8_0' ? 127 : 8));
      for (let offset = 0; offset < size; offset += bytes) {
        buffer.writeUInt16LE(d, offset);
        for (let i = 2; i < bytes; i += 4) buffer.writeUInt32LE((rng.next() * 4294967296) >>> 0, offset + i);
      }
    }
    yield buffer;
  }
}

/** Writes a GGUF file of this metadata and these tensors (random contents from `seed`); returns its size in bytes. */
export function writeGguf(path: string, metadata: Readonly<Record<string, MetaValue>>, tensors: readonly TensorSpec[], seed: number): number {
  const head = new ByteSink();
  head.push(Buffer.from('GGUF', 'ascii'));
  head.u32(3);
  head.u64(tensors.length);
  const entries = Object.entries({ ...metadata, 'general.alignment': { type: 'uint32', value: ALIGNMENT } as MetaValue });
  head.u64(entries.length);
  for (const [key, value] of entries) {
    head.string(key);
    writeValue(head, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    head.string(tensor.name);
    head.u32(tensor.dims.length);
    for (const dim of tensor.dims) head.u64(dim);
    head.u32(GGML_TYPES[tensor.type].id);
    head.u64(offset);
    offsets.push(offset);
    offset = padTo(offset + tensorBytes(tensor), ALIGNMENT);
  }
  const header = head.bytes();
  const fd = openSync(path, 'w');
  try {
    let written = 0;
    const put = (buffer: Buffer) => {
      writeSync(fd, buffer);
      written += buffer.length;
    };
    put(header);
    put(Buffer.alloc(padTo(header.length, ALIGNMENT) - header.length));
    const dataStart = written;
    const rng = new Rng(seed);
    tensors.forEach((tensor, i) => {
      put(Buffer.alloc(dataStart + offsets[i] - written));
      for (const chunk of tensorChunks(tensor, rng)) put(chunk);
    });
    put(Buffer.alloc(padTo(written - dataStart, ALIGNMENT) - (written - dataStart)));
    return written;
  } finally {
    closeSync(fd);
  }
}
