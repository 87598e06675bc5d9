import { DOTS_WASM } from './dots-wasm';

const PAGE = 65_536;
/** Bytes at the start of memory for one call's query, pointers and sums. */
const SCRATCH = 256 * 1024;
/** Bytes of vectors kept at most; past this every copy is forgotten and copying starts over. */
const CAP = 64 * 1024 * 1024;
const GROUP = 8;

const align16 = (bytes: number) => Math.ceil(bytes / 16) * 16;

/**
 * One WebAssembly memory that vectors are copied into once each (by object: the embedders' caches
 * hand out the same vector for the same text, so a tool listing's vectors are copied on their first
 * scoring and found after), and the `dots` function that scores a query against them there.
 */
class DotsMemory {
  private readonly memory: WebAssembly.Memory;
  private readonly dots: (query: number, pointers: number, groups: number, quads: number, out: number) => void;
  private offsets = new WeakMap<Float32Array, number>();
  private top = SCRATCH;

  constructor(module: WebAssembly.Module) {
    this.memory = new WebAssembly.Memory({ initial: (SCRATCH + 4 * 1024 * 1024) / PAGE, maximum: CAP / PAGE });
    const instance = new WebAssembly.Instance(module, { e: { m: this.memory } });
    this.dots = instance.exports.dots as DotsMemory['dots'];
  }

  /** The sums of `query` with each vector (all of the query's length, a multiple of 4), or undefined where they do not fit. */
  sums(query: Float32Array, vectors: readonly Float32Array[]): number[] | undefined {
    const n = query.length;
    const count = vectors.length;
    const groups = Math.ceil(count / GROUP);
    const pointersAt = align16(n * 4);
    const outAt = pointersAt + groups * GROUP * 4;
    if (outAt + groups * GROUP * 8 > SCRATCH) return undefined;
    let pointers = this.place(vectors);
    if (!pointers) {
      // Memory is full of earlier vectors: forget them all and copy this list alone.
      this.offsets = new WeakMap();
      this.top = SCRATCH;
      pointers = this.place(vectors);
      if (!pointers) return undefined;
    }
    const { buffer } = this.memory;
    new Float32Array(buffer, 0, n).set(query);
    const slots = new Int32Array(buffer, pointersAt, groups * GROUP);
    slots.set(pointers);
    // Lanes past the end score the first vector again; their sums are not read.
    slots.fill(pointers[0], count);
    this.dots(0, pointersAt, groups, n / 4, outAt);
    const sums = new Float64Array(buffer, outAt, count);
    const out = new Array<number>(count);
    for (let v = 0; v < count; v++) out[v] = sums[v];
    return out;
  }

  /** Each vector's byte offset, copying the ones not yet held; undefined when memory is full. */
  private place(vectors: readonly Float32Array[]): Int32Array | undefined {
    const pointers = new Int32Array(vectors.length);
    for (let v = 0; v < vectors.length; v++) {
      const vector = vectors[v];
      let at = this.offsets.get(vector);
      if (at === undefined) {
        const bytes = align16(vector.length * 4);
        if (this.top + bytes > CAP) return undefined;
        const missing = this.top + bytes - this.memory.buffer.byteLength;
        // Grown by at least a quarter at a time (growing detaches the old buffer; views are made per call).
        if (missing > 0) this.memory.grow(Math.min(CAP / PAGE - this.memory.buffer.byteLength / PAGE, Math.max(Math.ceil(missing / PAGE), this.memory.buffer.byteLength / PAGE / 4)));
        at = this.top;
        new Float32Array(this.memory.buffer, at, vector.length).set(vector);
        this.offsets.set(vector, at);
        this.top += bytes;
      }
      pointers[v] = at;
    }
    return pointers;
  }
}

let shared: DotsMemory | null | undefined;

function dotsMemory(): DotsMemory | null {
  if (shared === undefined) {
    try {
      shared = typeof WebAssembly === 'object' && WebAssembly.validate(DOTS_WASM) ? new DotsMemory(new WebAssembly.Module(DOTS_WASM)) : null;
    } catch {
      // No WebAssembly SIMD here (or no memory for it): scores stay in JavaScript.
      shared = null;
    }
  }
  return shared;
}

/**
 * The dot products of `query` with each of `vectors`, computed in WebAssembly with SIMD and equal to
 * the scalar loop's to the last bit; undefined where that cannot be done (no WebAssembly SIMD,
 * lengths that differ or are not a multiple of 4, a list too long for the scratch space): the
 * caller computes them in JavaScript then.
 */
export function wasmDots(query: Float32Array, vectors: readonly Float32Array[]): number[] | undefined {
  const n = query.length;
  if (n === 0 || n % 4 !== 0) return undefined;
  for (const vector of vectors) if (vector.length !== n) return undefined;
  return dotsMemory()?.sums(query, vectors);
}
