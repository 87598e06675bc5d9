import { describe, expect, it } from 'vitest';
import { commonPrefixLength, commonSuffixLength } from './text-affixes';
import { Rng } from './rng';

const byChar = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};
const reverse = (text: string) => [...text].reverse().join('');

describe('shared text', () => {
  it('should find the shared start and end that reading character by character finds', () => {
    const rng = new Rng(3);
    const word = () => ['a', 'b', 'ab', '\n', ' ', 'é'][rng.int(6)];
    for (let round = 0; round < 2_000; round++) {
      const base = Array.from({ length: rng.int(60) }, word).join('');
      const a = base + Array.from({ length: rng.int(5) }, word).join('');
      const b = rng.next() < 0.5 ? base + Array.from({ length: rng.int(5) }, word).join('') : Array.from({ length: rng.int(60) }, word).join('');
      expect(commonPrefixLength(a, b)).toBe(byChar(a, b));
      expect(commonSuffixLength(a, b)).toBe(byChar(reverse(a), reverse(b)));
      const most = rng.int(10);
      expect(commonSuffixLength(a, b, most)).toBe(Math.min(most, byChar(reverse(a), reverse(b))));
    }
  });
});
