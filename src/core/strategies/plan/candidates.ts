import type { Tool } from '../../types';
import type { Embedder } from '../../embed/embedder';
import { topK } from '../../embed/cosine';

/** The text a tool is embedded and retrieved by. */
export function toolText(tool: Tool): string {
  return `${tool.name.replace(/_/g, ' ')}: ${tool.description}`;
}

/**
 * Candidate tools for a substep by embedding search over the library (EGB Alg. 1, line 5,
 * GETCANDIDATES): the `k` tools most similar to the query and the substep description.
 * Tool embeddings are computed once per library and kept.
 */
export class CandidateRetriever {
  private vectors: Float32Array[] | undefined;
  private readonly results = new Map<string, Tool[]>();

  constructor(
    private readonly tools: Tool[],
    private readonly embedder: Embedder,
  ) {}

  async retrieve(query: string, substep: string, k: number): Promise<Tool[]> {
    // Retries, trials and branches ask again for the same substep: answer from the cache (a copy,
    // as callers may add memory tools to the list).
    const key = `${k}\u0000${query}\u0000${substep}`;
    const known = this.results.get(key);
    if (known) return known.slice();
    this.vectors ??= await this.embedder.embed(this.tools.map(toolText));
    // The substep says what to do now; the query adds the domain words.
    const [vector] = await this.embedder.embed([`${substep}\n${substep}\n${query}`]);
    const found = topK(vector, this.vectors, k).map(({ index }) => this.tools[index]);
    if (this.results.size > 10_000) this.results.clear();
    this.results.set(key, found);
    return found.slice();
  }
}
