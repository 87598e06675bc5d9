import { describe, expect, it } from 'vitest';
import { Rng } from '../rng';
import { forEachLinePiece, forEachSegment, segments } from './qwen-tokenizer';

/** Random text from pieces that sit either side of the cuts: every kind of whitespace, words, marks. */
function randomText(rng: Rng): string {
  const parts = ['a', 'word', 'É', '.', '"', '{', '1', ' ', '  ', '\t', '\n', '\r\n', '\n\n', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u000b', '\u000c', '\u180e', '\ud83d\ude00', '\ud800'];
  return Array.from({ length: rng.int(31) }, () => parts[rng.int(parts.length)]).join('');
}

const collect = (walk: (text: string, each: (piece: string) => void) => void, text: string) => {
  const pieces: string[] = [];
  walk(text, (piece) => pieces.push(piece));
  return pieces;
};

describe('the token counter’s cuts, read character by character', () => {
  it('cut every text where the split pattern of `segments` cuts it', () => {
    const rng = new Rng(21);
    for (let i = 0; i < 5_000; i++) {
      const text = randomText(rng);
      expect(collect(forEachSegment, text)).toEqual(segments(text));
    }
  });

  it('cut every text at its line starts, where a line break is followed by non-whitespace', () => {
    const rng = new Rng(22);
    for (let i = 0; i < 5_000; i++) {
      const text = randomText(rng);
      // The same pieces a split after each such line break gives, the last one included even when empty.
      const expected = text.split(/(?<=[\r\n])(?=\S)/);
      expect(collect(forEachLinePiece, text)).toEqual(expected);
    }
  });
});
