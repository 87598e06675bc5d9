/**
 * How much two texts share at their start or end, found by a binary search over equal slices: the
 * engine compares slices natively, where a character loop in JavaScript over a 250 KB prompt cost
 * more than the work it was to spare.
 */

/** How many characters `a` and `b` share at their start. */
export function commonPrefixLength(a: string, b: string): number {
  return largest(Math.min(a.length, b.length), (n) => a.slice(0, n) === b.slice(0, n));
}

/** How many characters `a` and `b` share at their end, at most `most`. */
export function commonSuffixLength(a: string, b: string, most = Math.min(a.length, b.length)): number {
  return largest(Math.min(most, a.length, b.length), (n) => a.slice(a.length - n) === b.slice(b.length - n));
}

/** The largest n <= most for which `holds(n)`, where it holds for every n up to some length. */
function largest(most: number, holds: (n: number) => boolean): number {
  let low = 0;
  let high = most;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (holds(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}
