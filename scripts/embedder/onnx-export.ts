import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
type IGraphProto = import('onnx-proto').onnx.IGraphProto;
type IModelProto = import('onnx-proto').onnx.IModelProto;

/** ONNX tensor element types used here (onnx.TensorProto.DataType). */
const FLOAT = 1;
const INT64 = 7;

const dims = (...names: (string | number)[]) => ({
  dim: names.map((name) => (typeof name === 'number' ? { dimValue: name } : { dimParam: name })),
});
const tensorType = (elemType: number, ...shape: (string | number)[]) => ({ tensorType: { elemType, shape: dims(...shape) } });

/**
 * The encoder as an ONNX graph that transformers.js runs as a feature-extraction model:
 * `last_hidden_state = embeddings[input_ids] * attention_mask` (Gather, Cast, Unsqueeze, Mul),
 * opset 17. Mean pooling and normalisation are the pipeline's (`pooling: 'mean', normalize: true`),
 * the same as in training.
 */
export function encoderOnnx(embeddings: Float32Array, vocabSize: number, dimension: number): Uint8Array {
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
        dataType: FLOAT,
        rawData: new Uint8Array(embeddings.buffer, embeddings.byteOffset, embeddings.byteLength),
      },
      { name: 'last_axis', dims: [1], dataType: INT64, int64Data: [2] },
    ],
    node: [
      { opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['token_vectors'], name: 'lookup', attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
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
