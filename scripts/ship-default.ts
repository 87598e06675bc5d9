/**
 * Writes the result the page opens on (`npm run ship:default`): the default story's run, made by
 * the same code the page runs (InThreadRunner, SimLM, the bundled SimCSE encoder on
 * onnxruntime-node), without its traces. `ship-default.test.ts` runs it again and checks that it
 * comes out the same, so the shipped numbers are never stale.
 *
 *   npm run ship:default [-- --check]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_STORY } from '../src/core/run/stories';
import { gunzipSync, gzipSync } from 'node:zlib';
import { shippable, SHIPPED_DEFAULT_FILE, SHIPPED_TRACES_FILE, traceWithoutTimes, withoutTimes } from '../src/core/run/shipped';
import type { TraceEvent } from '../src/core/trace';
import type { RunResult } from '../src/core/run/results';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';

export const SHIPPED_PATH = fileURLToPath(new URL(`../public/${SHIPPED_DEFAULT_FILE}`, import.meta.url));
export const SHIPPED_TRACES_PATH = fileURLToPath(new URL(`../public/${SHIPPED_TRACES_FILE}`, import.meta.url));

type Traces = Record<string, TraceEvent[]>;

/** Runs the default story in Node and returns the result as shipped, and its traces apart. */
export async function runDefaultStory(): Promise<RunResult & { shippedTraces: Traces }> {
  const runner = new InThreadRunner(loadNodeData, undefined, undefined, loadNodeEmbedder);
  const result = await runner.run(DEFAULT_STORY.config);
  if (result.status !== 'done') throw new Error(`The default story's run ended ${result.status}: ${result.error ?? ''}`);
  if (result.tracesOmitted || Object.keys(result.traces).length !== result.results.length) throw new Error('The default story\'s run did not keep every trace.');
  return Object.assign(shippable(result), { shippedTraces: result.traces });
}

export async function readShipped(): Promise<RunResult> {
  return JSON.parse(await readFile(SHIPPED_PATH, 'utf8')) as RunResult;
}

export async function readShippedTraces(): Promise<Traces> {
  return JSON.parse(gunzipSync(await readFile(SHIPPED_TRACES_PATH)).toString('utf8')) as Traces;
}

/** The traces less their wall times, in key order, for comparing. */
export const tracesWithoutTimes = (traces: Traces) => Object.fromEntries(Object.keys(traces).sort().map((key) => [key, traceWithoutTimes(traces[key])]));

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const { shippedTraces, ...fresh } = await runDefaultStory();
  if (values.check) {
    const same =
      JSON.stringify(withoutTimes(fresh)) === JSON.stringify(withoutTimes(await readShipped())) &&
      JSON.stringify(tracesWithoutTimes(shippedTraces)) === JSON.stringify(tracesWithoutTimes(await readShippedTraces()));
    console.log(same ? 'The shipped default result is up to date.' : 'The shipped default result differs from a fresh run: run npm run ship:default.');
    process.exitCode = same ? 0 : 1;
    return;
  }
  await writeFile(SHIPPED_PATH, JSON.stringify(fresh) + '\n');
  await writeFile(SHIPPED_TRACES_PATH, gzipSync(JSON.stringify(shippedTraces), { level: 9 }));
  console.log(`wrote ${SHIPPED_PATH}: ${fresh.results.length} task runs of "${DEFAULT_STORY.title}", and their ${Object.keys(shippedTraces).length} traces to ${SHIPPED_TRACES_PATH}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
