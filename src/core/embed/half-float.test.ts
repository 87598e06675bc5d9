import { describe, expect, it } from 'vitest';
import { fromHalfBits, toHalfBits } from './half-float';

describe('binary16 conversion', () => {
  it('gives the known bit patterns and back', () => {
    expect(toHalfBits(1)).toBe(0x3c00);
    expect(toHalfBits(-2)).toBe(0xc000);
    expect(toHalfBits(0.5)).toBe(0x3800);
    expect(toHalfBits(65504)).toBe(0x7bff);
    expect(toHalfBits(1e6)).toBe(0x7c00);
    expect(toHalfBits(2 ** -24)).toBe(0x0001);
    expect(toHalfBits(0)).toBe(0);
    expect(fromHalfBits(0x3555)).toBeCloseTo(0.33325, 5);
    expect(fromHalfBits(0x0001)).toBe(2 ** -24);
    expect(fromHalfBits(0xfc00)).toBe(-Infinity);
  });

  it('rounds to the nearest half, ties to even, and every half survives a round trip', () => {
    // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties go to the even one, 1.
    expect(toHalfBits(1 + 2 ** -11)).toBe(0x3c00);
    expect(toHalfBits(1 + 3 * 2 ** -11)).toBe(0x3c02);
    for (let bits = 0; bits < 0x7c00; bits += 7) expect(toHalfBits(fromHalfBits(bits))).toBe(bits);
    for (let i = 0; i < 200; i++) {
      const x = Math.sin(i) * 3;
      expect(Math.abs(fromHalfBits(toHalfBits(x)) - x)).toBeLessThanOrEqual(Math.abs(x) * 2 ** -11 + 2 ** -25);
    }
  });
});
