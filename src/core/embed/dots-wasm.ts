/**
 * A WebAssembly function `dots(query, pointers, groups, quads, out)`: the dot products of a float32
 * query with float32 vectors anywhere in memory, eight at a time. `pointers` lists the vectors'
 * byte offsets (16-byte aligned), eight per group; `quads` is the vectors' length / 4. Each
 * product is widened to float64 and added to its vector's own running sum in index order, one SIMD
 * lane per vector (four values of two vectors are loaded side by side, then interleaved), so every
 * sum is the one the scalar loop of `cosine` makes, to the last bit: the lanes only let eight sums
 * advance at once. The sums are written as float64, eight per group, at `out`.
 *
 * The module is written here as bytes (a short loop; no toolchain needed). The opcodes are those
 * of the WebAssembly core and fixed-width SIMD specifications.
 */

const I32 = 0x7f;
const V128 = 0x7b;

// Control and variable instructions.
const BLOCK = 0x02;
const LOOP = 0x03;
const EMPTY = 0x40;
const END = 0x0b;
const BR_IF = 0x0d;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
// Numeric.
const I32_LOAD = 0x28;
const F32_LOAD = 0x2a;
const I32_CONST = 0x41;
const I32_EQZ = 0x45;
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;
const F64_PROMOTE_F32 = 0xbb;
// SIMD (prefix 0xfd, then the opcode as unsigned LEB128).
const simd = (...op: number[]) => [0xfd, ...op];
const V128_LOAD = simd(0x00);
const V128_STORE = simd(0x0b);
const V128_CONST = simd(0x0c);
const I8X16_SHUFFLE = simd(0x0d);
const F64X2_SPLAT = simd(0x14);
const F64X2_PROMOTE_LOW_F32X4 = simd(0x5f);
const F64X2_ADD = simd(0xf0, 0x01);
const F64X2_MUL = simd(0xf2, 0x01);

/** Unsigned LEB128. */
function leb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** Signed LEB128 (the immediate of i32.const), for small non-negative values. */
function sleb(value: number): number[] {
  const bytes = leb(value);
  // A last byte with bit 6 set would read as negative: one more byte carries the sign.
  if (bytes[bytes.length - 1] & 0x40) {
    bytes[bytes.length - 1] |= 0x80;
    bytes.push(0);
  }
  return bytes;
}

const name = (text: string) => [...leb(text.length), ...[...text].map((c) => c.charCodeAt(0))];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
/** A memory argument: alignment as a power of two, then the offset. */
const memarg = (align: number, offset: number) => [...leb(align), ...leb(offset)];

// Parameters, then locals, by index.
const QUERY = 0;
const POINTERS = 1;
const GROUPS = 2;
const QUADS = 3;
const OUT = 4;
const P = [5, 6, 7, 8, 9, 10, 11, 12];
const D = 13;
const K = 14;
const ACC = [15, 16, 17, 18];
const A = 19;
const B = 20;
const LO = 21;
const HI = 22;
const Q = [23, 24, 25, 26];

/** Float32 lanes (a0, b0, a1, b1) and (a2, b2, a3, b3) of two loaded rows a and b (bytes 16-31 are b's). */
const INTERLEAVE_LOW = [0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23];
const INTERLEAVE_HIGH = [8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31];
/** Float32 lanes 2 and 3 moved down to lanes 0 and 1. */
const HIGH_HALF = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];

/** acc += widen(lanes 0-1 of v, or of its lanes 2-3 when `high`) * q. */
function accumulate(acc: number, v: number, high: boolean, q: number): number[] {
  const lanes = high ? [GET, v, GET, v, ...I8X16_SHUFFLE, ...HIGH_HALF] : [GET, v];
  return [GET, acc, ...lanes, ...F64X2_PROMOTE_LOW_F32X4, GET, q, ...F64X2_MUL, ...F64X2_ADD, SET, acc];
}

/** Four dimensions of vectors 2k and 2k+1 into sum k: their rows loaded, interleaved, and added in order. */
function pair(k: number): number[] {
  const load = (pointer: number) => [GET, pointer, GET, D, I32_ADD, ...V128_LOAD, ...memarg(4, 0)];
  return [
    ...load(P[2 * k]), SET, A,
    ...load(P[2 * k + 1]), SET, B,
    GET, A, GET, B, ...I8X16_SHUFFLE, ...INTERLEAVE_LOW, SET, LO,
    GET, A, GET, B, ...I8X16_SHUFFLE, ...INTERLEAVE_HIGH, SET, HI,
    ...accumulate(ACC[k], LO, false, Q[0]),
    ...accumulate(ACC[k], LO, true, Q[1]),
    ...accumulate(ACC[k], HI, false, Q[2]),
    ...accumulate(ACC[k], HI, true, Q[3]),
  ];
}

const body = [
  // Locals: ten i32 (eight pointers, the byte offset into the rows, the quads left), then twelve
  // v128 (four sums, two loaded rows, their two interleavings, four query values).
  ...leb(2),
  ...leb(10),
  I32,
  ...leb(12),
  V128,
  BLOCK, EMPTY,
  GET, GROUPS, I32_EQZ, BR_IF, 0,
  LOOP, EMPTY,
  ...P.flatMap((pointer, j) => [GET, POINTERS, I32_LOAD, ...memarg(2, 4 * j), SET, pointer]),
  ...ACC.flatMap((acc) => [...V128_CONST, ...new Array(16).fill(0), SET, acc]),
  I32_CONST, ...sleb(0), SET, D,
  GET, QUADS, SET, K,
  BLOCK, EMPTY,
  GET, K, I32_EQZ, BR_IF, 0,
  LOOP, EMPTY,
  ...Q.flatMap((q, j) => [GET, QUERY, GET, D, I32_ADD, F32_LOAD, ...memarg(2, 4 * j), F64_PROMOTE_F32, ...F64X2_SPLAT, SET, q]),
  ...pair(0),
  ...pair(1),
  ...pair(2),
  ...pair(3),
  GET, D, I32_CONST, ...sleb(16), I32_ADD, SET, D,
  GET, K, I32_CONST, ...sleb(1), I32_SUB, TEE, K, BR_IF, 0,
  END,
  END,
  ...ACC.flatMap((acc, k) => [GET, OUT, GET, acc, ...V128_STORE, ...memarg(4, 16 * k)]),
  GET, OUT, I32_CONST, ...sleb(64), I32_ADD, SET, OUT,
  GET, POINTERS, I32_CONST, ...sleb(32), I32_ADD, SET, POINTERS,
  GET, GROUPS, I32_CONST, ...sleb(1), I32_SUB, TEE, GROUPS, BR_IF, 0,
  END,
  END,
  END,
];

/** The module's bytes: imports memory `e.m`, exports `dots`. */
export const DOTS_WASM = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // Type: (i32 x 5) -> ().
  ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
  // Import: memory e.m, at least one page.
  ...section(2, [1, ...name('e'), ...name('m'), 0x02, 0x00, 1]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...name('dots'), 0x00, 0]),
  ...section(10, [1, ...leb(body.length), ...body]),
]);
