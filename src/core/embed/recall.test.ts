import { describe, expect, it } from 'vitest';
import { recallAtK, tieAwareHit } from './recall';
import type { Embedder } from './embedder';
import type { ExpertWalk } from './expert-walks';

describe('tie-aware recall@k', () => {
  it('counts a clear hit and a clear miss', () => {
    expect(tieAwareHit([0.9, 0.5, 0.1], 0, 1)).toBe(1);
    expect(tieAwareHit([0.9, 0.5, 0.1], 2, 2)).toBe(0);
  });

  it('counts ties across the cut-off by their expectation, whatever the listing order', () => {
    // Gold tied with three others for the last two places: 2 of 4 random orders keep it.
    expect(tieAwareHit([0.9, 0, 0, 0, 0], 1, 3)).toBeCloseTo(0.5);
    expect(tieAwareHit([0.9, 0, 0, 0, 0], 4, 3)).toBeCloseTo(0.5);
  });

  it('averages over (task, gold tool) pairs', async () => {
    const axis = (i: number) => Float32Array.from({ length: 3 }, (_, k) => (k === i ? 1 : 0));
    const vectors: Record<string, Float32Array> = { q: axis(0), 'a: alpha': axis(0), 'b: beta': axis(1), 'c: gamma': axis(2) };
    const embedder: Embedder = { id: 't', label: 't', embed: async (texts) => texts.map((text) => vectors[text]) };
    const tool = (name: string, description: string) => ({ name, description, arguments: { properties: {}, required: [] } });
    const walk: ExpertWalk = { env: 'e', goal: 'q', tools: [tool('a', 'alpha'), tool('b', 'beta'), tool('c', 'gamma')], gold: ['a', 'c'], steps: [] };
    // a is first; c ties with b for the last place: 1 + 0.5 over two pairs.
    expect(await recallAtK(embedder, [walk], 2)).toEqual({ recall: 0.75, pairs: 2 });
  });
});
