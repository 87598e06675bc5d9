import { hashSeed } from '../rng';

/**
 * The sampling seed of a task's `call`-th generation request (0-based). Every model family uses
 * it: SimLM in-process, WebLLM's `seed`, and the `seed` an OpenAI-compatible request carries. Seeds
 * of one task are consecutive, so a request for `n` choices with seed `s` is drawn like `n` single
 * requests with seeds `s`, `s + 1`, ... (see `choiceSeed`): a batch and single calls agree.
 */
export function requestSeed(taskSeed: number, call: number): number {
  return (hashSeed('request', taskSeed) + call) >>> 0;
}

/** The seed choice `index` of a request with seed `seed` is drawn with. */
export function choiceSeed(seed: number, index: number): number {
  return (seed + index) >>> 0;
}
