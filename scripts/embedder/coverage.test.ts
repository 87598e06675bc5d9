import { describe, expect, it } from 'vitest';
import { coverage, wordPieces } from './coverage';
import { coverageMarkdownTable } from '../bench-embed';

describe('vocabulary coverage (issue 25 item 3)', () => {
  const vocab = new Set(['appointment', 'cardio', '##logy', '##s', 'doctor', 'a', '##b', '##c', 'b', 'c', 'x', '##x']);

  it('splits a word greedily, longest piece first, as BERT WordPiece does', () => {
    expect(wordPieces('appointments', vocab)).toEqual(['appointment', '##s']);
    expect(wordPieces('cardiology', vocab)).toEqual(['cardio', '##logy']);
    expect(wordPieces('abc', vocab)).toEqual(['a', '##b', '##c']);
    expect(wordPieces('abz', vocab)).toEqual(['[UNK]']);
  });

  it('counts whole words (or stem + inflection), subword spellings, and never letter-by-letter spellings', () => {
    // appointments: whole (stem + ##s); doctor: whole; cardiology: subword only; abc: letters; with: unknown; "a" and "x" are too short to count.
    const c = coverage(['Appointments with a doctor, x', 'cardiology abc'], vocab);
    expect(c).toEqual({ words: 5, whole: 2, subword: 3 });
    expect(coverageMarkdownTable({ set: c }).split('\n')[2]).toBe('| set | 5 | 40.0% | 60.0% |');
  });
});
