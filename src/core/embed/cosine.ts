/** Cosine similarity of two L2-normalised vectors (their dot product). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Unrolled by four for speed; the products are added one by one in index order as before, so
  // the sum is the same to the last bit.
  for (const end = n - 3; i < end; i += 4) {
    sum += a[i] * b[i];
    sum += a[i + 1] * b[i + 1];
    sum += a[i + 2] * b[i + 2];
    sum += a[i + 3] * b[i + 3];
  }
  for (; i < n; i++) sum += a[i] * b[i];
  return sum;
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}

/** Indices of the `k` vectors most similar to `query`, best first (ties by index). */
export function topK(query: Float32Array, vectors: Float32Array[], k: number): { index: number; score: number }[] {
  const scores = vectors.map((vector) => cosine(query, vector));
  if (!Number.isInteger(k) || k < 0 || scores.some(Number.isNaN)) {
    // A k that is not a count (slice has its own rules) or a NaN score (no place in the order below): sort as always.
    return scores
      .map((score, index) => ({ index, score }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, k);
  }
  return bestK(scores, k);
}

/**
 * The `k` best scores with their indices, best first and ties by index: the first `k` of sorting
 * all of them by that order, kept by insertion so a large library is not sorted whole.
 */
function bestK(scores: number[], k: number): { index: number; score: number }[] {
  const best: { index: number; score: number }[] = [];
  if (k <= 0) return best;
  for (let index = 0; index < scores.length; index++) {
    const score = scores[index];
    // Indices come in increasing order, so an equal score goes after the ones already kept.
    if (best.length === k && !(score > best[k - 1].score)) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && score > best[at - 1].score) at--;
    if (best.length === k) best.pop();
    best.splice(at, 0, { index, score });
  }
  return best;
}
