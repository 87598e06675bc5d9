import { Rng } from '../../src/core/rng';

/**
 * Unsupervised SimCSE (Gao et al. 2021, section 3) for a bag-of-token-embeddings encoder: each
 * sentence is encoded twice under independent dropout noise; the two views are positives, the
 * other sentences of the batch negatives; loss InfoNCE at temperature 0.05, both directions.
 * The encoder is the mean of the token vectors (as the pipeline's mean pooling), L2-normalised.
 * Plain float64 arithmetic and a seeded generator: the same inputs give the same bytes.
 */
export interface SimcseOptions {
  dimension: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** Dropout on the token vectors' features (SimCSE's noise), p. */
  dropout: number;
  /** Probability of leaving a whole token out of a view (word dropout), p. */
  tokenDropout: number;
  temperature: number;
  seed: number;
}

export interface TrainLog {
  step: number;
  loss: number;
}

/**
 * Starting vectors: random directions scaled by each token's inverse document frequency. Tokens in
 * more than `maxDocumentShare` of the sentences (the special tokens, words such as `the`) start and
 * stay at zero, like a TF-IDF vectoriser's maximum document frequency: they carry no meaning here.
 * `weights`, when given, replaces the IDF over `sequences` as each token's scale (a general-text IDF,
 * see `idfWeights`); the zero tokens are still the ones common in `sequences`.
 */
export function idfInit(sequences: number[][], vocabSize: number, dimension: number, maxDocumentShare: number, rng: Rng, weights?: Float64Array): { table: Float64Array; frozen: Set<number> } {
  const df = new Float64Array(vocabSize);
  for (const sequence of sequences) for (const id of new Set(sequence)) df[id]++;
  const table = new Float64Array(vocabSize * dimension);
  const frozen = new Set<number>();
  for (let id = 0; id < vocabSize; id++) {
    const idf = weights ? weights[id] : Math.log((1 + sequences.length) / (1 + df[id])) + 1;
    const stop = df[id] > maxDocumentShare * sequences.length;
    if (stop) frozen.add(id);
    for (let k = 0; k < dimension; k++) {
      const value = (idf * gaussian(rng)) / Math.sqrt(dimension);
      table[id * dimension + k] = stop ? 0 : value;
    }
  }
  return { table, frozen };
}

/** Smoothed inverse document frequency of every token over `documents` (token id sequences): ln((1 + N) / (1 + df)) + 1. */
export function idfWeights(documents: Iterable<number[]>, vocabSize: number): Float64Array {
  const df = new Float64Array(vocabSize);
  let n = 0;
  for (const document of documents) {
    n++;
    for (const id of new Set(document)) df[id]++;
  }
  return df.map((count) => Math.log((1 + n) / (1 + count)) + 1);
}

/**
 * Sets each row's length to its token's weight, keeping its direction. Under mean pooling a row's
 * length is how much its token counts in a sentence; training moves the directions (the meaning) and
 * lets the lengths drift, so the weights are set again at the end (a weighted average of word
 * vectors, as in Arora et al. 2017, "A Simple but Tough-to-Beat Baseline for Sentence Embeddings",
 * ICLR, section 3, with an IDF for their a / (a + p(w))). Zero rows stay zero.
 */
export function setRowLengths(table: Float64Array, dimension: number, weights: Float64Array): void {
  for (let id = 0; id < weights.length; id++) {
    const row = table.subarray(id * dimension, (id + 1) * dimension);
    let squares = 0;
    for (let k = 0; k < dimension; k++) squares += row[k] * row[k];
    const length = Math.sqrt(squares);
    if (length > 0) for (let k = 0; k < dimension; k++) row[k] *= weights[id] / length;
  }
}

function gaussian(rng: Rng): number {
  // Box-Muller; 1 - next() keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

interface View {
  tokens: number[];
  /** Feature dropout masks, one row of `dimension` per kept token (0 or 1 / (1 - p)). */
  masks: Float64Array;
  pooled: Float64Array;
  norm: number;
}

/**
 * Trains `table` on pairs of token sequences: a pair of one sequence with itself is unsupervised
 * SimCSE (its two views differ by dropout only); a pair of two texts is a labelled positive
 * (supervised SimCSE, section 4). Frozen tokens never move.
 */
export function trainSimcse(pairs: [number[], number[]][], table: Float64Array, frozen: Set<number>, options: SimcseOptions, onLog?: (log: TrainLog) => void): Float64Array {
  const { dimension: d, batchSize, temperature: tau } = options;
  const rng = new Rng(options.seed);
  const m = new Float64Array(table.length);
  const v = new Float64Array(table.length);
  const beta1 = 0.9;
  const beta2 = 0.999;
  let step = 0;

  const makeView = (sequence: number[]): View => {
    let tokens = sequence.filter(() => rng.next() >= options.tokenDropout);
    if (tokens.length === 0) tokens = [sequence[rng.int(sequence.length)]];
    const masks = new Float64Array(tokens.length * d);
    const keep = 1 / (1 - options.dropout);
    for (let i = 0; i < masks.length; i++) masks[i] = rng.next() < options.dropout ? 0 : keep;
    const pooled = new Float64Array(d);
    tokens.forEach((id, t) => {
      for (let k = 0; k < d; k++) pooled[k] += masks[t * d + k] * table[id * d + k];
    });
    let norm = 0;
    for (let k = 0; k < d; k++) {
      pooled[k] /= tokens.length;
      norm += pooled[k] * pooled[k];
    }
    norm = Math.sqrt(norm) || 1e-12;
    for (let k = 0; k < d; k++) pooled[k] /= norm;
    return { tokens, masks, pooled, norm };
  };

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const order = rng.shuffle(pairs.map((_, i) => i));
    for (let start = 0; start + 1 < order.length; start += batchSize) {
      const batch = order.slice(start, start + batchSize).map((i) => pairs[i]);
      const a = batch.map(([x]) => makeView(x));
      const b = batch.map(([, y]) => makeView(y));
      const n = batch.length;
      // Similarities / tau, then the gradient of the mean of both cross-entropies w.r.t. them.
      const sim = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sim[i * n + j] = dot(a[i].pooled, b[j].pooled, d) / tau;
      const grad = new Float64Array(n * n);
      let loss = 0;
      for (let i = 0; i < n; i++) loss += softmaxGrad(sim, grad, n, i, true);
      for (let j = 0; j < n; j++) loss += softmaxGrad(sim, grad, n, j, false);
      loss /= 2 * n;
      for (let i = 0; i < grad.length; i++) grad[i] /= 2 * n * tau;

      const gradTable = new Map<number, Float64Array>();
      const backward = (view: View, dz: Float64Array) => {
        // Through the normalisation: du = (dz - z (z . dz)) / |u|, then the mean over tokens.
        const proj = dot(view.pooled, dz, d);
        const scale = 1 / (view.norm * view.tokens.length);
        view.tokens.forEach((id, t) => {
          let row = gradTable.get(id);
          if (!row) gradTable.set(id, (row = new Float64Array(d)));
          for (let k = 0; k < d; k++) row[k] += (dz[k] - view.pooled[k] * proj) * scale * view.masks[t * d + k];
        });
      };
      for (let i = 0; i < n; i++) {
        const dzA = new Float64Array(d);
        const dzB = new Float64Array(d);
        for (let j = 0; j < n; j++) {
          const gA = grad[i * n + j];
          const gB = grad[j * n + i];
          for (let k = 0; k < d; k++) {
            dzA[k] += gA * b[j].pooled[k];
            dzB[k] += gB * a[j].pooled[k];
          }
        }
        backward(a[i], dzA);
        backward(b[i], dzB);
      }

      // Adam, updating the rows the batch touched (lazy Adam), in a fixed order.
      step++;
      const lr = options.learningRate;
      const c1 = 1 - beta1 ** step;
      const c2 = 1 - beta2 ** step;
      for (const id of [...gradTable.keys()].sort((x, y) => x - y)) {
        if (frozen.has(id)) continue;
        const row = gradTable.get(id)!;
        for (let k = 0; k < d; k++) {
          const at = id * d + k;
          m[at] = beta1 * m[at] + (1 - beta1) * row[k];
          v[at] = beta2 * v[at] + (1 - beta2) * row[k] * row[k];
          table[at] -= (lr * (m[at] / c1)) / (Math.sqrt(v[at] / c2) + 1e-8);
        }
      }
      onLog?.({ step, loss });
    }
  }
  return table;
}

function dot(x: Float64Array, y: Float64Array, d: number): number {
  let sum = 0;
  for (let k = 0; k < d; k++) sum += x[k] * y[k];
  return sum;
}

/**
 * Adds the cross-entropy gradient of one row (`byRow`) or column of `sim` whose target is the
 * diagonal, and returns that row's loss.
 */
function softmaxGrad(sim: Float64Array, grad: Float64Array, n: number, index: number, byRow: boolean): number {
  const at = (j: number) => (byRow ? index * n + j : j * n + index);
  let max = -Infinity;
  for (let j = 0; j < n; j++) max = Math.max(max, sim[at(j)]);
  let total = 0;
  for (let j = 0; j < n; j++) total += Math.exp(sim[at(j)] - max);
  for (let j = 0; j < n; j++) grad[at(j)] += Math.exp(sim[at(j)] - max) / total - (j === index ? 1 : 0);
  return Math.log(total) + max - sim[at(index)];
}

/** The encoder's sentence vector for token ids, as the exported graph plus mean pooling give it. */
export function encode(table: ArrayLike<number>, dimension: number, tokens: number[]): Float32Array {
  const out = new Float32Array(dimension);
  const sum = new Float64Array(dimension);
  for (const id of tokens) for (let k = 0; k < dimension; k++) sum[k] += table[id * dimension + k];
  let norm = 0;
  for (let k = 0; k < dimension; k++) norm += (sum[k] / tokens.length) ** 2;
  norm = Math.sqrt(norm) || 1;
  for (let k = 0; k < dimension; k++) out[k] = sum[k] / tokens.length / norm;
  return out;
}
