import { describe, expect, it } from 'vitest';
import { Rng } from '../rng';
import { cosine, cosines, normalize } from './cosine';
import { wasmDots } from './wasm-dots';

function vector(rng: Rng, n: number): Float32Array {
  return normalize(Float32Array.from({ length: n }, () => rng.next() * 2 - 1));
}

describe('wasmDots', () => {
  it('gives cosine() of each vector to the last bit, for counts that fill groups of eight and counts that do not', () => {
    const rng = new Rng(11);
    for (const [count, n] of [
      [1, 4],
      [8, 1024],
      [33, 1024],
      [1000, 1024],
      [70, 2048],
    ]) {
      const query = vector(rng, n);
      const vectors = Array.from({ length: count }, () => vector(rng, n));
      const got = wasmDots(query, vectors);
      expect(got, 'Node has WebAssembly SIMD').toBeDefined();
      expect(got!.length).toBe(count);
      got!.forEach((value, i) => expect(Object.is(value, cosine(query, vectors[i]))).toBe(true));
    }
  });

  it('scores the same vector objects again from memory, and new ones beside them, with the same sums', () => {
    const rng = new Rng(12);
    const held = Array.from({ length: 200 }, () => vector(rng, 1024));
    for (let round = 0; round < 3; round++) {
      const query = vector(rng, 1024);
      // Listings share most of their vectors call after call; a few are new each time.
      const listing = [...held.slice(round * 10, round * 10 + 100), ...Array.from({ length: 5 }, () => vector(rng, 1024))];
      const got = cosines(query, listing);
      got.forEach((value, i) => expect(Object.is(value, cosine(query, listing[i]))).toBe(true));
    }
  });

  it('starts over when its memory is full, and still gives the same sums', () => {
    const rng = new Rng(13);
    const query = vector(rng, 1024);
    // 64 MB holds about 16,000 such vectors: 20 lists of 1,000 new ones pass that.
    for (let list = 0; list < 20; list++) {
      const vectors = Array.from({ length: 1000 }, () => vector(rng, 1024));
      const got = wasmDots(query, vectors)!;
      for (const i of [0, 499, 999]) expect(Object.is(got[i], cosine(query, vectors[i]))).toBe(true);
    }
  });

  it('leaves what it cannot do to JavaScript: lengths that differ or are not a multiple of 4', () => {
    const rng = new Rng(14);
    expect(wasmDots(vector(rng, 1022), [vector(rng, 1022)])).toBeUndefined();
    expect(wasmDots(vector(rng, 1024), [vector(rng, 1024), vector(rng, 1000)])).toBeUndefined();
    const query = vector(rng, 1024);
    const mixed = Array.from({ length: 40 }, (_, i) => vector(rng, i === 20 ? 1000 : 1024));
    cosines(query, mixed).forEach((value, i) => expect(Object.is(value, cosine(query, mixed[i]))).toBe(true));
  });
});
