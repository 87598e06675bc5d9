/**
 * One thread of `runPooled` (node-pool.ts): runs the jobs of the run it is given that the main
 * thread hands it, one claim at a time, on the bundled data, and posts its part back for merging;
 * each kept trace goes back on its own as its task ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RunConfig } from '../src/core/run/run-config';
import type { TraceEvent } from '../src/core/trace';
import { InThreadRunner } from '../src/core/run/runner';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';

const { config, shard } = workerData as { config: RunConfig; shard: { index: number; count: number } };
const port = parentPort!;
const waiting = new Map<number, (index: number | undefined) => void>();
let asked = 0;
port.on('message', (message: { claimed: number; index: number | null }) => {
  waiting.get(message.claimed)?.(message.index ?? undefined);
  waiting.delete(message.claimed);
});
const claim = () =>
  new Promise<number | undefined>((resolve) => {
    const id = asked++;
    waiting.set(id, resolve);
    port.postMessage({ claim: id });
  });
const runner = new InThreadRunner(loadNodeData, undefined, undefined, loadNodeEmbedder);
try {
  // Each kept trace goes to the main thread as its task ends, so this thread does not hold them all.
  const onTrace = (key: string, events: TraceEvent[]) => port.postMessage({ trace: { key, events } });
  port.postMessage({ result: await runner.run(config, undefined, { shard: { ...shard, claim }, onTrace }) });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
