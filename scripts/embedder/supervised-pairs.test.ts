import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { toolText } from '../../src/core/embed/expert-walks';
import { devWalks } from './corpus';
import { encode, idfInit, trainSimcse } from './simcse-train';
import { labelledPairs } from './supervised-pairs';

/** A word-level stand-in for the tokenizer: one id per distinct lower-cased word. */
function wordIds() {
  const ids = new Map<string, number>();
  return (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((word) => ids.get(word) ?? (ids.set(word, ids.size), ids.size - 1));
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, k) => sum + x * b[k], 0);

describe('labelled pairs for supervised SimCSE (recipe.supervised)', () => {
  it('pairs each development train-half task with each tool its expert used, and never a test-half task', () => {
    const train = devWalks('train');
    const tokens = wordIds();
    const pairs = labelledPairs(train, tokens);
    const expected = train.flatMap((walk) => walk.gold.map((name) => [walk.goal, toolText(walk.tools.find((tool) => tool.name === name)!)]));
    expect(pairs.length).toBe(expected.length);
    expect(pairs.length).toBeGreaterThan(90);
    expected.forEach(([goal, tool], i) => expect(pairs[i]).toEqual([tokens(goal), tokens(tool)]));
    const trainGoals = new Set(train.map((walk) => tokens(walk.goal).join(' ')));
    const testOnly = devWalks('test').map((walk) => tokens(walk.goal).join(' ')).filter((goal) => !trainGoals.has(goal));
    expect(testOnly.length).toBeGreaterThan(0);
    const paired = new Set(pairs.map(([goal]) => goal.join(' ')));
    for (const goal of testOnly) expect(paired.has(goal)).toBe(false);
  });

  it('adds WordNet lemmas with their definitions and leaves out a pair with an empty side', () => {
    const synsets = [
      { id: 'n1', words: ['physician', 'doctor'], definition: 'a licensed medical practitioner', examples: [], hypernyms: [] },
      { id: 'n2', words: ['thing'], definition: '', examples: [], hypernyms: [] },
    ];
    const tokens = wordIds();
    const pairs = labelledPairs([], tokens, synsets);
    expect(pairs).toEqual([[tokens('physician , doctor'), tokens('a licensed medical practitioner')]]);
    expect(labelledPairs([], (text) => (text.includes('doctor') ? [] : [1]), synsets)).toEqual([]);
  });

  it('trainSimcse pulls a labelled pair of different texts together (supervised SimCSE)', () => {
    const dimension = 16;
    const { table, frozen } = idfInit([[0], [1]], 12, dimension, 1, new Rng(5));
    const pairs: [number[], number[]][] = [[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[8, 9], [10, 11]]];
    const cosine = (pair: [number[], number[]]) => dot(encode(table, dimension, pair[0]), encode(table, dimension, pair[1]));
    const before = pairs.map(cosine);
    trainSimcse(pairs, table, frozen, { dimension, epochs: 200, batchSize: 3, learningRate: 0.01, dropout: 0, tokenDropout: 0, temperature: 0.1, seed: 3 });
    pairs.forEach((pair, i) => expect(cosine(pair)).toBeGreaterThan(before[i] + 0.3));
  });
});
