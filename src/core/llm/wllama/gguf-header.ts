/**
 * Reads a GGUF file's metadata (the key-value header before the tensors) from its first bytes, to
 * know a model before the engine loads it: its architecture, its trained context length
 * (`<arch>.context_length`) and its name. Format: magic "GGUF", version (u32, 2 or 3), tensor
 * count and key-value count (u64), then each key (u64 length + UTF-8) with a u32 type and a value;
 * strings are u64 length + UTF-8, arrays a u32 element type, a u64 count and the elements.
 */

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

export interface GgufHeader {
  version: number;
  architecture?: string;
  name?: string;
  /** `<architecture>.context_length`: the length the model was trained with. */
  contextLength?: number;
  /** Scalar and string values by key (arrays are skipped). */
  values: Record<string, string | number | boolean | bigint>;
}

const SCALAR_BYTES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;

/** Not a GGUF file, or one whose header could not be read. */
export class GgufHeaderError extends Error {
  override name = 'GgufHeaderError';
}

/**
 * The header of a GGUF file, read in growing chunks (a header holds the whole vocabulary, several
 * MB for Qwen's); `maxBytes` bounds what is read.
 */
export async function readGgufHeader(read: ByteReader, maxBytes = 64 * 1024 * 1024): Promise<GgufHeader> {
  let buffer = new Uint8Array(0);
  let done = false;
  const ensure = async (end: number) => {
    while (buffer.length < end) {
      if (done) throw new GgufHeaderError('The file ends inside its GGUF header.');
      const want = Math.min(maxBytes, Math.max(end, buffer.length * 2, 1 << 20));
      if (want <= buffer.length) throw new GgufHeaderError(`The GGUF header is longer than ${maxBytes} bytes.`);
      const more = await read(buffer.length, want - buffer.length);
      if (more.length < want - buffer.length) done = true;
      const next = new Uint8Array(buffer.length + more.length);
      next.set(buffer);
      next.set(more, buffer.length);
      buffer = next;
    }
  };
  let at = 0;
  const view = () => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const u32 = async () => {
    await ensure(at + 4);
    const value = view().getUint32(at, true);
    at += 4;
    return value;
  };
  const u64 = async () => {
    await ensure(at + 8);
    const value = view().getBigUint64(at, true);
    at += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufHeaderError('A GGUF length is too large to be real.');
    return Number(value);
  };
  const text = async () => {
    const length = await u64();
    await ensure(at + length);
    const value = new TextDecoder().decode(buffer.subarray(at, at + length));
    at += length;
    return value;
  };
  const scalar = async (type: number): Promise<string | number | boolean | bigint> => {
    const size = SCALAR_BYTES[type];
    if (size === undefined) throw new GgufHeaderError(`Unknown GGUF value type ${type}.`);
    await ensure(at + size);
    const v = view();
    const value = [v.getUint8(at), v.getInt8(at), v.getUint16(at, true), v.getInt16(at, true), v.getUint32(at, true), v.getInt32(at, true), v.getFloat32(at, true), v.getUint8(at) !== 0, 0, 0, v.getBigUint64(at, true), v.getBigInt64(at, true), v.getFloat64(at, true)][type];
    at += size;
    return value;
  };

  await ensure(4);
  if (new TextDecoder().decode(buffer.subarray(0, 4)) !== 'GGUF') throw new GgufHeaderError('This is not a GGUF file (its first bytes are not "GGUF").');
  at = 4;
  const version = await u32();
  if (version < 2 || version > 3) throw new GgufHeaderError(`GGUF version ${version} is not one this reader knows (2 or 3).`);
  await u64(); // tensor count
  const count = await u64();
  const values: GgufHeader['values'] = {};
  for (let i = 0; i < count; i++) {
    const key = await text();
    const type = await u32();
    if (type === STRING) values[key] = await text();
    else if (type === ARRAY) {
      const element = await u32();
      const n = await u64();
      if (element === STRING)
        for (let j = 0; j < n; j++) {
          const length = await u64(); // read before `at` is: `at += await u64()` would add to the old offset
          at += length;
        }
      else if (SCALAR_BYTES[element] !== undefined) at += n * SCALAR_BYTES[element];
      else throw new GgufHeaderError(`Unsupported GGUF array of type ${element} under ${key}.`);
    } else values[key] = await scalar(type);
  }
  const architecture = typeof values['general.architecture'] === 'string' ? values['general.architecture'] : undefined;
  const context = architecture ? values[`${architecture}.context_length`] : undefined;
  return {
    version,
    ...(architecture ? { architecture } : {}),
    ...(typeof values['general.name'] === 'string' ? { name: values['general.name'] } : {}),
    ...(typeof context === 'number' || typeof context === 'bigint' ? { contextLength: Number(context) } : {}),
    values,
  };
}

/** A reader over a Blob (a picked File, or a file from the browser's storage). */
export function blobReader(blob: Blob): ByteReader {
  return async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
}
