import type { TokenLogprob } from './wire';

/**
 * EGB-Logits over an API (EGB paper, Algorithm 3): a server gives no raw logits, but with
 * `logprobs` it gives the log-probabilities of the top tokens at each position, post-softmax over
 * the full vocabulary. The digits '0'-'9' among them stand in for the digit logits the algorithm
 * reads. A digit written with a leading space (" 3") is the same digit; a digit outside the top
 * list counts as 0, which is exact whenever fewer than `top_logprobs` tokens carry the mass.
 */

/** The probability of each digit 0-9 at a position, summed over its spellings; 0 where absent. */
export function digitMass(position: TokenLogprob | undefined): number[] {
  const mass = new Array<number>(10).fill(0);
  for (const entry of position?.top_logprobs ?? []) {
    const text = entry.token.trim();
    if (/^\d$/.test(text) && Number.isFinite(entry.logprob)) mass[Number(text)] += Math.exp(entry.logprob);
  }
  return mass;
}

/** Line 5: p^(1), a softmax over the ten digits only, i.e. the digits' probabilities renormalised. */
export function firstDigitFromLogprobs(position: TokenLogprob | undefined): number[] | undefined {
  const mass = digitMass(position);
  const total = mass.reduce((sum, p) => sum + p, 0);
  return total > 0 ? mass.map((p) => p / total) : undefined;
}

/** Line 11: p^(2) at the full-vocabulary softmax, so 1 - sum is the probability the index ends (line 12). */
export function secondDigitFromLogprobs(position: TokenLogprob | undefined): number[] {
  return digitMass(position);
}
