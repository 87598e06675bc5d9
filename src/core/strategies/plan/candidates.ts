import type { Tool } from '../../types';
import type { Embedder } from '../../embed/embedder';
import { topK } from '../../embed/cosine';
import { moduleCache, weakCache } from '../../caches';

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
  /** The library indexes each search found, most similar first, by search (kept: callers ask again). */
  private readonly results = new Map<string, number[]>();

  constructor(
    private readonly tools: Tool[],
    private readonly embedder: Embedder,
  ) {}

  async retrieve(query: string, substep: string, k: number): Promise<Tool[]> {
    // Retries, trials and branches ask again for the same substep: answered from the cache (a new
    // array each time, as callers may add memory tools to the list).
    // The substep says what to do now; the query adds the domain words.
    const found = await this.search(`${k}\u0000${query}\u0000${substep}`, `${substep}\n${substep}\n${query}`, k);
    return found.map((index) => this.tools[index]);
  }

  /**
   * The `k` tools most similar to a whole task's goal, in the library's order: the shortlist a
   * ReAct-style prompt lists where the run asks for one (prompts/listing-mode.ts). The same tool
   * embeddings as the substep candidates; the goal alone is the query, as a ReAct agent has no plan.
   */
  async shortlist(goal: string, k: number): Promise<Tool[]> {
    const picked = new Set(await this.search(`shortlist\u0000${k}\u0000${goal}`, goal, k));
    return this.tools.filter((_, index) => picked.has(index));
  }

  /** The indexes of the `k` tools most similar to `text`, most similar first, kept under `key`. */
  private async search(key: string, text: string, k: number): Promise<number[]> {
    const known = this.results.get(key);
    if (known) return known;
    this.vectors ??= await this.embedder.embed(this.tools.map(toolText));
    const [vector] = await this.embedder.embed([text]);
    const found = topK(vector, this.vectors, k).map(({ index }) => index);
    if (this.results.size > 10_000) this.results.clear();
    this.results.set(key, found);
    return found;
  }
}

const retrievers = moduleCache('strategies/plan/candidates: retrievers by tools and embedder', weakCache<object, WeakMap<object, CandidateRetriever>>());

/** One retriever per (library, embedder), so tool embeddings are computed once per run. */
export function retrieverFor(tools: Tool[], embedder: Embedder): CandidateRetriever {
  let byEmbedder = retrievers.get(tools);
  if (!byEmbedder) retrievers.set(tools, (byEmbedder = new WeakMap()));
  let retriever = byEmbedder.get(embedder);
  if (!retriever) byEmbedder.set(embedder, (retriever = new CandidateRetriever(tools, embedder)));
  return retriever;
}
