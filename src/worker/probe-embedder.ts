import type { InThreadRunner } from '../core/run/runner';
import type { EmbedDevice } from '../core/embed/embedder-catalog';
import type { LoadProgress } from '../core/embed/transformers-extractor';
import type { Embedder } from '../core/embed/embedder';
import type { ProbeOutcome } from './worker-api';
import { fitLexicalEmbedder } from '../core/embed/fit-lexical';
import { toolText } from '../core/embed/expert-walks';
import { topK } from '../core/embed/cosine';
import { failure } from '../core/errors';

/**
 * Setup's embedder probe: loads the embedder (if needed) and ranks an environment's tools
 * (`name: description`) for a query, best first, with load and embedding times.
 */
export async function probeEmbedder(runner: InThreadRunner, embedderId: string, device: EmbedDevice, envId: string, query: string, onProgress?: (progress: LoadProgress) => void): Promise<ProbeOutcome> {
  try {
    const dataset = await runner.dataset(envId);
    const env = (await runner.environments())[envId].create(dataset);
    const tools = env.tools();
    const loadStarted = performance.now();
    const embedder: Embedder = embedderId === 'lexical' ? fitLexicalEmbedder(env, dataset) : await runner.modelEmbedder(embedderId, device, onProgress ? (p) => void onProgress(p) : undefined);
    const loadMs = performance.now() - loadStarted;
    const embedStarted = performance.now();
    const [q, ...vectors] = await embedder.embed([query, ...tools.map(toolText)]);
    const embedMs = performance.now() - embedStarted;
    const ranking = topK(q, vectors, vectors.length).map(({ index, score }) => ({ tool: tools[index].name, score }));
    return { ok: true, embedder: embedder.label, device: embedderId === 'lexical' ? 'cpu' : device, ranking, loadMs, embedMs };
  } catch (error) {
    return failure(error);
  }
}
