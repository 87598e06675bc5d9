import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Token } from 'node-llama-cpp';
import { InThreadRunner, createModelResolver } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import { DEVICE_PROFILES, localSeconds, usageOf } from '../src/core/run/device-profiles';
import type { TaskResult } from '../src/core/run/results';
import { traceKey } from '../src/core/run/results';
import { promptsOf } from '../src/core/llm/prompt-delta';
import { ChatTokenIds, givesIds } from '../src/core/llm/chat-token-ids';
import { loadQwenTokenizer } from '../src/core/llm/qwen-tokenizer';
import type { TraceEvent } from '../src/core/trace';
import { Rng } from '../src/core/rng';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';
import { ENVIRONMENTS } from '../src/core/envs';
import { writeModel } from './engine/write-gguf';
import { createLlamaResolver, type LlamaEngine } from './llama/llama-model';
import { installedEngineVersion } from './engine/engine-bench-file';

/**
 * bench:llama (issue 40 item 4's closing note): strategies run through a real engine in process
 * (llama.cpp, a `llama:` model) and what the engine measured set beside what the project predicts:
 * - cache: the prompt tokens the engine's KV state kept against the `prefix` cache model's
 *   prediction for the same prompts (the run models that cache too: `predictedCachedPromptTokens`);
 * - seconds: the engine's measured seconds (the rows' `localSeconds`, source `engine`) against the
 *   device formula, on a CPU profile and on this model's own rates measured here after the run;
 * - harness overhead: the task's wall time outside the engine over the engine's time;
 * - tokens: the engine's token ids of every prompt against the Qwen tokenizer's.
 * By default on the tiny random-weight model with Qwen2.5's vocabulary (written to /tmp): what it
 * answers means nothing, what it costs is the point. A benchmark, never a test: run it once.
 *   npm run bench:llama -- [--envs household,academic] [--strategies react,reflexion] [--tasks 2] [--model file.gguf] [--json FILE]
 */
const { values } = parseArgs({
  options: {
    envs: { type: 'string', default: 'household' },
    strategies: { type: 'string', default: 'react,reflexion' },
    tasks: { type: 'string', default: '2' },
    model: { type: 'string' },
    profile: { type: 'string', default: 'cpu-qwen2.5-0.5b-q8' },
    embedder: { type: 'string', default: DEFAULT_RUN_CONFIG.embedder },
    json: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('npm run bench:llama -- [--envs household,academic] [--strategies react,reflexion] [--tasks 2] [--model file.gguf] [--profile cpu-qwen2.5-0.5b-q8] [--embedder ID] [--json FILE]');
  process.exit(0);
}
const profile = DEVICE_PROFILES[values.profile];
if (!profile) throw new Error(`--profile: one of ${Object.keys(DEVICE_PROFILES).join(', ')}`);

let path = values.model;
if (!path) {
  const dir = '/tmp/toolwise-llama-bench';
  mkdirSync(dir, { recursive: true });
  path = join(dir, 'tiny-qwen2.5-q8_0-seed7.gguf');
  if (!existsSync(path)) writeModel({ shape: 'tiny-qwen2.5', type: 'q8_0', out: path, seed: 7, vocabulary: 'qwen2.5' });
}
const modelId = `llama:${path}`;
const resolver = createLlamaResolver({ threads: 1 });
const runner = new InThreadRunner(loadNodeData, createModelResolver({ llama: resolver }), ENVIRONMENTS, loadNodeEmbedder);
const config: RunConfig = {
  ...DEFAULT_RUN_CONFIG,
  model: modelId,
  envs: values.envs.split(','),
  strategies: values.strategies.split(','),
  tasks: Number(values.tasks),
  embedder: values.embedder,
  seeds: 1,
  concurrency: 1,
  cache: 'prefix',
  overflow: 'fail',
  localDevice: values.profile,
};

const loadStart = loadavg();
const started = new Date();
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
const result = await runner.run(config);
const wall = (performance.now() - wallStart) / 1000;
const cpuUsed = process.cpuUsage(cpuStart);
const loadEnd = loadavg();
const engine: LlamaEngine = await [...resolver.engines.values()][0];

/** This model's own rates on this machine, measured after the run in the same process: wall-clock and CPU. */
async function ownRates() {
  const rng = new Rng(3);
  const random = (n: number) => Array.from({ length: n }, () => (rng.int(150_000) + 100) as Token);
  const time = async (run: () => Promise<unknown>) => {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await run();
    const used = process.cpuUsage(cpu);
    return { wall: (performance.now() - t) / 1000, cpu: (used.user + used.system) / 1e6 };
  };
  const prefillTokens = 2000;
  const decodeTokens = 128;
  const rows = [];
  for (let r = 0; r < 3; r++) {
    await engine.sequence.clearHistory();
    const prompt = random(prefillTokens);
    const prefill = await time(() => engine.sequence.evaluateWithoutGeneratingNewTokens(prompt));
    let n = 0;
    const decode = await time(async () => {
      for await (const _ of engine.sequence.evaluate([prompt[0]], { temperature: 0 })) if (++n >= decodeTokens) break;
    });
    rows.push({ prefillWall: prefillTokens / prefill.wall, prefillCpu: prefillTokens / prefill.cpu, decodeWall: decodeTokens / decode.wall, decodeCpu: decodeTokens / decode.cpu });
  }
  await engine.sequence.clearHistory();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  return {
    prefillTokens,
    decodeTokens,
    prefillTokensPerWallSecond: median(rows.map((x) => x.prefillWall)),
    decodeTokensPerWallSecond: median(rows.map((x) => x.decodeWall)),
    prefillTokensPerCpuSecond: median(rows.map((x) => x.prefillCpu)),
    decodeTokensPerCpuSecond: median(rows.map((x) => x.decodeCpu)),
  };
}
const own = await ownRates();

// Token ids: every prompt of every task run, the engine's tokenization against the Qwen tokenizer's.
const tokenizer = await loadQwenTokenizer();
if (!givesIds(tokenizer)) throw new Error('The Qwen tokenizer gives no ids.');
const ids = new ChatTokenIds(tokenizer);
type Call = Extract<TraceEvent, { type: 'llm-call' }>;
function tokenCheck(r: TaskResult) {
  const events = result.traces[traceKey({ env: r.env, strategy: r.strategy, seed: r.seed, taskId: r.taskId })] ?? [];
  const prompts = promptsOf(events);
  let checked = 0;
  let equal = 0;
  for (const event of events) {
    if (event.type !== 'llm-call') continue;
    const call = event as Call;
    const messages = prompts.get(call)!;
    const ours = Array.from(ids.ids(messages));
    const theirs = engine.tokenizeChat(messages);
    checked++;
    // A logits call's count is its 11 passes: the prompt, then the prompt and one digit ten times.
    const counted = call.kind === 'logits' ? (call.promptTokens - 10) / 11 : call.promptTokens;
    if (counted === ours.length && theirs.length === ours.length && theirs.every((id, i) => id === ours[i])) equal++;
  }
  return { checked, equal };
}

const sum = (rs: TaskResult[], read: (r: TaskResult) => number) => rs.reduce((total, r) => total + read(r), 0);
const groups = new Map<string, TaskResult[]>();
for (const r of result.results) groups.set(`${r.env}/${r.strategy}`, [...(groups.get(`${r.env}/${r.strategy}`) ?? []), r]);
const ownDevice = { prefillTokensPerSecond: own.prefillTokensPerWallSecond, decodeTokensPerSecond: own.decodeTokensPerWallSecond, overheadSeconds: 0 };
const rows = [...groups.entries()].map(([key, rs]) => {
  const prompt = sum(rs, (r) => r.promptTokens);
  const engineCached = sum(rs, (r) => r.cachedPromptTokens ?? 0);
  const predicted = sum(rs, (r) => r.predictedCachedPromptTokens ?? 0);
  const measured = sum(rs, (r) => r.localSeconds ?? 0);
  const taskWall = sum(rs, (r) => r.ms) / 1000;
  const tokens = rs.map(tokenCheck).reduce((a, b) => ({ checked: a.checked + b.checked, equal: a.equal + b.equal }), { checked: 0, equal: 0 });
  return {
    row: key,
    tasks: rs.length,
    sources: [...new Set(rs.map((r) => r.secondsSource))].join(','),
    callsPerTask: sum(rs, (r) => r.llmCalls) / rs.length,
    logitPassesPerTask: sum(rs, (r) => r.logitPasses) / rs.length,
    promptTokensPerTask: prompt / rs.length,
    completionTokensPerTask: sum(rs, (r) => r.completionTokens) / rs.length,
    engineCacheShare: engineCached / prompt,
    predictedCacheShare: predicted / prompt,
    cacheGapPoints: (100 * (predicted - engineCached)) / prompt,
    measuredSecondsPerTask: measured / rs.length,
    profileSecondsPerTask: sum(rs, (r) => localSeconds(usageOf(r), profile)) / rs.length,
    ownRatesSecondsPerTask: sum(rs, (r) => localSeconds(usageOf(r), ownDevice)) / rs.length,
    harnessOverhead: (taskWall - measured) / measured,
    promptsChecked: tokens.checked,
    promptsEqual: tokens.equal,
  };
});

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const f = (x: number, d = 2) => x.toFixed(d);
const machine = `${cpus()[0]?.model ?? 'this CPU'} (${cpus().length} cores)`;
console.log(`\nbench:llama ${started.toISOString()}: ${modelId}, llama.cpp through node-llama-cpp ${installedEngineVersion()}, 1 thread, on ${machine}; load average ${loadStart.map((x) => x.toFixed(1)).join(', ')} at the start, ${loadEnd.map((x) => x.toFixed(1)).join(', ')} at the end; run ${f(wall, 1)} s wall, ${f((cpuUsed.user + cpuUsed.system) / 1e6, 1)} s CPU`);
console.log(`this model's own rates here, after the run (median of 3; wall / CPU): prefill ${f(own.prefillTokensPerWallSecond, 0)} / ${f(own.prefillTokensPerCpuSecond, 0)} tokens/s over ${own.prefillTokens}, decode ${f(own.decodeTokensPerWallSecond, 0)} / ${f(own.decodeTokensPerCpuSecond, 0)} tokens/s over ${own.decodeTokens}`);
console.log(`tasks ${config.tasks} per environment, seed ${config.seed}, embedder ${config.embedder}, cache prefix (predicted) beside the engine's KV reuse, overflow fail, profile ${values.profile}\n`);
console.log('| env / strategy | tasks | seconds from | calls + logit passes / task | prompt tokens / task | completion / task | engine cache share | prefix model predicts | gap (points) | measured s / task | profile formula s / task | formula on own rates s / task | harness overhead | prompts with equal ids |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.row} | ${r.tasks} | ${r.sources} | ${f(r.callsPerTask, 1)} + ${f(r.logitPassesPerTask, 1)} | ${f(r.promptTokensPerTask, 0)} | ${f(r.completionTokensPerTask, 0)} | ${pct(r.engineCacheShare)} | ${pct(r.predictedCacheShare)} | ${r.cacheGapPoints >= 0 ? '+' : ''}${f(r.cacheGapPoints, 1)} | ${f(r.measuredSecondsPerTask)} | ${f(r.profileSecondsPerTask)} | ${f(r.ownRatesSecondsPerTask)} | ${pct(r.harnessOverhead)} | ${r.promptsEqual} of ${r.promptsChecked} |`,
  );
}
if (values.json) {
  writeFileSync(values.json, JSON.stringify({ date: started.toISOString(), model: modelId, engine: `node-llama-cpp ${installedEngineVersion()}`, threads: 1, machine, loadAverage: { start: loadStart, end: loadEnd }, wallSeconds: wall, cpuSeconds: (cpuUsed.user + cpuUsed.system) / 1e6, config: { envs: config.envs, strategies: config.strategies, tasks: config.tasks, seed: config.seed, cache: config.cache, overflow: config.overflow, profile: values.profile }, ownRates: own, rows }, null, 2) + '\n');
  console.log(`\nwrote ${values.json}`);
}
await resolver.dispose();
