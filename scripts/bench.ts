/**
 * The benchmark CLI: runs the strategy matrix in Node and prints one markdown table.
 *   npm run bench -- [settings] [bench flags]
 *   npm run bench -- --help          (every flag: the run's settings come from the settings schema,
 *                                     core/run/settings.ts, spelled as in links; docs/settings.md)
 *   npm run bench -- --generalization [--json out.json]
 *     Per strategy, the bundled test split beside the development set's (eval/dev-sets/: GitHub for
 *     RestBench, the clinic for SLATE), with 95% intervals and the difference.
 *   npm run bench -- --embed [--json out.json]
 *     The embedders instead of the strategies: tie-aware recall@5 on the held-out test-split
 *     (task, gold tool) pairs of every environment, model load time, and ms to embed 1,000
 *     distinct tool descriptions on a fresh instance, for toolwise-simcse and lexical; recall@5 on
 *     the development sets' train-half pairs (which the encoder never trains on); and the share of
 *     the task texts' words the bundled encoder's vocabulary knows.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InThreadRunner, createModelResolver } from '../src/core/run/runner';
import { LLAMA_PREFIX } from '../src/core/llm/model-families';
import { runPooled } from './node-pool';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import { loadNodeData } from './node-data';
import { markdownTable, toBenchRow } from './bench-table';
import { benchPrice, priceText } from '../src/core/run/prices';
import { ENVIRONMENTS } from '../src/core/envs';
import { benchEmbedderEntry, loadNodeEmbedder } from './node-embedder';
import { coverageMarkdownTable, embedMarkdownTable, roundRow, runEmbedBench } from './bench-embed';
import { traceLines } from './trace-lines';
import { parseSweep, runSweep, sweepKeyText } from '../src/core/run/sweep';
import { roundPoint, sweepMarkdownTable } from './sweep-table';
import { pairedDifferences, type PairedDifference } from '../src/core/run/paired';
import { aggregate } from '../src/core/run/aggregate';
import { CLAIMS, evaluateClaims, formatClaimValue, claimRuns, claimsOfRun, controlRuns, runKey, sampleText, type ClaimResult, type ClaimRun } from '../src/core/run/claims';
import type { TaskResult } from '../src/core/run/results';
import { cliOptions, configFromCli, flagValue, joinNegativeValues, settingsHelp } from '../src/core/run/settings-cli';
import { settingNamed } from '../src/core/run/settings';
import { generalizationTable, runGeneralization } from './bench-generalization';
import { claimCostsTable } from './claim-costs-table';


/**
 * Runs each claim group once (same tasks and seeds for every strategy in it) on the preset of the
 * paper's model class, or on `model` where --model was given, then evaluates the group's claims.
 */
async function runClaims(runner: InThreadRunner, config: RunConfig, model: string | undefined, json: string | undefined) {
  const claims: ClaimResult[] = [];
  // The controls first (issue 41 item 2): each claim reads its control run beside its own.
  const controls = new Map<string, TaskResult[]>();
  const runOne = async (run: ClaimRun) => {
    const started = performance.now();
    const params = { ...config.params };
    for (const [strategy, values] of Object.entries(run.params ?? {})) params[strategy] = { ...params[strategy], ...values };
    const result = await runner.run({ ...config, model: model ?? run.model, envs: [run.env], strategies: run.strategies, params, ...(run.dials ? { dials: { ...config.dials, ...run.dials } } : {}) });
    console.log(`${run.env} on ${model ?? run.model}: ${run.strategies.join(', ')}${run.params ? ` ${JSON.stringify(run.params)}` : ''}${run.dials ? ` dials ${JSON.stringify(run.dials)}` : ''}: ${result.results.length} task runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  for (const run of controlRuns()) controls.set(runKey(run), (await runOne(run)).results);
  for (const run of claimRuns()) {
    const result = await runOne(run);
    claims.push(...evaluateClaims(claimsOfRun(run), result.results, model ?? run.model, { cache: config.cache, localDevice: config.localDevice, temperatures: result.temperatures }, (control) => controls.get(runKey(control))));
  }
  claims.sort((a, b) => claimIndex(a) - claimIndex(b));
  const f = formatClaimValue;
  console.log(`\nmodels: ${model ?? "each claim's preset"}; asked for ${config.tasks} tasks x ${config.seeds} seeds from seed ${config.seed} (each claim's own sample in its row); split ${config.split}; temperature: ${config.temperature ?? "each environment's paper"}\n`);
  console.log("| paper | claim | paper's figure | paper's model (compared with) | ours [95% CI] | sample | temperature | verdict |\n|---|---|---|---|---:|---|---:|---|");
  for (const c of claims) console.log(`| ${c.paper} | ${c.claim} | ${c.paperValue} | ${c.modelRow} | ${f(c.ours, c.metric)} [${f(c.low, c.metric)}, ${f(c.high, c.metric)}]${c.beside ? `; ${c.beside.label}: ${f(c.beside.ours, c.metric)} [${f(c.beside.low, c.metric)}, ${f(c.beside.high, c.metric)}]` : ''} | ${sampleText(c.sample)} | ${c.temperature ?? ''} | ${c.verdict}${c.why ? `: ${c.why}` : ''} |`);
  for (const c of claims.filter((c) => c.control)) {
    const k = c.control!;
    console.log(`control of ${c.paper}, ${c.claim}: ${k.label}: ${f(k.ours, c.metric)} [${f(k.low, c.metric)}, ${f(k.high, c.metric)}] on ${sampleText(k.sample)}; the mechanism's part (claim less control): ${f(k.mechanism, c.metric)}`);
  }
  const costs = claimCostsTable(claims);
  if (costs.length) console.log(`\nFewer input tokens, as a local engine meets them (cache: ${config.cache ?? 'none'}; seconds on each device profile${config.localDevice ? ` and on ${config.localDevice}` : ''}):\n\n${costs.join('\n')}`);
  if (json) {
    await writeFile(json, JSON.stringify({ model: model ?? 'preset of each claim', embedder: config.embedder, split: config.split, tasks: config.tasks, seeds: config.seeds, temperature: config.temperature ?? 'paper', cache: config.cache ?? 'none', ...(config.localDevice ? { localDevice: config.localDevice } : {}), claims }, null, 2) + '\n');
    console.log(`wrote ${json}`);
  }
}

const claimIndex = (c: ClaimResult) => CLAIMS.findIndex((spec) => spec.paper === c.paper && spec.claim === c.claim);

/** Runs the sweep (one run per value, in order) and prints its table; --json writes {"sweep":{key, values, points}}. */
async function runSweepCli(runner: InThreadRunner, config: RunConfig, text: string, json: string | undefined) {
  const sweep = parseSweep(text);
  let started = performance.now();
  const result = await runSweep(config, sweep, (each) => runner.run(each), {
    onPoint: (points, run) => {
      console.log(`${sweepKeyText(sweep.key)} = ${points[0]?.value}: ${run.results.length} task runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      started = performance.now();
    },
  });
  if (result.status !== 'done') {
    console.error(`The sweep ended early (${result.status})${result.error ? `: ${result.error}` : ''}; the table holds the values that finished.`);
    process.exitCode = 1;
  }
  const dials = Object.entries(config.dials ?? {}).map(([key, value]) => `, ${key}=${value}`).join('');
  console.log(`\nmodel: ${config.model}${dials}${config.constrained ? '; constrained actions' : ''}; embedder: ${config.embedder}; split: ${config.split}; ${config.tasks} tasks x ${config.seeds} seed${config.seeds === 1 ? '' : 's'} from seed ${config.seed}; sweep: ${result.label}\n`);
  console.log(sweepMarkdownTable(result));
  if (json) {
    const { key, label, values, status, error, points } = result;
    await writeFile(json, JSON.stringify({ model: config.model, embedder: config.embedder, sweep: { key, label, values, status, ...(error ? { error } : {}), points: points.map(roundPoint) } }, null, 2) + '\n');
    console.log(`wrote ${json}`);
  }
}

/** Paired differences as markdown: the mean difference with its 95% bootstrap interval, and the runs only one side solved. */
function pairedTable(rows: PairedDifference[]): string {
  const f = (v: number, column: string) => (column === 'success' ? `${(v * 100).toFixed(1)} pp` : column === 'progress' ? v.toFixed(3) : v.toFixed(1));
  const lines = rows.map((d) => `| ${d.env} | ${d.strategy} - ${d.baseline} | ${d.column} | ${f(d.difference, d.column)} [${f(d.interval[0], d.column)}, ${f(d.interval[1], d.column)}] | ${d.pairs} | ${d.column === 'success' ? `${d.onlyStrategy.length} / ${d.onlyBaseline.length}` : ''} |`);
  return ['| env | paired difference | column | mean [95% CI] | pairs | solved only by strategy / only by baseline |', '|---|---|---|---:|---:|---:|', ...lines].join('\n');
}


/** The bench's own flags (what it prints or writes, and what it runs instead of a table); the run's settings come from the schema. */
const BENCH_FLAGS = {
  json: { type: 'string', arg: 'FILE', help: 'write the rows as JSON' },
  traces: { type: 'string', arg: 'FILE.jsonl', help: 'write one JSON line per step' },
  results: { type: 'string', arg: 'FILE', help: 'write each task run (env, strategy, task, seed, success, progress, calls, tokens, metrics) as JSON, to pair runs of different code task by task (scripts/docs-figures.ts)' },
  data: { type: 'string', arg: 'F', help: 'your own SLATE cases (--envs slate) or RestBench queries (--envs restapi)' },
  tools: { type: 'string', arg: 'F', help: 'with --data: your own SLATE tool library (the bundled one otherwise)' },
  spec: { type: 'string', arg: 'F', help: 'with --data: your own RestBench OpenAPI spec (the bundled Spotify spec otherwise)' },
  'api-key-env': { type: 'string', arg: 'VAR', help: "read the server's API key from this environment variable (never from the command line)" },
  price: { type: 'string', arg: 'IN,OUT[,CACHED]', help: "the model's price in dollars per million input, output and cached-input tokens, for the dollars column (an openai: server costs $0 without it; the presets have theirs)" },
  sweep: { type: 'string', arg: 'key=from:to:steps', help: "one run per value, evenly spaced with both ends (2 to 50 steps); keys: tasks, seeds, <strategy>.<param>, sim.<skill>; prints each strategy's success and cost per value with 95% intervals (--json writes {\"sweep\":{...}})" },
  'by-kind': { type: 'boolean', default: false, help: 'also print the rows per task kind (household task type, ToolBench tool scale, ...)' },
  claims: {
    type: 'boolean',
    default: false,
    help: "the papers' headline claims instead of a table (60 tasks x 3 seeds unless told): each one's run on the SimLM preset of the paper's model class (or on --model where given), our figure with its 95% interval, and the verdict on the paper's figure and size (--json writes {\"claims\":[...]}; docs/claims.md)",
  },
  generalization: {
    type: 'boolean',
    default: false,
    help: 'each RestBench and SLATE strategy on the bundled test split and on the development set\'s (eval/dev-sets/), side by side with 95% intervals and the difference, also with an interval that resamples seeds (every test task x 3 seeds unless told; --envs and --strategies narrow it; --json writes {"generalization":[{"env","set","strategy","metric","value","low","high"}]})',
  },
  embed: { type: 'boolean', default: false, help: 'the embedder bench instead of the strategies' },
  help: { type: 'boolean', default: false, help: 'this text' },
} as const;

const BENCH_OPTIONS = Object.fromEntries(Object.entries(BENCH_FLAGS).map(([name, f]) => [name, { type: f.type, ...('default' in f ? { default: f.default } : {}) }])) as {
  [K in keyof typeof BENCH_FLAGS]: { type: (typeof BENCH_FLAGS)[K]['type'] };
};

/** The bench's defaults where they differ from a run config's (30 x 1; 60 x 3 with --claims). */
const benchBase = (claims: boolean, generalization = false): RunConfig => ({ ...DEFAULT_RUN_CONFIG, envs: ['household', 'academic'], tasks: claims ? 60 : generalization ? 10_000 : 30, seeds: claims || generalization ? 3 : 1 });

/** --help: the schema's settings, then the bench's own flags. */
function usage(): string {
  const own = Object.entries(BENCH_FLAGS).map(([name, f]) => `  ${`--${name}${'arg' in f ? ` ${f.arg}` : ''}`.padEnd(33)} ${f.help}`);
  return ['Usage: npm run bench -- [settings] [bench flags]', '', settingsHelp(benchBase(false)), '', 'Bench flags:', ...own, '', 'Older spellings still read: --env (--envs), --param s.key=value (--s.key value), --dial skill=value (--sim.skill value).'].join('\n');
}

/** The bench's own flags as parsed (the run config's come from its property table). */
type BenchValues = ReturnType<typeof parseBenchFlags>['values'];
const parseBenchFlags = () => parseArgs({ options: BENCH_OPTIONS });
type ParsedFlags = BenchValues & Record<string, string | string[] | boolean | undefined>;

async function main() {
  // The run's settings (--tasks, --egb-logits.tau, --sim.kappa, --workers, ...) come from the settings schema; BENCH_FLAGS are the bench's own.
  const values = parseArgs({ args: joinNegativeValues(process.argv.slice(2)), options: { ...cliOptions(), ...BENCH_OPTIONS } }).values as ParsedFlags;
  if (values.help) {
    console.log(usage());
    return;
  }
  if (values.sweep) {
    // A sweep is many runs with its own table: the claims, paired differences, per-kind rows and traces are of one run.
    const clash = (['claims', 'embed', 'baseline', 'by-kind', 'traces', 'results'] as const).find((flag) => values[flag]);
    if (clash) throw new Error(`--sweep and --${clash} do not combine: a sweep prints its own table over many runs. Leave one out.`);
  }
  const workers = values.workers === undefined ? 1 : (flagValue(settingNamed('workers')!, values.workers as string) as number);
  if (workers > 1) {
    const clash = (['sweep', 'claims', 'embed', 'data'] as const).find((flag) => values[flag]);
    if (clash) throw new Error(`--workers and --${clash} do not combine: --workers splits one run of the bundled data. Leave one out.`);
  }
  if (values.embed) {
    const { rows, selection, coverage } = await runEmbedBench();
    console.log(embedMarkdownTable(rows));
    console.log(`\nWords of the task texts the bundled encoder's vocabulary knows:\n\n${coverageMarkdownTable(coverage)}`);
    if (values.json) {
      await writeFile(values.json, JSON.stringify({ embed: rows.map(roundRow), coverage, texts: { count: selection.texts.length, source: selection.source, cycled: selection.cycled } }, null, 2) + '\n');
      console.log(`wrote ${values.json}`);
    }
    return;
  }
  // --claims needs enough runs for its intervals to mean something: 60 tasks x 3 seeds unless told.
  const config = configFromCli(values, benchBase(Boolean(values.claims), Boolean(values.generalization)));
  const embedder = benchEmbedderEntry(config.embedder);
  // Checked before any run, so a mistyped --price costs no run.
  const price = benchPrice(config.model, values.price);
  const keyVar = values['api-key-env'];
  if (keyVar && !process.env[keyVar]) throw new Error(`--api-key-env ${keyVar}: the environment variable ${keyVar} is not set.`);
  const apiKey = keyVar ? process.env[keyVar] : undefined;
  // llama:<file.gguf> runs in process through node-llama-cpp (loaded only when a run asks for it),
  // on 1 thread: the fastest measured on this project's CPU machines (docs/models.md).
  const llama = config.model.startsWith(LLAMA_PREFIX) ? (await import('./llama/llama-model.ts')).createLlamaResolver({ threads: 1 }) : undefined;
  const resolver = createModelResolver({ apiKeyFor: () => apiKey, http: { onRetry: (text) => console.error(`retry: ${text}`) }, ...(llama ? { llama } : {}) });
  const runner = new InThreadRunner(loadNodeData, resolver, ENVIRONMENTS, loadNodeEmbedder);
  if (values.data || values.tools || values.spec) {
    // Your own data: SLATE cases (+ --tools) or RestBench queries (+ --spec); a file left out comes from the bundled data, as on the page.
    const envId = config.envs.find((id) => id === 'slate' || id === 'restapi');
    if (!envId || !values.data) throw new Error('--data (with --tools for SLATE or --spec for RestBench) needs --env slate or --env restapi.');
    const read = async (path: string) => {
      const text = await readFile(path, 'utf8');
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new Error(`${path} is not valid JSON: ${error instanceof Error ? error.message : error}`);
      }
    };
    const [primary, secondary, given] = envId === 'slate' ? ['cases', 'tools', values.tools] : ['queries', 'spec', values.spec];
    const files = ENVIRONMENTS[envId].dataFiles!;
    const dataset = runner.importDataset(envId, { [primary]: await read(values.data), [secondary]: given ? await read(given) : await loadNodeData(files[secondary]) });
    console.log(`imported ${dataset.tasks.length} ${envId} tasks from ${values.data}${given ? ` with ${given}` : ` with the bundled ${secondary}`}`);
    for (const item of dataset.skipped ?? []) console.log(`left out ${item.id}: ${item.reason}`);
    for (const note of dataset.notes ?? []) console.log(`note: ${note}`);
  }
  if (values.sweep) {
    await runSweepCli(runner, config, values.sweep, values.json);
    return;
  }
  if (values.generalization) {
    if (values.data || values.claims || values.sweep) throw new Error('--generalization runs the bundled data and the development sets itself; leave out --data, --claims and --sweep.');
    const only = { envs: values.envs ? config.envs : undefined, strategies: values.strategies ? config.strategies : undefined };
    const rows = await runGeneralization(() => new InThreadRunner(loadNodeData, resolver, ENVIRONMENTS, loadNodeEmbedder), config, (line) => console.log(line), only);
    console.log(`\nmodel: ${config.model}; embedder: ${config.embedder}; test split, up to ${config.tasks} tasks per set x ${config.seeds} seed${config.seeds === 1 ? '' : 's'} from seed ${config.seed}\n`);
    console.log(generalizationTable(rows));
    if (values.json) {
      const round = (v: number) => Number(v.toFixed(4));
      await writeFile(values.json, JSON.stringify({ model: config.model, embedder: config.embedder, seeds: config.seeds, generalization: rows.map((r) => ({ ...r, value: round(r.value), low: round(r.low), high: round(r.high) })) }, null, 2) + '\n');
      console.log(`wrote ${values.json}`);
    }
    return;
  }
  if (values.claims) {
    await runClaims(runner, config, typeof values.model === 'string' ? config.model : undefined, values.json);
    return;
  }
  const started = performance.now();
  const result = workers > 1 ? await runPooled(config, workers) : await runner.run(config);
  if (result.status === 'error') {
    // The rows below hold what finished before the server stopped answering.
    console.error(`The run ended early: ${result.error}`);
    process.exitCode = 1;
  }
  const rows = result.rows.map((row) => toBenchRow(row, price, result.temperatures?.[row.env]));
  console.log(`model: ${result.model.label}${result.model.simulated && !/simulated/i.test(result.model.label) ? ' (simulated)' : ''}${config.constrained ? '; constrained actions' : ''}; embedder: ${result.embedder?.label ?? embedder.label}; split: ${config.split}; seeds: ${config.seeds} from ${config.seed}; temperature: ${temperatureText(result.temperatures, config)}`);
  console.log(markdownTable(rows));
  console.log(`prices: $${priceText(price)} per million input, output${price.cachedInput !== undefined ? ', cached-input' : ''} tokens (${price.note})`);
  for (const record of result.learning) {
    console.log(`learning: ${record.strategy} on ${record.env} (seed ${record.seed}): ${record.tasks} training tasks, ${record.llmCalls} LLM calls, ${record.promptTokens} prompt tokens, ${(record.ms / 1000).toFixed(2)} s`);
  }
  // A pool's threads embedded with embedders of their own.
  if (embedder.source === 'bundled' && workers === 1) {
    const { stats } = await runner.modelEmbedder(embedder.id, config.embedDevice);
    console.log(`embedder: ${stats.texts} distinct texts embedded in ${stats.batches} batches, ${(stats.ms / 1000).toFixed(2)} s`);
  }
  if (values['by-kind']) {
    // The same aggregation with the task kind as part of the environment's name.
    const byKind = aggregate(result.results.map((r) => ({ ...r, env: `${r.env}:${r.taskKind}` })));
    console.log(`\nBy task kind:\n${markdownTable(byKind.map((row) => toBenchRow(row, price, result.temperatures?.[row.env.split(':')[0]])))}`);
  }
  const baseline = values.baseline === undefined ? undefined : (flagValue(settingNamed('baseline')!, values.baseline as string) as string);
  const paired = baseline ? pairedDifferences(result.results, baseline) : [];
  if (baseline) console.log(`\n${pairedTable(paired)}`);
  console.log(`\n${result.results.length} task runs in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  if (values.json) {
    await writeFile(values.json, JSON.stringify({ embedder: embedder.id, rows, ...(baseline ? { paired: paired.map(({ onlyStrategy, onlyBaseline, ...rest }) => ({ ...rest, onlyStrategy: onlyStrategy.length, onlyBaseline: onlyBaseline.length })) } : {}) }, null, 2) + '\n');
    console.log(`wrote ${values.json}`);
  }
  if (values.results) {
    // Each task run without its trace: what a pairing of two runs of different code reads (docs-figures.ts).
    const results = result.results.map(({ ms: _, ...r }) => r);
    await writeFile(values.results, JSON.stringify({ model: config.model, embedder: embedder.id, split: config.split, tasks: config.tasks, seeds: config.seeds, temperatures: result.temperatures, learning: result.learning.map(({ ms: _, ...l }) => l), results }) + '\n');
    console.log(`wrote ${results.length} task runs to ${values.results}`);
  }
  if (values.traces) {
    const lines = traceLines(result);
    await writeFile(values.traces, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    console.log(`wrote ${lines.length} steps to ${values.traces}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof TypeError && /ERR_PARSE_ARGS/.test(String((error as { code?: string }).code))) {
    console.error(`${error.message}\n\n${usage()}`);
    process.exit(2);
  }
  const problems = (error as { problems?: { caseId: string; path: string; message: string }[] }).problems;
  if (problems) for (const p of problems) console.error(`${p.caseId ? `case ${p.caseId}: ` : ''}${p.path}: ${p.message}`);
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});

/** Which temperature each environment sampled at, and whether it was the paper's or the run's. */
function temperatureText(temperatures: Record<string, number> | undefined, config: { temperature?: number }): string {
  const each = Object.entries(temperatures ?? {}).map(([env, t]) => `${env} ${t}`).join(', ');
  return `${each || 'model default'} (${config.temperature === undefined ? "each environment's paper" : 'set for the run'})`;
}
