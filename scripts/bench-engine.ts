import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { rateSummary, installedEngineVersion, type EngineBenchFile } from './engine/engine-bench-file.ts';
import { getLlama, type LlamaContextSequence, type Token } from 'node-llama-cpp';
import { Rng } from '../src/core/rng.ts';
import { MODEL_SHAPES } from './engine/model-shapes.ts';
import { writeModel } from './engine/write-gguf.ts';
import { ENGINE_BENCH_USAGE, parseEngineBenchArgs } from './engine/bench-options.ts';

/**
 * bench:engine (issue 28 item 4): a real inference engine (llama.cpp through node-llama-cpp, on
 * this machine's CPU) on random-weight models of real shapes that our script writes, so no weights
 * are downloaded. Prints, per model and repeat:
 * - prefill: tokens/s evaluating a prompt of --prompt tokens into an empty sequence;
 * - decode: tokens/s generating --decode tokens one at a time after it;
 * - reuse: a second prompt that runs on from the first (its --prompt tokens, then --new more) keeps
 *   the first's KV cache and evaluates only the new tokens, against the same prompt cold; and one
 *   with --insert tokens put in front, which keeps nothing.
 * The options and their defaults: `npm run bench:engine -- --help` (`engine/bench-options.ts`).
 * Models are written once to --dir (default /tmp/toolwise-engine), never into the repository.
 */
const parsed = (() => {
  try {
    return parseEngineBenchArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
if (parsed.help) {
  console.log(ENGINE_BENCH_USAGE);
  process.exit(0);
}
const { shapes, type, threads, repeats, promptTokens, newTokens, decodeTokens, insertTokens, layers: layersOption, dir, json: jsonOut } = parsed.options;

/**
 * Wall-clock and CPU seconds of a step. CPU seconds are the process's own (all its threads, from
 * getrusage): on a machine shared with other work, wall-clock time counts the time the engine
 * waited for a core, CPU time does not. With one thread, tokens per CPU second is the rate of one
 * core that the engine has to itself.
 */
interface Timing {
  wall: number;
  cpu: number;
}

async function timed(run: () => Promise<unknown>): Promise<Timing> {
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  await run();
  const cpu = process.cpuUsage(cpuStart);
  return { wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** Generates `count` tokens greedily after `last`, each evaluated in turn (what decoding costs). */
async function generate(sequence: LlamaContextSequence, last: Token, count: number): Promise<Token[]> {
  const out: Token[] = [];
  for await (const token of sequence.evaluate([last], { temperature: 0 })) {
    out.push(token);
    if (out.length >= count) break;
  }
  return out;
}

interface Repeat {
  prefill: Timing;
  decode: Timing;
  /** The second prompt cold, on an empty sequence. */
  cold: Timing;
  /** The second prompt after the first: its prefix kept. */
  reused: Timing;
  reusedTokens: number;
  /** The first prompt with tokens put in front, after the first. */
  inserted: Timing;
  insertedReusedTokens: number;
}

async function benchShape(shapeId: string) {
  const shape = MODEL_SHAPES[shapeId];
  if (!shape) throw new Error(`Unknown shape "${shapeId}".`);
  const layers = layersOption ?? shape.layers;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${shapeId}-${type}${layers !== shape.layers ? `-${layers}l` : ''}.gguf`);
  if (!existsSync(path)) {
    let bytes = 0;
    // The shape that exists to carry Qwen2.5's vocabulary is written with it (the work per token is the same).
    const vocabulary = shapeId === 'tiny-qwen2.5' ? ('qwen2.5' as const) : undefined;
    const took = await timed(async () => (bytes = writeModel({ shape: shapeId, type, out: path, layers, vocabulary })));
    console.log(`wrote ${path} (${(bytes / 1e6).toFixed(0)} MB) in ${took.wall.toFixed(1)} s`);
  }
  const llama = await getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: 'error' as never });
  const model = await llama.loadModel({ modelPath: path });
  const context = await model.createContext({ contextSize: 4096, threads, batchSize: 512 });
  const sequence = context.getSequence();
  const rng = new Rng(1);
  const randomTokens = (n: number) => Array.from({ length: n }, () => rng.int(shape.vocab) as Token);
  const repeatsDone: Repeat[] = [];
  // One warm-up pass: the first evaluation pages the weights in.
  await sequence.evaluateWithoutGeneratingNewTokens(randomTokens(64));
  for (let r = 0; r < repeats; r++) {
    const first = randomTokens(promptTokens);
    const more = randomTokens(newTokens);
    const second = [...first, ...more];
    // Cold: the second prompt on an empty sequence.
    await sequence.clearHistory();
    const cold = await timed(() => sequence.evaluateWithoutGeneratingNewTokens(second));
    // Prefill the first prompt, then decode after it.
    await sequence.clearHistory();
    const prefill = await timed(() => sequence.evaluateWithoutGeneratingNewTokens(first.slice(0, -1)));
    let generated: Token[] = [];
    const decode = await timed(async () => (generated = await generate(sequence, first.at(-1)!, decodeTokens)));
    // The engine holds first + all but the last generated token (that one was sampled, not
    // evaluated). A follow-up prompt that runs on from the first prompt keeps its prefix, as a
    // completion does: the common prefix of the held tokens and the prompt less its last token.
    const followUp = [...first, ...generated.slice(0, -1), ...more];
    let reusedTokens = 0;
    const reused = await timed(async () => {
      await sequence.adaptStateToTokens(followUp.slice(0, -1), false);
      reusedTokens = sequence.nextTokenIndex;
      await sequence.evaluateWithoutGeneratingNewTokens(followUp.slice(reusedTokens));
    });
    // Tokens put in front of the same prompt: nothing is kept.
    const withInsert = [...randomTokens(insertTokens), ...followUp];
    let insertedReusedTokens = 0;
    const inserted = await timed(async () => {
      await sequence.adaptStateToTokens(withInsert.slice(0, -1), false);
      insertedReusedTokens = sequence.nextTokenIndex;
      await sequence.evaluateWithoutGeneratingNewTokens(withInsert.slice(sequence.nextTokenIndex));
    });
    repeatsDone.push({ prefill, decode, cold, reused, reusedTokens, inserted, insertedReusedTokens });
    const both = (t: Timing) => `${t.cpu.toFixed(2)} CPU s (${t.wall.toFixed(1)} s wall)`;
    console.log(
      `${shapeId} ${type} repeat ${r + 1}: prefill ${promptTokens - 1} tokens ${both(prefill)}, decode ${decodeTokens} tokens ${both(decode)}; ` +
        `${second.length} tokens cold ${both(cold)} / ${newTokens} new after ${reusedTokens} kept ${both(reused)} / ${insertTokens} put in front ${both(inserted)} (${insertedReusedTokens} kept)`,
    );
  }
  await context.dispose();
  await model.dispose();
  await llama.dispose();
  // Rates per CPU second (see `timed`), and per wall-clock second for comparison.
  const rates = repeatsDone.map((row) => ({
    prefillTokensPerSecond: (promptTokens - 1) / row.prefill.cpu,
    decodeTokensPerSecond: decodeTokens / row.decode.cpu,
    prefillTokensPerWallSecond: (promptTokens - 1) / row.prefill.wall,
    decodeTokensPerWallSecond: decodeTokens / row.decode.wall,
  }));
  return { shape: shapeId, type, layers, threads, promptTokens, newTokens, decodeTokens, insertTokens, repeats: repeatsDone, rates };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const range = (values: number[], digits: number) => `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}, ${Math.max(...values).toFixed(digits)}]`;

const startedAt = new Date();
const loadAtStart = loadavg();
const results = [];
for (const shape of shapes) results.push(await benchShape(shape));
// The machine may be shared: its load says how much of the CPU the engine had.
const load = loadavg().map((x) => x.toFixed(1)).join(', ');
console.log(`\nllama.cpp (node-llama-cpp ${installedEngineVersion()}) on ${cpus()[0]?.model ?? 'this CPU'} (${cpus().length} cores, load average ${load}), ${threads} threads; median [min, max] of ${repeats} repeats`);
console.log('Per CPU second of the engine (wall-clock rates after the slash). Cold: the longer prompt on an empty sequence; reused: the same after the first prompt and its reply, its prefix kept; inserted: tokens put in front, nothing kept (CPU seconds).');
console.log('| model | type | prefill tok/s | decode tok/s | cold s | reused s | inserted s | kept tokens |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.shape}${r.layers !== MODEL_SHAPES[r.shape].layers ? ` (${r.layers} layers)` : ''} | ${r.type} | ${range(r.rates.map((x) => x.prefillTokensPerSecond), 1)} / ${range(r.rates.map((x) => x.prefillTokensPerWallSecond), 1)} | ` +
      `${range(r.rates.map((x) => x.decodeTokensPerSecond), 2)} / ${range(r.rates.map((x) => x.decodeTokensPerWallSecond), 2)} | ` +
      `${range(r.repeats.map((x) => x.cold.cpu), 2)} | ${range(r.repeats.map((x) => x.reused.cpu), 2)} | ${range(r.repeats.map((x) => x.inserted.cpu), 2)} | ${r.repeats[0].reusedTokens} vs ${r.repeats[0].insertedReusedTokens} |`,
  );
}
if (jsonOut !== undefined) {
  const file: EngineBenchFile = {
    tool: 'npm run bench:engine',
    args: process.argv.slice(2),
    date: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length },
    engine: { package: 'node-llama-cpp', version: installedEngineVersion(), threads },
    loadAverage: { start: loadAtStart, end: loadavg() },
    settings: { type, repeats, promptTokens, newTokens, decodeTokens, insertTokens },
    results: results.map((r) => ({
      ...r,
      summary: {
        prefillTokensPerSecond: rateSummary(r.rates.map((x) => x.prefillTokensPerSecond)),
        decodeTokensPerSecond: rateSummary(r.rates.map((x) => x.decodeTokensPerSecond)),
        prefillTokensPerWallSecond: rateSummary(r.rates.map((x) => x.prefillTokensPerWallSecond)),
        decodeTokensPerWallSecond: rateSummary(r.rates.map((x) => x.decodeTokensPerWallSecond)),
      },
    })),
  };
  writeFileSync(jsonOut, JSON.stringify(file, null, 2) + '\n');
  console.log(`wrote ${jsonOut}`);
}
