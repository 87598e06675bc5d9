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

/**
 * `cosine(query, v)` for each of `vectors`, the same to the last bit: each sum still adds its
 * products one by one in index order, but four vectors are summed side by side, so the four
 * additions of a step do not wait on each other (one running sum is bound by the latency of each
 * addition) and the query is read once per four vectors. (A WebAssembly SIMD version of this loop
 * saved about 0.5 ms per 1,000 x 1,024 scoring but no measurable CPU time in a SLATE run of
 * ReAct-style strategies, where the listing is longest: docs/benchmark.md.)
 */
export function cosines(query: Float32Array, vectors: Float32Array[]): number[] {
  const out = new Array<number>(vectors.length);
  const n = query.length;
  let v = 0;
  for (; v + 3 < vectors.length; v += 4) {
    const a = vectors[v];
    const b = vectors[v + 1];
    const c = vectors[v + 2];
    const d = vectors[v + 3];
    if (a.length !== n || b.length !== n || c.length !== n || d.length !== n) {
      for (let k = 0; k < 4; k++) out[v + k] = cosine(query, vectors[v + k]);
      continue;
    }
    let sa = 0;
    let sb = 0;
    let sc = 0;
    let sd = 0;
    for (let i = 0; i < n; i++) {
      const q = query[i];
      sa += q * a[i];
      sb += q * b[i];
      sc += q * c[i];
      sd += q * d[i];
    }
    out[v] = sa;
    out[v + 1] = sb;
    out[v + 2] = sc;
    out[v + 3] = sd;
  }
  for (; v < vectors.length; v++) out[v] = cosine(query, vectors[v]);
  return out;
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
  const scores = cosines(query, vectors);
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
