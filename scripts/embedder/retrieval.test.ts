import { beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../src/core/envs';
import { fitLexicalEmbedder } from '../../src/core/embed/fit-lexical';
import { PipelineEmbedder } from '../../src/core/embed/pipeline-embedder';
import { recallAtK } from '../../src/core/embed/recall';
import { loadExtractor } from '../../src/core/embed/transformers-extractor';
import type { ExpertWalk } from '../../src/core/embed/expert-walks';
import { bundledWalks, loadDataset } from './corpus';
import { MODEL_DIR } from '../train-embedder';

/** Recall@5 over held-out (task text, gold tool) pairs of every bundled environment. */
async function lexicalRecall(walks: ExpertWalk[]): Promise<number> {
  let hits = 0;
  let pairs = 0;
  for (const [id, spec] of Object.entries(ENVIRONMENTS)) {
    const dataset = await loadDataset(spec);
    const result = await recallAtK(fitLexicalEmbedder(spec.create(dataset), dataset), walks.filter((walk) => walk.env === id), 5);
    hits += result.recall * result.pairs;
    pairs += result.pairs;
  }
  return hits / pairs;
}

describe('the bundled embedder through transformers.js', () => {
  let test: ExpertWalk[];
  let bundled: PipelineEmbedder;
  beforeAll(async () => {
    test = await bundledWalks('test');
    const extract = await loadExtractor({ model: 'toolwise-simcse', dtype: 'fp32', device: 'cpu', localModelPath: MODEL_DIR.replace(/toolwise-simcse\/$/, ''), allowRemote: false });
    bundled = new PipelineEmbedder('toolwise-simcse', 'Toolwise SimCSE', extract);
  });

  it('retrieves held-out gold tools at least as well as the lexical embedder (recall@5)', async () => {
    const ours = await recallAtK(bundled, test, 5);
    const lexical = await lexicalRecall(test);
    expect(ours.pairs).toBeGreaterThan(1000);
    expect(ours.recall).toBeGreaterThanOrEqual(lexical);
  });

  it('gives unit vectors, the same for a text alone or in a batch', async () => {
    const fresh = new PipelineEmbedder('x', 'x', await loadExtractor({ model: 'toolwise-simcse', dtype: 'fp32', device: 'cpu', localModelPath: MODEL_DIR.replace(/toolwise-simcse\/$/, ''), allowRemote: false }), 4);
    const texts = ['find the citations of a paper', 'GET_search: search for an artist', 'put a clean apple in the fridge', 'x', 'heat some egg'];
    const batched = await fresh.embed(texts);
    const alone = await bundled.embed(['heat some egg']);
    for (const vector of batched) expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
    expect([...batched[4]].map((v) => v.toFixed(5))).toEqual([...alone[0]].map((v) => v.toFixed(5)));
    expect(fresh.stats.batches).toBe(2);
  });
});
