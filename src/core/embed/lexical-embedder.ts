import type { Embedder } from './embedder';
import { normalize } from './cosine';
import { hashSeed } from '../rng';
import { words } from './words';

/** Dimension of the hashed feature space. */
const DIMENSION = 2048;

/**
 * A lexical TF-IDF embedder: word unigrams and bigrams hashed into a fixed space, weighted by
 * sublinear term frequency times inverse document frequency over a fitting corpus, L2-normalised.
 * Fast and dependency-free; the page's fast option and the unit tests' embedder.
 */
export class LexicalEmbedder implements Embedder {
  readonly id = 'lexical';
  readonly label = 'Lexical TF-IDF (built in)';
  private readonly documentFrequency = new Map<number, number>();
  private documents = 0;
  private readonly cache = new Map<string, Float32Array>();

  constructor(corpus: string[] = []) {
    this.fit(corpus);
  }

  /** Adds documents to the IDF statistics; clears the cache. */
  fit(corpus: string[]): void {
    for (const text of corpus) {
      for (const feature of new Set(this.features(text))) {
        this.documentFrequency.set(feature, (this.documentFrequency.get(feature) ?? 0) + 1);
      }
      this.documents++;
    }
    this.cache.clear();
  }

  private features(text: string): number[] {
    const tokens = words(text);
    const out = tokens.map((token) => hashSeed(token) % DIMENSION);
    for (let i = 1; i < tokens.length; i++) out.push(hashSeed(tokens[i - 1], tokens[i]) % DIMENSION);
    return out;
  }

  /** The embedding of one text, synchronously. */
  embedOne(text: string): Float32Array {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const counts = new Map<number, number>();
    for (const feature of this.features(text)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
    const vector = new Float32Array(DIMENSION);
    for (const [feature, count] of counts) {
      const idf = Math.log((1 + this.documents) / (1 + (this.documentFrequency.get(feature) ?? 0))) + 1;
      vector[feature] += (1 + Math.log(count)) * idf;
    }
    normalize(vector);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(text, vector);
    return vector;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }
}
