/**
 * Trains the bundled sentence embedder and writes `public/models/toolwise-simcse/`:
 *   npm run train:embedder                 (writes the model)
 *   npm run train:embedder -- --check      (trains into a temporary folder, compares byte for byte)
 *   npm run train:embedder -- --out dir    (writes elsewhere)
 * Deterministic: the recipe's seeds and plain float64 arithmetic give the same bytes every run.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { Rng } from '../src/core/rng';
import { trainingCorpus } from './embedder/corpus';
import { buildVocab } from './embedder/wordpiece-vocab';
import { MAX_LENGTH, modelConfig, tokenizerConfig, tokenizerJson } from './embedder/model-files';
import { idfInit, trainSimcse } from './embedder/simcse-train';
import { encoderOnnx } from './embedder/onnx-export';
import { EMBEDDER_ID, RECIPE } from './embedder/recipe';

export const MODEL_DIR = fileURLToPath(new URL(`../public/models/${EMBEDDER_ID}/`, import.meta.url));
/** The files of the model, relative to its folder. */
export const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx', 'training.json'];

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Trains the model into `out` and returns a summary. */
export async function trainEmbedder(out: string, log: (line: string) => void = () => {}): Promise<{ vocabSize: number; sentences: number; seconds: number }> {
  const started = performance.now();
  const corpus = await trainingCorpus();
  const vocab = buildVocab(corpus, RECIPE.vocab);
  log(`corpus: ${corpus.length} sentences; vocabulary: ${vocab.length} WordPiece tokens`);
  await mkdir(join(out, 'onnx'), { recursive: true });
  await writeFile(join(out, 'tokenizer.json'), json(tokenizerJson(vocab)));
  await writeFile(join(out, 'tokenizer_config.json'), json(tokenizerConfig()));

  // Tokenise with transformers.js itself, from the files just written: training sees exactly the
  // token ids the page will feed the model.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${dirname(out)}/`;
  const tokenizer = await AutoTokenizer.from_pretrained(basename(out));
  const sequences = corpus.map((text) => (tokenizer.encode(text) as number[]).slice(0, MAX_LENGTH));

  const { dimension } = RECIPE.simcse;
  const { table, frozen } = idfInit(sequences, vocab.length, dimension, RECIPE.maxDocumentShare, new Rng(RECIPE.initSeed));
  const losses: number[] = [];
  trainSimcse(sequences, table, frozen, RECIPE.simcse, ({ step, loss }) => {
    losses.push(loss);
    if (step % 50 === 0) log(`step ${step}: InfoNCE loss ${loss.toFixed(4)}`);
  });

  await writeFile(join(out, 'onnx', 'model.onnx'), encoderOnnx(Float32Array.from(table), vocab.length, dimension));
  await writeFile(join(out, 'config.json'), json(modelConfig(vocab.length, dimension)));
  const first = losses.slice(0, 10);
  const last = losses.slice(-10);
  const mean = (values: number[]) => Number((values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(4));
  await writeFile(
    join(out, 'training.json'),
    json({
      recipe: RECIPE,
      sentences: corpus.length,
      vocabSize: vocab.length,
      zeroTokens: frozen.size,
      steps: losses.length,
      lossFirst10: mean(first),
      lossLast10: mean(last),
    }),
  );
  return { vocabSize: vocab.length, sentences: corpus.length, seconds: (performance.now() - started) / 1000 };
}

/** Files of `dir` that differ from the committed model (empty when identical). */
export async function differingFiles(dir: string): Promise<string[]> {
  const differing: string[] = [];
  for (const file of MODEL_FILES) {
    const [a, b] = await Promise.all([readFile(join(dir, file)).catch(() => null), readFile(join(MODEL_DIR, file)).catch(() => null)]);
    if (!a || !b || !a.equals(b)) differing.push(file);
  }
  return differing;
}

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, out: { type: 'string' } } });
  if (values.check) {
    const dir = await mkdtemp(join(tmpdir(), 'toolwise-embedder-'));
    try {
      const summary = await trainEmbedder(join(dir, EMBEDDER_ID), console.log);
      const differing = await differingFiles(join(dir, EMBEDDER_ID));
      console.log(differing.length === 0 ? `Reproduced ${MODEL_DIR} byte for byte in ${summary.seconds.toFixed(1)} s.` : `Differs from the committed model: ${differing.join(', ')}`);
      process.exitCode = differing.length === 0 ? 0 : 1;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return;
  }
  const out = values.out ?? MODEL_DIR;
  const summary = await trainEmbedder(out.replace(/\/$/, ''), console.log);
  console.log(`Wrote ${out} (${summary.vocabSize} tokens, ${summary.sentences} sentences) in ${summary.seconds.toFixed(1)} s.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
