import type { Synset } from './wordnet';

/**
 * Retrofitting (Faruqui et al. 2015, "Retrofitting Word Vectors to Semantic Lexicons", NAACL,
 * section 2): each word's vector is pulled towards its neighbours in a lexicon while it stays near
 * its own start, minimising sum_i [alpha |q_i - q^_i|^2 + sum_j beta_ij |q_i - q_j|^2] by the
 * paper's Jacobi update q_i = (alpha q^_i + sum_j beta_ij q_j) / (alpha + sum_j beta_ij),
 * `iterations` times (the paper uses 10), with beta_ij = 1 / degree(i) (the paper's choice).
 * Neighbours here: WordNet synonyms (lemmas of one synset) and a synset's hypernym lemmas, among
 * the words that are one vocabulary entry each. Only a word's first `senses` synsets (by the
 * index's sense order, most frequent first) count, so rare senses do not pull common words.
 */
export interface RetrofitOptions {
  iterations: number;
  alpha: number;
  /** Weight of a hypernym neighbour relative to a synonym. */
  hypernymWeight: number;
  senses: number;
}

/** Neighbour lists by token id: the lexicon graph over one-entry words. */
export function lexiconGraph(synsets: Synset[], senseOrder: Map<string, string[]>, tokenOf: (word: string) => number | undefined, senses: number, hypernymWeight: number): Map<number, Map<number, number>> {
  const byId = new Map(synsets.map((synset) => [synset.id, synset]));
  const graph = new Map<number, Map<number, number>>();
  const link = (a: number, b: number, weight: number) => {
    if (a === b) return;
    let row = graph.get(a);
    if (!row) graph.set(a, (row = new Map()));
    row.set(b, Math.max(row.get(b) ?? 0, weight));
  };
  for (const [word, ids] of senseOrder) {
    const token = tokenOf(word);
    if (token === undefined) continue;
    for (const id of ids.slice(0, senses)) {
      const synset = byId.get(id);
      if (!synset) continue;
      for (const other of synset.words) {
        const t = tokenOf(other);
        if (t !== undefined) link(token, t, 1);
      }
      for (const hypernym of synset.hypernyms) {
        for (const other of byId.get(hypernym)?.words ?? []) {
          const t = tokenOf(other);
          if (t !== undefined) link(token, t, hypernymWeight);
        }
      }
    }
  }
  return graph;
}

/** Retrofits rows of `table` (vocabSize x dimension) in place; tokens outside the graph and `frozen` ones stay. */
export function retrofit(table: Float64Array, dimension: number, graph: Map<number, Map<number, number>>, frozen: Set<number>, options: RetrofitOptions): void {
  const start = Float64Array.from(table);
  const ids = [...graph.keys()].filter((id) => !frozen.has(id)).sort((a, b) => a - b);
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    const next = new Float64Array(ids.length * dimension);
    ids.forEach((id, n) => {
      const neighbours = [...graph.get(id)!].filter(([j]) => !frozen.has(j));
      const total = neighbours.reduce((sum, [, w]) => sum + w, 0);
      const row = next.subarray(n * dimension, (n + 1) * dimension);
      for (let k = 0; k < dimension; k++) row[k] = options.alpha * start[id * dimension + k];
      let weights = options.alpha;
      for (const [j, w] of neighbours) {
        const beta = w / total;
        weights += beta;
        for (let k = 0; k < dimension; k++) row[k] += beta * table[j * dimension + k];
      }
      for (let k = 0; k < dimension; k++) row[k] /= weights;
    });
    ids.forEach((id, n) => table.set(next.subarray(n * dimension, (n + 1) * dimension), id * dimension));
  }
}
