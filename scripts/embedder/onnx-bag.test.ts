import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import onnxProto from 'onnx-proto';
import { readEmbeddingBag } from '../../src/core/embed/onnx-bag';
import { loadExtractor, TABLE_LOOKUP_RUNTIME } from '../../src/core/embed/transformers-extractor';
import { encoderOnnx } from './onnx-export';
import { fromHalfBits, toHalfBits } from '../../src/core/embed/half-float';
import { MODELS_DIR } from '../node-embedder';
import { loadNodeData } from '../node-data';
import { ENVIRONMENTS } from '../../src/core/envs';
import { InThreadRunner } from '../../src/core/run/runner';

const { onnx } = onnxProto;
const MODEL_FILE = join(MODELS_DIR, 'toolwise-simcse', 'onnx', 'model.onnx');

/** An exported model with one node changed by `edit`. */
function edited(edit: (model: import('onnx-proto').onnx.ModelProto) => void): Uint8Array {
  const table = Float32Array.from({ length: 6 * 4 }, (_, i) => i / 10);
  const model = onnx.ModelProto.decode(encoderOnnx(table, 6, 4));
  edit(model);
  return onnx.ModelProto.encode(model).finish();
}

describe('the bundled encoder without onnxruntime (issue 13)', () => {
  it('reads the table of an exported bag-of-embeddings graph, and nothing else', () => {
    const table = Float32Array.from({ length: 6 * 4 }, (_, i) => i / 10);
    const bag = readEmbeddingBag(encoderOnnx(table, 6, 4));
    expect(bag).toMatchObject({ vocabSize: 6, dimension: 4 });
    expect([...bag!.table]).toEqual([...table]);
    // Any other graph runs on onnxruntime.
    expect(readEmbeddingBag(edited((m) => (m.graph!.node![3].opType = 'Add')))).toBeUndefined();
    expect(readEmbeddingBag(edited((m) => (m.graph!.node![0].attribute![0].i = 1)))).toBeUndefined();
    expect(readEmbeddingBag(edited((m) => m.graph!.node!.push(onnx.NodeProto.create({ opType: 'Relu', input: ['last_hidden_state'], output: ['x'] }))))).toBeUndefined();
    expect(readEmbeddingBag(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });

  it('reads a binary16 table (Gather, then a Cast of the rows to float32) as its exact float32 values', () => {
    const table = Float32Array.from({ length: 6 * 4 }, (_, i) => Math.sin(i) * 2);
    const bag = readEmbeddingBag(encoderOnnx(table, 6, 4, true));
    expect(bag).toMatchObject({ vocabSize: 6, dimension: 4 });
    expect([...bag!.table]).toEqual([...table].map((x) => fromHalfBits(toHalfBits(x))));
    // The Cast must widen the looked-up rows to float32, and feed the Mul.
    const half = (edit: (model: import('onnx-proto').onnx.ModelProto) => void) => {
      const model = onnx.ModelProto.decode(encoderOnnx(table, 6, 4, true));
      edit(model);
      return onnx.ModelProto.encode(model).finish();
    };
    expect(readEmbeddingBag(half((m) => (m.graph!.node![1].attribute![0].i = 10)))).toBeUndefined();
    expect(readEmbeddingBag(half((m) => (m.graph!.node![4].input![0] = 'token_halves')))).toBeUndefined();
  });

  it('gives bit for bit the vectors onnxruntime gives, on every environment\'s texts', async () => {
    const options = { model: 'toolwise-simcse', dtype: 'fp32' as const, device: 'cpu' as const, localModelPath: MODELS_DIR, allowRemote: false };
    const viaTable = await loadExtractor({ ...options, readModelFile: async (file) => new Uint8Array(await readFile(join(MODELS_DIR, 'toolwise-simcse', file))) });
    const viaOnnx = await loadExtractor(options);
    expect(viaTable.runtime).toBe(TABLE_LOOKUP_RUNTIME);
    expect(viaOnnx.runtime).toBeUndefined();
    const runner = new InThreadRunner(loadNodeData);
    const texts: string[] = ['', 'UPPER case and punctuation?!', 'word '.repeat(300)];
    for (const id of ['household', 'academic', 'slate', 'toolbench']) {
      const dataset = await runner.dataset(id);
      const env = ENVIRONMENTS[id].create(dataset);
      texts.push(...dataset.tasks.slice(0, 10).map((task) => task.goal), ...env.tools().slice(0, 20).map((tool) => `${tool.name}: ${tool.description}`));
    }
    const [a, b] = [await viaTable(texts), await viaOnnx(texts)];
    expect(a).toHaveLength(texts.length);
    a.forEach((vector, i) => expect(Buffer.from(vector.buffer).equals(Buffer.from(b[i].buffer)), texts[i].slice(0, 60)).toBe(true));
    // The table holds the vocabulary the committed config names (retraining on new data changes its size).
    const config = JSON.parse(await readFile(MODEL_FILE.replace(/onnx[/\\]model\.onnx$/, 'config.json'), 'utf8')) as { vocab_size: number };
    expect(await readFile(MODEL_FILE).then((bytes) => readEmbeddingBag(new Uint8Array(bytes))?.vocabSize)).toBe(config.vocab_size);
  }, 60_000);
});
