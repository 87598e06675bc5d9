/**
 * Recall@5 of encoder recipe variants beside the committed model and the lexical embedder:
 *   npx tsx scripts/embedder/compare-recipes.ts '<name>=<recipe overrides as JSON>' ...
 * e.g. 'wordnet={"weights":"wordnet"}'. Each variant is trained into a temporary folder (its CPU
 * seconds printed) and scored, tie-aware, as `bench --embed` scores the committed model: the bundled
 * test-split pairs and the development sets' train halves; also their test halves, held out from
 * every recipe, where a variant trains on the train halves (`supervised.sources` with `dev`). The
 * intervals are Wilson's over pairs (pairs of one task are not independent: read them as a floor).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENVIRONMENTS } from '../../src/core/envs';
import type { Embedder } from '../../src/core/embed/embedder';
import type { ExpertWalk } from '../../src/core/embed/expert-walks';
import { fitLexicalEmbedder } from '../../src/core/embed/fit-lexical';
import { PipelineEmbedder } from '../../src/core/embed/pipeline-embedder';
import { recallAtK } from '../../src/core/embed/recall';
import { loadExtractor } from '../../src/core/embed/transformers-extractor';
import { wilson } from '../../src/core/run/intervals';
import { DEV_SETS, devSetDataset } from '../../test/fixtures/dev-sets';
import { MODELS_DIR } from '../node-embedder';
import { MODEL_DIR, trainEmbedder } from '../train-embedder';
import { bundledWalks, devWalks, loadDataset } from './corpus';
import { EMBEDDER_ID, RECIPE, type Recipe } from './recipe';

type Scored = { hits: number; pairs: number };
const add = (a: Scored, b: { recall: number; pairs: number }): Scored => ({ hits: a.hits + b.recall * b.pairs, pairs: a.pairs + b.pairs });
const cell = ({ hits, pairs }: Scored) => {
  const [low, high] = wilson(hits, pairs);
  return `${((100 * hits) / pairs).toFixed(1)}% [${(100 * low).toFixed(1)}, ${(100 * high).toFixed(1)}]`;
};

const bundledTest = await bundledWalks('test');
const dev = { train: devWalks('train'), test: devWalks('test') };

/** Pooled recall over the bundled test pairs and each development half; `embedderFor` picks the embedder per set. */
async function score(embedderFor: (env: string) => Promise<Embedder> | Embedder): Promise<string[]> {
  let bundled: Scored = { hits: 0, pairs: 0 };
  for (const id of Object.keys(ENVIRONMENTS)) bundled = add(bundled, await recallAtK(await embedderFor(id), bundledTest.filter((walk) => walk.env === id), 5));
  const halves = [];
  for (const walks of [dev.train, dev.test] as ExpertWalk[][]) {
    let pooled: Scored = { hits: 0, pairs: 0 };
    for (const set of DEV_SETS) pooled = add(pooled, await recallAtK(await embedderFor(`${set.env}:${set.set}`), walks.filter((walk) => walk.env === `${set.env}:${set.set}`), 5));
    halves.push(cell(pooled));
  }
  return [cell(bundled), ...halves];
}

async function encoderAt(dir: string): Promise<Embedder> {
  const extract = await loadExtractor({ model: EMBEDDER_ID, dtype: 'fp32', device: 'cpu', localModelPath: `${dir}/`, allowRemote: false, readModelFile: async (file) => new Uint8Array(await readFile(join(dir, EMBEDDER_ID, file))) });
  return new PipelineEmbedder(EMBEDDER_ID, EMBEDDER_ID, extract);
}

const rows: string[][] = [];
const committed = await encoderAt(MODELS_DIR.replace(/\/$/, ''));
rows.push(['committed', '', ...(await score(() => committed))]);
const lexicalFor = async (id: string) => {
  const [env] = id.split(':') as [keyof typeof ENVIRONMENTS];
  const dataset = id.includes(':') ? devSetDataset(env as 'slate' | 'restapi') : await loadDataset(ENVIRONMENTS[env]);
  return fitLexicalEmbedder(ENVIRONMENTS[env].create(dataset), dataset);
};
rows.push(['lexical', '', ...(await score(lexicalFor))]);
for (const argument of process.argv.slice(2)) {
  const at = argument.indexOf('=');
  const overrides = JSON.parse(argument.slice(at + 1)) as Partial<Recipe>;
  const recipe: Recipe = { ...RECIPE, ...overrides, simcse: { ...RECIPE.simcse, ...(overrides.simcse ?? {}) } };
  const dir = await mkdtemp(join(tmpdir(), 'toolwise-recipe-'));
  try {
    const cpu = process.cpuUsage();
    await trainEmbedder(join(dir, EMBEDDER_ID), undefined, recipe);
    const used = process.cpuUsage(cpu);
    const encoder = await encoderAt(dir);
    rows.push([argument.slice(0, at), ((used.user + used.system) / 1e6).toFixed(0), ...(await score(() => encoder))]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
console.log(`committed model: ${MODEL_DIR}`);
console.log('| recipe | training CPU s | bundled test recall@5 | dev train halves | dev test halves |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
