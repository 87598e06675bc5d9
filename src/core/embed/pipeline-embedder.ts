import type { Embedder } from './embedder';

/** Embeds a batch of texts: mean-pooled, L2-normalised vectors, one per text. */
export type ExtractFn = (texts: string[]) => Promise<Float32Array[]>;

/**
 * An embedder over a feature-extraction model (transformers.js in the worker or in Node): texts go
 * to the model in batches, and each distinct text is embedded once and then served from a cache.
 */
export class PipelineEmbedder implements Embedder {
  private readonly cache = new Map<string, Float32Array>();
  /** Texts the model embedded and the milliseconds it took, for the cost line. */
  readonly stats = { texts: 0, batches: 0, ms: 0 };

  constructor(
    readonly id: string,
    readonly label: string,
    private readonly extract: ExtractFn,
    private readonly batchSize = 32,
  ) {}

  async embed(texts: string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !this.cache.has(text)))];
    for (let start = 0; start < missing.length; start += this.batchSize) {
      const batch = missing.slice(start, start + this.batchSize);
      const started = performance.now();
      const vectors = await this.extract(batch);
      this.stats.ms += performance.now() - started;
      this.stats.texts += batch.length;
      this.stats.batches++;
      if (vectors.length !== batch.length) throw new Error(`The embedding model returned ${vectors.length} vectors for ${batch.length} texts.`);
      batch.forEach((text, i) => this.cache.set(text, vectors[i]));
    }
    if (this.cache.size > 50_000) {
      const keep = texts.map((text) => [text, this.cache.get(text)!] as const);
      this.cache.clear();
      for (const [text, vector] of keep) this.cache.set(text, vector);
    }
    return texts.map((text) => this.cache.get(text)!);
  }
}
