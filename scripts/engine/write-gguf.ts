import { GGML_TYPES, type GgmlType, writeGguf } from './gguf-writer.ts';
import { ggufLayout, MODEL_SHAPES, type Vocabulary } from './model-shapes.ts';

/**
 * Writes a random-weight GGUF model of a real shape, so an inference engine can run it with no
 * weights downloaded:
 *   npx tsx scripts/engine/write-gguf.ts --shape qwen2.5-0.5b --type f16 --out /tmp/qwen2.5-0.5b-f16.gguf
 * Options: --shape (qwen2.5-0.5b, qwen3-0.6b, tiny, tiny-qwen2.5), --type (f32, f16, q8_0, q4_0:
 * the matrices' type; norms stay f32), --layers (fewer than the shape's, to write less), --seed,
 * --vocabulary (bytes, or qwen2.5: Qwen2.5's own tokenizer, for a shape of its vocabulary size).
 */
export function writeModel(options: { shape: string; type: GgmlType; out: string; layers?: number; seed?: number; vocabulary?: Vocabulary }): number {
  const shape = MODEL_SHAPES[options.shape];
  if (!shape) throw new Error(`Unknown shape "${options.shape}"; one of ${Object.keys(MODEL_SHAPES).join(', ')}.`);
  const { metadata, tensors } = ggufLayout(shape, options.type, options.layers, options.vocabulary);
  return writeGguf(options.out, metadata, tensors, options.seed ?? 1);
}

function main(): void {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const type = (value('type') ?? 'f16') as GgmlType;
  if (!Object.hasOwn(GGML_TYPES, type)) throw new Error(`--type must be one of ${Object.keys(GGML_TYPES).join(', ')}.`);
  const shape = value('shape') ?? 'qwen2.5-0.5b';
  const out = value('out') ?? `/tmp/${shape}-${type}.gguf`;
  const vocabulary = value('vocabulary') ?? 'bytes';
  if (vocabulary !== 'bytes' && vocabulary !== 'qwen2.5') throw new Error('--vocabulary must be bytes or qwen2.5.');
  const bytes = writeModel({ shape, type, out, layers: value('layers') ? Number(value('layers')) : undefined, seed: value('seed') ? Number(value('seed')) : undefined, vocabulary });
  console.log(`${out}: ${(bytes / 1e6).toFixed(1)} MB`);
}

if (process.argv[1]?.endsWith('write-gguf.ts')) main();
