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
import { shippable, SHIPPED_DEFAULT_FILE, withoutTimes } from '../src/core/run/shipped';
import type { RunResult } from '../src/core/run/results';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';

export const SHIPPED_PATH = fileURLToPath(new URL(`../public/${SHIPPED_DEFAULT_FILE}`, import.meta.url));

/** Runs the default story in Node and returns the result as shipped. */
export async function runDefaultStory(): Promise<RunResult> {
  const runner = new InThreadRunner(loadNodeData, undefined, undefined, loadNodeEmbedder);
  const result = await runner.run(DEFAULT_STORY.config);
  if (result.status !== 'done') throw new Error(`The default story's run ended ${result.status}: ${result.error ?? ''}`);
  return shippable(result);
}

export async function readShipped(): Promise<RunResult> {
  return JSON.parse(await readFile(SHIPPED_PATH, 'utf8')) as RunResult;
}

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const fresh = await runDefaultStory();
  if (values.check) {
    const same = JSON.stringify(withoutTimes(fresh)) === JSON.stringify(withoutTimes(await readShipped()));
    console.log(same ? 'The shipped default result is up to date.' : 'The shipped default result differs from a fresh run: run npm run ship:default.');
    process.exitCode = same ? 0 : 1;
    return;
  }
  await writeFile(SHIPPED_PATH, JSON.stringify(fresh) + '\n');
  console.log(`wrote ${SHIPPED_PATH}: ${fresh.results.length} task runs of "${DEFAULT_STORY.title}"`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
