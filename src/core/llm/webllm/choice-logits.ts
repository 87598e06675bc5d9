/**
 * The arithmetic of EGB-Logits (EGB paper, Appendix, Algorithm 3, "Qwen2.5 Adaptation"): from the
 * raw logits of the first and second answer positions to probabilities over K <= 100 enumerated
 * candidates. Pure functions; the passes are in `choice-passes.ts`, and lines 7-23 (combining the
 * digits into candidate probabilities) are `candidateDistributionFromDigits` (llm/digit-distribution.ts).
 */

function logSumExp(values: ArrayLike<number>): number {
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += Math.exp(values[i] - max);
  return max + Math.log(sum);
}

function digitLogits(logits: Float32Array, digitTokenIds: readonly number[]): number[] {
  if (digitTokenIds.length !== 10) throw new RangeError('EGB-Logits needs the token ids of the ten digits 0-9.');
  return digitTokenIds.map((id) => {
    if (id < 0 || id >= logits.length) throw new RangeError(`Digit token id ${id} is outside the vocabulary (${logits.length} logits).`);
    return logits[id];
  });
}

/** Line 5: p^(1) = SOFTMAX(l^(1)[0:9]), a softmax over the ten digit tokens only. */
export function firstDigitProbabilities(logits: Float32Array, digitTokenIds: readonly number[]): number[] {
  const l = digitLogits(logits, digitTokenIds);
  const norm = logSumExp(l);
  return l.map((x) => Math.exp(x - norm));
}

/**
 * Line 11: p^(2), the digit probabilities after the first digit, so that p_end = 1 - sum p^(2)
 * (line 12). Read literally, a softmax over the ten digit logits would sum to 1 and make p_end
 * always 0; the mass of the non-digit tokens ("sequence end") only exists under the
 * full-vocabulary softmax, so this is the full softmax at the digit tokens, not renormalised.
 */
export function secondDigitProbabilities(logits: Float32Array, digitTokenIds: readonly number[]): number[] {
  const l = digitLogits(logits, digitTokenIds);
  const norm = logSumExp(logits);
  return l.map((x) => Math.exp(x - norm));
}
