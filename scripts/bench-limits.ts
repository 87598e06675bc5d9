/**
 * What real limits do to each strategy's cost (issue 28, "Bench in the closing note"; not a test):
 * for each environment and strategy, prompt tokens per task, the share a prompt cache finds under
 * `extend` (web-llm), `prefix` (llama.cpp) and `block` (vLLM), dollars at the model's price with
 * no cache and with each cache, and seconds per task on two device profiles, each under its
 * engine's cache: the CPU profile (llama.cpp) under `prefix`, the WebGPU profile (web-llm) under
 * `extend`.
 *   npm run bench:limits -- [--envs household,toolbench,slate,restapi] [--strategies ids] [--tasks 10]
 *     [--seeds 1] [--model sim:small] [--embedder lexical] [--layout paper|cache]
 *     [--listing full|shortlist|fit] [--shortlist-size 100] [--overflow fail|trim] [--window N]
 *     [--cpu cpu-qwen2.5-0.5b-q8] [--webgpu webgpu-m3max-phi3.5-mini] [--json FILE]
 * `--listing` is the run's tool listing (a retrieved shortlist where every tool does not fit the
 * window, issue 28 item 1): with it, each line says the share of task runs that listed the
 * shortlist; with `--overflow`, the share a prompt over the window ended, and trimmed calls.
 * Each strategy runs alone under each cache model (so `block`, one cache per run, holds only that
 * strategy's prompts); a cache never changes what the model does, so the four runs of a strategy
 * make the same calls. Seconds come from each task run's counts through `localSeconds`, their
 * means and 95% intervals from `aggregate`, as the rows' do.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';
import { ENVIRONMENTS } from '../src/core/envs';
import { aggregate } from '../src/core/run/aggregate';
import { costUsd, priceOf } from '../src/core/run/prices';
import { DEVICE_PROFILES, localSeconds, usageOf } from '../src/core/run/device-profiles';
import type { AggregateRow, TaskResult } from '../src/core/run/results';
import type { CacheModel } from '../src/core/llm/prompt-cache';
import type { PromptLayout } from '../src/core/llm/prompts/prompt-layout';
import { strategiesOn } from './strategies-on';
import { LISTING_MODES, type ListingMode } from '../src/core/llm/prompts/listing-mode';
import { OVERFLOW_POLICIES, type OverflowPolicy } from '../src/core/llm/context-window';

const CACHES: CacheModel[] = ['none', 'extend', 'prefix', 'block'];

/** One strategy's row of `--json`'s `lines` (docs-figures reads the file with this type). */
export interface Line {
  env: string;
  strategy: string;
  taskRuns: number;
  promptTokens: number;
  promptTokensLow: number;
  promptTokensHigh: number;
  completionTokens: number;
  /** Cached share of the prompt tokens by cache model. */
  cachedShare: Record<string, number>;
  /** Dollars per task by cache model (`none`: every prompt token at the input price). */
  usd: Record<string, number>;
  cpuSeconds: [number, number, number];
  webgpuSeconds: [number, number, number];
  /** Where the run sets a listing: the share of task runs that listed the shortlist, with its Wilson interval. */
  shortlisted?: [number, number, number];
  /** Where the run checks windows: the share of task runs a prompt over the window ended, and trimmed calls per task run, with intervals. */
  contextOverflows?: [number, number, number];
  trimmedCalls?: [number, number, number];
}

/** A row's column with its 95% interval. */
function withInterval(row: AggregateRow, key: 'shortlisted' | 'contextOverflows' | 'trimmedCalls'): [number, number, number] {
  return [row[key]!, ...row.intervals![key]];
}

/** Mean seconds per task and its 95% interval on a device, from each task run's counts. */
function seconds(results: TaskResult[], device: string): [number, number, number] {
  const profile = DEVICE_PROFILES[device];
  const [row] = aggregate(results.map((r) => ({ ...r, localSeconds: localSeconds(usageOf(r), profile) })));
  return [row.localSeconds!, ...row.intervals!.localSeconds];
}

async function main() {
  const { values } = parseArgs({
    options: {
      envs: { type: 'string', default: 'household,toolbench,slate,restapi' },
      strategies: { type: 'string' },
      tasks: { type: 'string', default: '10' },
      seeds: { type: 'string', default: '1' },
      model: { type: 'string', default: DEFAULT_RUN_CONFIG.model },
      embedder: { type: 'string', default: 'lexical' },
      layout: { type: 'string', default: 'paper' },
      listing: { type: 'string', default: 'full' },
      'shortlist-size': { type: 'string' },
      overflow: { type: 'string' },
      window: { type: 'string' },
      cpu: { type: 'string', default: 'cpu-qwen2.5-0.5b-q8' },
      webgpu: { type: 'string', default: 'webgpu-m3max-phi3.5-mini' },
      json: { type: 'string' },
    },
  });
  if (!(LISTING_MODES as readonly string[]).includes(values.listing)) throw new Error(`--listing is one of ${LISTING_MODES.join(', ')}`);
  if (values.overflow !== undefined && !(OVERFLOW_POLICIES as readonly string[]).includes(values.overflow)) throw new Error(`--overflow is one of ${OVERFLOW_POLICIES.join(', ')}`);
  const listing = values.listing as ListingMode;
  // Only what differs from the defaults goes into the config, as the CLI's own runs do.
  const limits: Partial<RunConfig> = {
    ...(listing !== 'full' ? { listing } : {}),
    ...(values['shortlist-size'] !== undefined ? { shortlistSize: Number(values['shortlist-size']) } : {}),
    ...(values.overflow !== undefined ? { overflow: values.overflow as OverflowPolicy } : {}),
    ...(values.window !== undefined ? { window: Number(values.window) } : {}),
  };
  for (const device of [values.cpu, values.webgpu]) if (!Object.hasOwn(DEVICE_PROFILES, device)) throw new Error(`Unknown device profile ${device}: ${Object.keys(DEVICE_PROFILES).join(', ')}`);
  const runner = new InThreadRunner(loadNodeData, undefined, ENVIRONMENTS, loadNodeEmbedder);
  const price = priceOf(values.model);
  const lines: Line[] = [];
  for (const env of values.envs.split(',')) {
    const chosen = values.strategies ? values.strategies.split(',').filter((s) => strategiesOn(env).includes(s)) : strategiesOn(env);
    for (const strategy of chosen) {
      const base: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: [env], strategies: [strategy], model: values.model, embedder: values.embedder, tasks: Number(values.tasks), seeds: Number(values.seeds), layout: values.layout as PromptLayout, ...limits };
      const byCache: Record<string, TaskResult[]> = {};
      const started = performance.now();
      for (const cache of CACHES) byCache[cache] = (await runner.run({ ...base, ...(cache === 'none' ? {} : { cache }) })).results;
      console.error(`${env} ${strategy}: ${byCache.none.length} task runs x ${CACHES.length} cache models in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const rows = Object.fromEntries(CACHES.map((cache) => [cache, aggregate(byCache[cache])[0]]));
      const none = rows.none;
      lines.push({
        env,
        strategy,
        taskRuns: none.tasks,
        promptTokens: none.promptTokens,
        promptTokensLow: none.intervals!.promptTokens[0],
        promptTokensHigh: none.intervals!.promptTokens[1],
        completionTokens: none.completionTokens,
        cachedShare: Object.fromEntries(CACHES.filter((c) => c !== 'none').map((c) => [c, rows[c].promptTokens > 0 ? rows[c].cachedPromptTokens! / rows[c].promptTokens : 0])),
        usd: Object.fromEntries(CACHES.map((c) => [c, costUsd(rows[c], price)])),
        cpuSeconds: seconds(byCache.prefix, values.cpu),
        webgpuSeconds: seconds(byCache.extend, values.webgpu),
        ...(none.shortlisted !== undefined ? { shortlisted: withInterval(none, 'shortlisted') } : {}),
        ...(none.contextOverflows !== undefined ? { contextOverflows: withInterval(none, 'contextOverflows'), trimmedCalls: withInterval(none, 'trimmedCalls') } : {}),
      });
    }
  }
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  const usd = (v: number) => `$${v < 0.01 ? v.toFixed(5) : v.toFixed(4)}`;
  const s = ([mean, low, high]: [number, number, number]) => `${mean.toFixed(1)} [${low.toFixed(1)}, ${high.toFixed(1)}]`;
  const share = (v: [number, number, number] | undefined) => (v ? `${pct(v[0])} [${pct(v[1])}, ${pct(v[2])}]` : '');
  const listed = listing !== 'full';
  const windowed = values.overflow !== undefined;
  // A line without the field (a strategy the listing does not touch) leaves the cell empty.
  const extra = (l: Line) => `${listed ? ` ${share(l.shortlisted)} |` : ''}${windowed ? ` ${share(l.contextOverflows)} | ${l.trimmedCalls ? s(l.trimmedCalls) : ''} |` : ''}`;
  console.log(
    `\nmodel: ${values.model} (${price.input}/${price.cachedInput ?? price.input}/${price.output} $ per M input/cached input/output); embedder: ${values.embedder}; layout: ${values.layout}; ` +
      `listing: ${listing}${limits.shortlistSize ? ` (shortlist of ${limits.shortlistSize})` : ''}; windows: ${windowed ? `--overflow ${values.overflow}${limits.window ? `, window ${limits.window}` : ''}` : 'not checked'}; ` +
      `${values.tasks} tasks x ${values.seeds} seeds (test split, from seed ${DEFAULT_RUN_CONFIG.seed}); each strategy run alone under each cache model; 95% bootstrap intervals over tasks\n` +
      `seconds: ${values.cpu} under prefix (llama.cpp), ${values.webgpu} under extend (web-llm)${DEVICE_PROFILES[values.webgpu].assumption ? '; the WebGPU profile assumes its prefill rate' : ''}\n`,
  );
  console.log(`| env | strategy |${listed ? ' shortlisted [95% CI] |' : ''}${windowed ? ' context overflows [95% CI] | trimmed calls [95% CI] |' : ''} prompt tokens / task [95% CI] | cached, extend | cached, prefix | cached, block | $ / task, no cache | $, extend | $, prefix | $, block | s, ${values.cpu} (prefix) | s, ${values.webgpu} (extend) |`);
  console.log(`|---|---|${listed ? '---:|' : ''}${windowed ? '---:|---:|' : ''}---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const l of lines) {
    console.log(`| ${l.env} | ${l.strategy} |${extra(l)} ${n(l.promptTokens)} [${n(l.promptTokensLow)}, ${n(l.promptTokensHigh)}] | ${pct(l.cachedShare.extend)} | ${pct(l.cachedShare.prefix)} | ${pct(l.cachedShare.block)} | ${usd(l.usd.none)} | ${usd(l.usd.extend)} | ${usd(l.usd.prefix)} | ${usd(l.usd.block)} | ${s(l.cpuSeconds)} | ${s(l.webgpuSeconds)} |`);
  }
  if (values.json) await writeFile(values.json, JSON.stringify({ model: values.model, embedder: values.embedder, layout: values.layout, listing, ...limits, tasks: Number(values.tasks), seeds: Number(values.seeds), cpu: values.cpu, webgpu: values.webgpu, lines }, null, 2) + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
