import { Worker } from 'node:worker_threads';
import type { RunConfig } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import { mergeShards } from '../src/core/run/shards';
import { familyOf } from '../src/core/llm/model-families';

/**
 * Runs `config` on `workers` threads and merges their parts into the run one thread gives for the
 * same seeds (core/run/shards.ts; a test says so). Jobs are those of the page's worker pool (a
 * stream that carries state across tasks is one job; one task run by every strategy that keeps
 * nothing is another, so a thread reads that task's prompts once), handed out
 * in canonical order to whichever thread asks next, so a thread that drew quick jobs takes on
 * more. For the bench in Node, where no thread is kept for a page. Simulated models on the
 * bundled data only: a server has its own limits and keys.
 */
export async function runPooled(config: RunConfig, workers: number): Promise<RunResult> {
  if (!familyOf(config.model)?.poolable) throw new Error(`--workers runs simulated models only; ${config.model} runs on one thread (leave --workers out).`);
  // Worker threads do not inherit tsx's loader: each registers it before importing its TypeScript.
  const api = import.meta.resolve('tsx/esm/api');
  const script = new URL('./pool-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`;
  // The next job index, shared by all threads.
  let next = 0;
  const parts = await Promise.all(
    Array.from(
      { length: workers },
      (_, index) =>
        new Promise<RunResult>((resolve, reject) => {
          const worker = new Worker(boot, { eval: true, workerData: { config, shard: { index, count: workers } } });
          worker.on('message', (message: { claim?: number; result?: RunResult; error?: string }) => {
            if (message.claim !== undefined) {
              worker.postMessage({ claimed: message.claim, index: next++ });
              return;
            }
            void worker.terminate();
            if (message.result) resolve(message.result);
            else reject(new Error(message.error ?? 'A pool thread ended without a result.'));
          });
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`A pool thread exited (code ${code}) before its part was done.`)));
        }),
    ),
  );
  return mergeShards(config, parts);
}
