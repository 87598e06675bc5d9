import { describe, expect, it } from 'vitest';
import { meanPoolNormalised } from './transformers-extractor';

describe('meanPoolNormalised', () => {
  it('should average only the unmasked tokens of each row, then normalise', () => {
    // Two rows of three tokens, dimension 2; row 2 has one padding token with a large vector.
    const hidden = new Float32Array([1, 0, 3, 0, 0, 4, /* row 2 */ 0, 2, 0, 4, 100, 100]);
    const mask = new Uint8Array([1, 1, 1, 1, 1, 0]);
    const [a, b] = meanPoolNormalised(hidden, mask, 2, 3, 2);
    // Row 1: mean (4/3, 4/3) -> (0.7071, 0.7071). Row 2: mean (0, 3) -> (0, 1), the padding ignored.
    expect(Array.from(a)).toEqual([expect.closeTo(Math.SQRT1_2, 6), expect.closeTo(Math.SQRT1_2, 6)]);
    expect(Array.from(b)).toEqual([0, 1]);
  });

  it('should give a zero vector for a row with no tokens or only zeros, never NaN', () => {
    const [v] = meanPoolNormalised(new Float32Array(4), new Uint8Array([0, 0]), 1, 2, 2);
    expect(Array.from(v)).toEqual([0, 0]);
  });
});
