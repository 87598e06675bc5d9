/**
 * One thread of `runPooled` (node-pool.ts): runs its shard of the run it is given on the bundled
 * data and posts the part back for merging.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RunConfig } from '../src/core/run/run-config';
import { InThreadRunner } from '../src/core/run/runner';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';

const { config, shard } = workerData as { config: RunConfig; shard: { index: number; count: number } };
const runner = new InThreadRunner(loadNodeData, undefined, undefined, loadNodeEmbedder);
try {
  parentPort!.postMessage({ result: await runner.run(config, undefined, { shard }) });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
