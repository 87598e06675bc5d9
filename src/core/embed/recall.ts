import type { Embedder } from './embedder';
import type { ExpertWalk } from './expert-walks';
import { cosine } from './cosine';
import { toolText } from './expert-walks';

/**
 * Recall@k of tool retrieval: for every (task text, gold tool) pair, whether the gold tool is among
 * the k tools of the task whose `name: description` is most similar to the task text.
 *
 * Ties are counted by their expectation (tie-aware recall, McSherry and Najork, ECIR 2008): a gold
 * tool tied with others across the cut-off counts the share of random orders that keep it in. A
 * sparse embedder scores many tools exactly 0, and the listing order must not decide for it.
 */
export async function recallAtK(embedder: Embedder, walks: ExpertWalk[], k: number): Promise<{ recall: number; pairs: number }> {
  let hits = 0;
  let pairs = 0;
  for (const walk of walks) {
    if (walk.gold.length === 0 || walk.tools.length === 0) continue;
    const [query, ...tools] = await embedder.embed([walk.goal, ...walk.tools.map(toolText)]);
    const scores = tools.map((vector) => cosine(query, vector));
    for (const gold of walk.gold) {
      const index = walk.tools.findIndex((tool) => tool.name === gold);
      pairs++;
      hits += tieAwareHit(scores, index, k);
    }
  }
  return { recall: pairs === 0 ? 0 : hits / pairs, pairs };
}

/** The probability that item `index` is in the top k when tied scores are ordered at random. */
export function tieAwareHit(scores: number[], index: number, k: number): number {
  const score = scores[index];
  let above = 0;
  let tied = 0;
  scores.forEach((other, i) => {
    if (i === index) return;
    if (other > score) above++;
    else if (other === score) tied++;
  });
  if (above >= k) return 0;
  return Math.min(1, (k - above) / (tied + 1));
}
