import { describe, expect, it } from 'vitest';
import { Rng } from '../rng';
import { cosine, cosines, normalize } from './cosine';

function vector(rng: Rng, n: number): Float32Array {
  return normalize(Float32Array.from({ length: n }, () => rng.next() * 2 - 1));
}

describe('cosines', () => {
  it('gives cosine() of each vector to the last bit, whatever the count and lengths', () => {
    const rng = new Rng(3);
    for (const count of [0, 1, 3, 4, 5, 9, 17, 33, 1000]) {
      const query = vector(rng, 1024);
      // Mostly full-width vectors, with a shorter one among them now and then.
      const vectors = Array.from({ length: count }, (_, i) => vector(rng, i % 7 === 6 ? 1000 : 1024));
      const expected = vectors.map((v) => cosine(query, v));
      const got = cosines(query, vectors);
      expect(got.length).toBe(count);
      got.forEach((value, i) => expect(Object.is(value, expected[i])).toBe(true));
    }
  });
});
