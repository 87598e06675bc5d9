import onnxProto from 'onnx-proto';
import { toHalfBits } from '../../src/core/embed/half-float';

const { onnx } = onnxProto;
type IGraphProto = import('onnx-proto').onnx.IGraphProto;
type IModelProto = import('onnx-proto').onnx.IModelProto;

/** ONNX tensor element types used here (onnx.TensorProto.DataType). */
const FLOAT = 1;
const INT64 = 7;
const FLOAT16 = 10;

const dims = (...names: (string | number)[]) => ({
  dim: names.map((name) => (typeof name === 'number' ? { dimValue: name } : { dimParam: name })),
});
const tensorType = (elemType: number, ...shape: (string | number)[]) => ({ tensorType: { elemType, shape: dims(...shape) } });

/**
 * The encoder as an ONNX graph that transformers.js runs as a feature-extraction model:
 * `last_hidden_state = embeddings[input_ids] * attention_mask` (Gather, Cast, Unsqueeze, Mul),
 * opset 17. Mean pooling and normalisation are the pipeline's (`pooling: 'mean', normalize: true`),
 * the same as in training. With `half`, the table is stored in binary16 and the looked-up rows are
 * cast to float32 (one more Cast after the Gather): half the file.
 */
export function encoderOnnx(embeddings: Float32Array, vocabSize: number, dimension: number, half = false): Uint8Array {
  const halves = half ? Uint16Array.from(embeddings, (value) => toHalfBits(value)) : undefined;
  const tableBytes = halves ? new Uint8Array(halves.buffer) : new Uint8Array(embeddings.buffer, embeddings.byteOffset, embeddings.byteLength);
  const lookup = half
    ? [
        { opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['token_halves'], name: 'lookup', attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
        { opType: 'Cast', input: ['token_halves'], output: ['token_vectors'], name: 'to_float', attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }] },
      ]
    : [{ opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['token_vectors'], name: 'lookup', attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] }];
  const graph: IGraphProto = {
    name: 'toolwise-simcse',
    input: [
      { name: 'input_ids', type: tensorType(INT64, 'batch', 'sequence') },
      { name: 'attention_mask', type: tensorType(INT64, 'batch', 'sequence') },
    ],
    output: [{ name: 'last_hidden_state', type: tensorType(FLOAT, 'batch', 'sequence', dimension) }],
    initializer: [
      {
        name: 'embeddings',
        dims: [vocabSize, dimension],
        dataType: half ? FLOAT16 : FLOAT,
        rawData: tableBytes,
      },
      { name: 'last_axis', dims: [1], dataType: INT64, int64Data: [2] },
    ],
    node: [
      ...lookup,
      { opType: 'Cast', input: ['attention_mask'], output: ['mask_float'], name: 'mask_to_float', attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }] },
      { opType: 'Unsqueeze', input: ['mask_float', 'last_axis'], output: ['mask_column'], name: 'mask_column' },
      { opType: 'Mul', input: ['token_vectors', 'mask_column'], output: ['last_hidden_state'], name: 'apply_mask' },
    ],
  };
  const model: IModelProto = {
    irVersion: 8,
    opsetImport: [{ domain: '', version: 17 }],
    producerName: 'toolwise train:embedder',
    producerVersion: '1',
    graph,
  };
  return onnx.ModelProto.encode(onnx.ModelProto.create(model)).finish();
}
