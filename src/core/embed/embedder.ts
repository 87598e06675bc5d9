/** Sentence embeddings (docs/architecture.md). Vectors are L2-normalised, so a dot product is a cosine. */
export interface Embedder {
  /** Registry id, for example `lexical` or `simcse-small`. */
  readonly id: string;
  readonly label: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}
