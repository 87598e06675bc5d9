import { Worker } from 'node:worker_threads';
import type { RunConfig } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import type { TraceEvent } from '../src/core/trace';
import { mergeShards } from '../src/core/run/shards';
import { familyOf } from '../src/core/llm/model-families';

/**
 * Runs `config` on `workers` threads and merges their parts into the run one thread gives for the
 * same seeds (core/run/shards.ts; a test says so). Jobs are those of the page's worker pool (a
 * stream that carries state across tasks is one job; one task run by every strategy that keeps
 * nothing is another, so a thread reads that task's prompts once), handed out
 * in canonical order to whichever thread asks next, so a thread that drew quick jobs takes on
 * more. Each thread sends a kept trace as its task ends and then forgets it (`onTrace`), so the
 * traces are held once, here, not also by the threads until they post their parts (the SLATE full
 * matrix on 2 threads peaked at 3.2 GB that way, 2.5 GB this way). For the bench in Node, where no
 * thread is kept for a page. Simulated models on the
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
          // The part's traces, each sent as its task ended (before the part itself).
          const traces: Record<string, TraceEvent[]> = {};
          worker.on('message', (message: { claim?: number; trace?: { key: string; events: TraceEvent[] }; result?: RunResult; error?: string }) => {
            if (message.claim !== undefined) {
              worker.postMessage({ claimed: message.claim, index: next++ });
              return;
            }
            if (message.trace) {
              traces[message.trace.key] = message.trace.events;
              return;
            }
            void worker.terminate();
            if (message.result) resolve({ ...message.result, traces: { ...traces, ...message.result.traces } });
            else reject(new Error(message.error ?? 'A pool thread ended without a result.'));
          });
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`A pool thread exited (code ${code}) before its part was done.`)));
        }),
    ),
  );
  return mergeShards(config, parts);
}
