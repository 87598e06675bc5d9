/**
 * IEEE 754 half precision (binary16), for the bundled encoder's table: it halves the file, and the
 * 10-bit fraction keeps 3 significant digits, far below what a cosine between sentences notices.
 */

const floatView = new Float32Array(1);
const bitsView = new Uint32Array(floatView.buffer);

/** The binary16 bits nearest to `value` (round to nearest, ties to even; overflow to infinity). */
export function toHalfBits(value: number): number {
  floatView[0] = value;
  const bits = bitsView[0];
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // Subnormal (or zero): shift the implicit bit in, round to nearest even.
    if (e < -10) return sign;
    const full = mantissa | 0x800000;
    const shift = 14 - e;
    const half = full >>> shift;
    const rest = full & ((1 << shift) - 1);
    const midpoint = 1 << (shift - 1);
    return sign | (half + (rest > midpoint || (rest === midpoint && half & 1) ? 1 : 0));
  }
  const half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  // A carry out of the fraction moves to the next exponent, which is the right rounding.
  return sign | (half + (rest > 0x1000 || (rest === 0x1000 && half & 1) ? 1 : 0));
}

/** The value of binary16 `bits`, exactly (every half is a float32). */
export function fromHalfBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}
