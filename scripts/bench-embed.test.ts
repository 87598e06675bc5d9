import { describe, expect, it } from 'vitest';
import { embedMarkdownTable, median, per1000, pooledRecall, roundRow, selectTexts, type EmbedBenchRow } from './bench-embed';
import { benchEmbedderEntry } from './node-embedder';

describe('the 1,000 texts the embedder bench times', () => {
  it('takes the preferred pool when it has enough distinct texts', () => {
    const slate = Array.from({ length: 1200 }, (_, i) => `tool${i % 1100}: does ${i % 1100}`);
    const selection = selectTexts({ household: ['a: x'], slate }, 1000);
    expect(selection.source).toBe('slate');
    expect(selection.cycled).toBe(false);
    expect(selection.texts).toEqual(slate.slice(0, 1000));
  });

  it('otherwise pools every environment, and repeats with a suffix: distinct and deterministic', () => {
    const pools = { household: ['a: x', 'b: y', 'a: x'], slate: ['c: z'], academic: ['d: w', 'b: y'] };
    const selection = selectTexts(pools, 10);
    expect(selection.source).toBe('all');
    expect(selection.cycled).toBe(true);
    expect(selection.texts).toHaveLength(10);
    expect(new Set(selection.texts).size).toBe(10);
    expect(selection.texts.slice(0, 5)).toEqual(['c: z', 'a: x', 'b: y', 'd: w', 'c: z #2']);
    expect(selectTexts(pools, 10)).toEqual(selection);
  });
});

describe('the embedder bench figures', () => {
  it('scales to 1,000 texts, takes medians and pools recall over pairs', () => {
    expect(per1000(50, 500)).toBe(100);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const pooled = pooledRecall({ a: { recallAt5: 1, pairs: 1 }, b: { recallAt5: 0.5, pairs: 3 } });
    expect(pooled.recallAt5).toBeCloseTo(0.625);
    expect(pooled.pairs).toBe(4);
  });

  it('prints one table row per embedder with a column per environment, and JSON with the required keys', () => {
    const rows: EmbedBenchRow[] = [
      { embedder: 'toolwise-simcse', label: 'b', recallAt5: 0.45312, pairs: 4, perEnv: { household: { recallAt5: 0.6, pairs: 3 }, slate: { recallAt5: 0.2, pairs: 1 } }, msPer1000: 1234.567, msRuns: [1234.567], loadMs: 950.44 },
      { embedder: 'lexical', label: 'l', recallAt5: 0.447, pairs: 4, perEnv: { household: { recallAt5: 0.61, pairs: 3 } }, msPer1000: 31.8, msRuns: [31.8], fitMs: 10 },
    ];
    const lines = embedMarkdownTable(rows).split('\n');
    expect(lines[0]).toBe('| embedder | recall@5 (pairs) | household | slate | load ms | ms / 1,000 texts |');
    expect(lines[2]).toBe('| toolwise-simcse | 45.3% (4) | 60.0% | 20.0% | 950 | 1234.6 |');
    expect(lines[3]).toBe('| lexical | 44.7% (4) | 61.0% |  |  | 31.8 |');
    const json = roundRow(rows[0]);
    expect(json).toMatchObject({ embedder: 'toolwise-simcse', recallAt5: 0.4531, msPer1000: 1234.57, loadMs: 950.4 });
    expect('fitMs' in json).toBe(false);
  });
});

describe('the development sets\' columns', () => {
  it('print pooled recall on the dev train halves and one column per set, and round in JSON', () => {
    const row: EmbedBenchRow = {
      embedder: 'lexical', label: 'l', recallAt5: 0.5, pairs: 2, perEnv: { slate: { recallAt5: 0.5, pairs: 2 } }, msPer1000: 1, msRuns: [1],
      dev: { recallAt5: 0.30303, pairs: 99, perSet: { 'restapi:github': { recallAt5: 0.26191, pairs: 42 }, 'slate:clinic': { recallAt5: 1 / 3, pairs: 57 } } },
    };
    const lines = embedMarkdownTable([row]).split('\n');
    expect(lines[0]).toBe('| embedder | recall@5 (pairs) | slate | dev train halves (pairs) | restapi:github | slate:clinic | load ms | ms / 1,000 texts |');
    expect(lines[1].split('|')).toHaveLength(lines[0].split('|').length);
    expect(lines[2]).toBe('| lexical | 50.0% (2) | 50.0% | 30.3% (99) | 26.2% | 33.3% |  | 1.0 |');
    expect(roundRow(row).dev).toEqual({ recallAt5: 0.303, pairs: 99, perSet: { 'restapi:github': { recallAt5: 0.2619, pairs: 42 }, 'slate:clinic': { recallAt5: 0.3333, pairs: 57 } } });
  });
});

describe('the bench embedders', () => {
  it('allows lexical and bundled models and refuses hub models with the reason', () => {
    expect(benchEmbedderEntry('lexical').source).toBe('built-in');
    expect(benchEmbedderEntry('toolwise-simcse').source).toBe('bundled');
    expect(() => benchEmbedderEntry('all-MiniLM-L6-v2')).toThrow(/hub model.*offline/);
    expect(() => benchEmbedderEntry('nope')).toThrow(/Unknown embedder "nope"/);
  });
});
