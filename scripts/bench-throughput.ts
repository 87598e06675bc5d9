/**
 * Throughput of the openai: model family against serve:sim with a slow server (--delay-ms 200 per
 * request): task runs per second at concurrency 1, 4 and 16 in one go, their ratios to 1, and a
 * check that every concurrency gave the same results.
 *   npm run bench:throughput -- [--tasks N] [--delay-ms D] [--levels 1,4,16] [--json FILE]
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import { loadNodeData } from './node-data';

/** Starts `serve:sim` in its own process (as a real server would be) and resolves its base URL. */
function startServer(delayMs: number): Promise<{ url: string; stop: () => void }> {
  const script = fileURLToPath(new URL('./serve-sim.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0', '--quiet', '--delay-ms', String(delayMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /at (http:\/\/\S+\/v1)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`serve:sim exited with code ${code} before it listened`)));
  });
}

async function main() {
  const { values } = parseArgs({ options: { tasks: { type: 'string', default: '16' }, 'delay-ms': { type: 'string', default: '200' }, levels: { type: 'string', default: '1,4,16' }, json: { type: 'string' } } });
  const levels = values.levels!.split(',').map(Number);
  const delay = Number(values['delay-ms']);
  const server = await startServer(delay);
  const rows: { concurrency: number; taskRuns: number; requests: number; seconds: number; runsPerSecond: number; ratio: number }[] = [];
  const strip = (result: RunResult) => JSON.stringify(result.results.map(({ ms: _ms, ...rest }) => rest));
  let reference: string | undefined;
  try {
    for (const concurrency of levels) {
      const config = { ...DEFAULT_RUN_CONFIG, envs: ['academic'], strategies: ['react', 'reflexion'], tasks: Number(values.tasks), model: `openai:${server.url}#sim-small`, concurrency };
      const started = performance.now();
      const result = await new InThreadRunner(loadNodeData).run(config);
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 'done') throw new Error(`The run at concurrency ${concurrency} ended ${result.status}: ${result.error ?? ''}`);
      reference ??= strip(result);
      if (strip(result) !== reference) throw new Error(`Concurrency ${concurrency} gave other results than concurrency ${levels[0]}.`);
      const requests = result.results.reduce((sum, r) => sum + r.llmCalls, 0);
      const runsPerSecond = result.results.length / seconds;
      rows.push({ concurrency, taskRuns: result.results.length, requests, seconds, runsPerSecond, ratio: runsPerSecond / (rows[0]?.runsPerSecond ?? runsPerSecond) });
    }
  } finally {
    server.stop();
  }
  console.log(`serve:sim with --delay-ms ${delay}; academic, react + reflexion, ${values.tasks} tasks each; results identical at every concurrency\n`);
  console.log('| concurrency | task runs | requests | seconds | task runs / s | ratio to 1 |\n|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.concurrency} | ${r.taskRuns} | ${r.requests} | ${r.seconds.toFixed(1)} | ${r.runsPerSecond.toFixed(2)} | ${r.ratio.toFixed(1)}x |`);
  if (values.json) await writeFile(values.json, JSON.stringify({ throughput: rows }, null, 2) + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
