// Reading an enumerated choice from digit tokens is the model's side of EGB-Logits: WebLLM and
// server models both call it, so it lives with them and the strategy imports it from here.

/**
 * Candidate probabilities from digit-token distributions (EGB Alg. 3, lines 3-23), for candidates
 * enumerated 0..K-1 with K <= 100.
 * - `firstDigit[d]`: probability of digit d as the first token, from the softmax over the ten digit
 *   logits (line 5).
 * - `secondDigit[d1][d2]`: probability of digit d2 after d1, as the full-vocabulary softmax gives it,
 *   so that 1 - sum is the probability that the index ends after one digit (line 12). The paper's
 *   pseudo-code writes a softmax over digits only there, which would make that remainder zero.
 */
export function candidateDistributionFromDigits(firstDigit: number[], secondDigit: number[][], k: number): number[] {
  if (k < 1 || k > 100) throw new RangeError(`Alg. 3 enumerates 1 to 100 candidates; got ${k}.`);
  const probabilities = new Array<number>(k).fill(0);
  for (let d1 = 0; d1 <= 9; d1++) {
    const second = secondDigit[d1] ?? [];
    const end = Math.max(0, 1 - second.reduce((sum, p) => sum + p, 0));
    if (d1 < k) probabilities[d1] += firstDigit[d1] * end; // a single-digit index (line 14)
    for (let d2 = 0; d2 <= 9; d2++) {
      const index = d1 * 10 + d2;
      if (index >= 10 && index < k) probabilities[index] += firstDigit[d1] * (second[d2] ?? 0); // two digits (line 19)
    }
  }
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  return total > 0 ? probabilities.map((p) => p / total) : probabilities.map(() => 1 / k);
}
