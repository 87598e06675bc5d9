import { describe, expect, it } from 'vitest';
import { idfInit, idfWeights, setRowLengths } from './simcse-train';
import { readWordnet, wordnetDocuments } from './wordnet';
import { preTokens } from './wordpiece-vocab';
import { Rng } from '../../src/core/rng';

const rowLength = (table: Float64Array, dimension: number, id: number) => Math.hypot(...table.subarray(id * dimension, (id + 1) * dimension));

describe('token weights for the bundled encoder (recipe.weights)', () => {
  it('idfWeights counts a token once per document: ln((1 + N) / (1 + df)) + 1', () => {
    const weights = idfWeights([[0, 1, 1, 1], [0, 2], [0]], 4);
    expect(weights[0]).toBeCloseTo(1, 12);
    expect(weights[1]).toBeCloseTo(Math.log(4 / 2) + 1, 12);
    expect(weights[2]).toBeCloseTo(weights[1], 12);
    expect(weights[3]).toBeCloseTo(Math.log(4) + 1, 12);
  });

  it('idfInit scales by the given weights, still zeroing the tokens common in our sentences', () => {
    const sequences = [[0, 1], [0, 2], [0, 3]];
    const weights = Float64Array.from([5, 1, 2, 8]);
    const { table, frozen } = idfInit(sequences, 4, 64, 0.5, new Rng(3), weights);
    expect([...frozen]).toEqual([0]);
    expect(rowLength(table, 64, 0)).toBe(0);
    // Random directions of expected length equal to the weight: the rarer token is the longer row.
    expect(rowLength(table, 64, 3)).toBeGreaterThan(2 * rowLength(table, 64, 2));
    expect(rowLength(table, 64, 2)).toBeGreaterThan(rowLength(table, 64, 1));
    // Without weights, the IDF over `sequences`: tokens 1 to 3 each in one sentence, alike.
    const unweighted = idfInit(sequences, 4, 64, 0.5, new Rng(3));
    expect(Math.abs(rowLength(unweighted.table, 64, 3) / rowLength(unweighted.table, 64, 1) - 1)).toBeLessThan(0.5);
  });

  it('setRowLengths gives each row its weight as its length and keeps its direction; zero rows stay zero', () => {
    const table = Float64Array.from([3, 4, 0, 0, 1, 1]);
    setRowLengths(table, 2, Float64Array.from([10, 7, 2]));
    expect([...table.subarray(0, 2)]).toEqual([6, 8]);
    expect([...table.subarray(2, 4)]).toEqual([0, 0]);
    expect(table[4]).toBeCloseTo(Math.SQRT2, 12);
    expect(table[5]).toBeCloseTo(Math.SQRT2, 12);
  });

  it('over WordNet\'s glosses, common English words weigh less than rare ones (the IDF of our sentences gives all of these the same)', async () => {
    const words = ['person', 'people', 'water', 'body', 'physician', 'appointment', 'repository', 'cardiologist'];
    const ids = new Map(words.map((word, i) => [word, i]));
    const documents = wordnetDocuments(await readWordnet()).map((text) => preTokens(text).flatMap((word) => (ids.has(word) ? [ids.get(word)!] : [])));
    const weights = idfWeights(documents, words.length);
    const weight = (word: string) => weights[ids.get(word)!];
    for (const common of ['person', 'people', 'water', 'body']) for (const rare of ['physician', 'appointment', 'repository', 'cardiologist']) expect(weight(common), `${common} / ${rare}`).toBeLessThan(0.75 * weight(rare));
  }, 60_000);
});
