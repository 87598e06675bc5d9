/** Cosine similarity of two L2-normalised vectors (their dot product). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i] * b[i];
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
  return vectors
    .map((vector, index) => ({ index, score: cosine(query, vector) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, k);
}
