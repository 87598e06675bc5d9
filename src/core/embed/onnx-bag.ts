/**
 * Reads the bundled encoder's ONNX file when its graph is exactly the one `train:embedder` exports
 * (scripts/embedder/onnx-export.ts): `last_hidden_state = embeddings[input_ids] * attention_mask`,
 * one Gather on axis 0 (a float32 table, or a binary16 table and a Cast of the rows to float32),
 * then Cast, Unsqueeze and Mul by the mask. Such a model is a table lookup,
 * so the page can evaluate it without starting onnxruntime (a 27 MB wasm module, about a second of
 * a cold start on two cores; issue 13). Any other graph gives `undefined` and runs on onnxruntime.
 *
 * Only the few protobuf fields this needs are read (ONNX's onnx.proto field numbers).
 */

import { fromHalfBits } from './half-float';

/** The embedding table of a bag-of-embeddings encoder. */
export interface EmbeddingBag {
  /** vocabSize rows of `dimension` floats. */
  table: Float32Array;
  vocabSize: number;
  dimension: number;
}

interface Field {
  field: number;
  /** Varint value (wire type 0). */
  value?: number;
  /** Bytes of a length-delimited field (wire type 2). */
  bytes?: Uint8Array;
}

/** Reads a varint at `cursor.at` and moves past it. */
function varint(bytes: Uint8Array, cursor: { at: number }): number {
  let result = 0;
  let scale = 1;
  for (;;) {
    if (cursor.at >= bytes.length) throw new Error('truncated varint');
    const byte = bytes[cursor.at++];
    result += (byte & 0x7f) * scale;
    if (byte < 0x80) return result;
    scale *= 128;
  }
}

/** The fields of one protobuf message; fixed-width fields are skipped. */
function fields(bytes: Uint8Array): Field[] {
  const out: Field[] = [];
  const cursor = { at: 0 };
  while (cursor.at < bytes.length) {
    const key = varint(bytes, cursor);
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) out.push({ field, value: varint(bytes, cursor) });
    else if (wire === 2) {
      const length = varint(bytes, cursor);
      if (cursor.at + length > bytes.length) throw new Error('truncated field');
      out.push({ field, bytes: bytes.subarray(cursor.at, cursor.at + length) });
      cursor.at += length;
    } else if (wire === 1) cursor.at += 8;
    else if (wire === 5) cursor.at += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : '');
const strings = (message: Field[], field: number) => message.filter((f) => f.field === field).map((f) => text(f.bytes));

/** A repeated int64 field, packed (one run of varints) or not. */
function ints(message: Field[], field: number): number[] {
  return message
    .filter((f) => f.field === field)
    .flatMap((f) => {
      if (f.value !== undefined) return [f.value];
      const run = f.bytes ?? new Uint8Array();
      const values: number[] = [];
      for (const cursor = { at: 0 }; cursor.at < run.length; ) values.push(varint(run, cursor));
      return values;
    });
}

interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  /** Integer attributes by name. */
  ints: Map<string, number>;
}

// onnx.proto field numbers.
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_I = 3;
const TENSOR_DIMS = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_INT64_DATA = 7;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;
const FLOAT = 1;
const FLOAT16 = 10;

function node(bytes: Uint8Array): Node {
  const message = fields(bytes);
  const attributes = message.filter((f) => f.field === NODE_ATTRIBUTE).map((f) => fields(f.bytes!));
  return {
    op: strings(message, NODE_OP_TYPE)[0] ?? '',
    inputs: strings(message, NODE_INPUT),
    outputs: strings(message, NODE_OUTPUT),
    ints: new Map(attributes.flatMap((a) => (a.some((f) => f.field === ATTRIBUTE_I) ? [[strings(a, ATTRIBUTE_NAME)[0], a.find((f) => f.field === ATTRIBUTE_I)!.value!] as const] : []))),
  };
}

const same = <T,>(a: T[], b: T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The embedding table, when `bytes` is the exported bag-of-embeddings graph; otherwise undefined. */
export function readEmbeddingBag(bytes: Uint8Array): EmbeddingBag | undefined {
  try {
    const graphBytes = fields(bytes).find((f) => f.field === MODEL_GRAPH)?.bytes;
    if (!graphBytes) return undefined;
    const graph = fields(graphBytes);
    const nodes = graph.filter((f) => f.field === GRAPH_NODE).map((f) => node(f.bytes!));
    const tensors = graph.filter((f) => f.field === GRAPH_INITIALIZER).map((f) => fields(f.bytes!));
    const half = nodes.length === 5;
    const [gather, toFloat] = nodes;
    const [cast, unsqueeze, mul] = nodes.slice(half ? 2 : 1);
    if ((nodes.length !== 4 && !half) || !gather || !cast || !unsqueeze || !mul) return undefined;
    const rows = half ? toFloat.outputs : gather.outputs;
    const table = tensors.find((t) => strings(t, TENSOR_NAME)[0] === gather.inputs[0]);
    const axis = tensors.find((t) => strings(t, TENSOR_NAME)[0] === unsqueeze.inputs[1]);
    const wired =
      gather.op === 'Gather' && same(gather.inputs.slice(1), ['input_ids']) && (gather.ints.get('axis') ?? 0) === 0 &&
      (!half || (toFloat.op === 'Cast' && same(toFloat.inputs, gather.outputs) && toFloat.ints.get('to') === FLOAT)) &&
      cast.op === 'Cast' && same(cast.inputs, ['attention_mask']) && cast.ints.get('to') === FLOAT &&
      unsqueeze.op === 'Unsqueeze' && same(unsqueeze.inputs.slice(0, 1), cast.outputs) && axis !== undefined && same(ints(axis, TENSOR_INT64_DATA), [2]) &&
      mul.op === 'Mul' && same(mul.inputs, [...rows, ...unsqueeze.outputs]) && same(mul.outputs, ['last_hidden_state']);
    if (!wired || !table) return undefined;
    const [vocabSize, dimension] = ints(table, TENSOR_DIMS);
    const raw = table.find((f) => f.field === TENSOR_RAW_DATA)?.bytes;
    const width = half ? 2 : 4;
    if (table.find((f) => f.field === TENSOR_DATA_TYPE)?.value !== (half ? FLOAT16 : FLOAT) || !raw || !vocabSize || !dimension || raw.length !== vocabSize * dimension * width) return undefined;
    const floats = new Float32Array(vocabSize * dimension);
    if (half) {
      // Little-endian binary16, widened exactly (as onnxruntime's Cast does).
      for (let i = 0; i < floats.length; i++) floats[i] = fromHalfBits(raw[2 * i] | (raw[2 * i + 1] << 8));
    } else {
      // Copied so the floats are aligned (raw data sits at any offset of the file); ONNX stores little-endian.
      new Uint8Array(floats.buffer).set(raw);
    }
    return { table: floats, vocabSize, dimension };
  } catch {
    return undefined;
  }
}
