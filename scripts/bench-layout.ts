/**
 * The prompt-layout benchmark (issue 28 item 2; not a test): each environment's strategies under the
 * `paper` and the `cache` prompt layouts (core/llm/prompts/prompt-layout.ts).
 *   npm run bench:layout -- [--envs household,toolbench,slate,restapi] [--strategies ids] [--tasks 60]
 *     [--seeds 3] [--token-tasks 10] [--caches extend,prefix,block] [--model sim:small] [--json FILE]
 * Prints two tables.
 * - Prompt tokens per task and the share found cached under each cache model, per layout. These runs
 *   use --token-tasks x 1 seed, one run per cache model; the cache never changes what a model does.
 * - The paired difference, cache minus paper, on the same tasks and seeds (--tasks x --seeds):
 *   success, progress and prompt tokens, with 95% bootstrap intervals over tasks. This is what
 *   decides whether `cache` may be the default.
 * Learning strategies learn under the layout they are scored with. --token-tasks 0 skips the first table.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';
import { ENVIRONMENTS } from '../src/core/envs';
import { strategiesOn } from './strategies-on';
import { pairedDifferences } from '../src/core/run/paired';
import type { TaskResult } from '../src/core/run/results';
import type { CacheModel } from '../src/core/llm/prompt-cache';
import { PROMPT_LAYOUTS, type PromptLayout } from '../src/core/llm/prompts/prompt-layout';


async function main() {
  const { values } = parseArgs({
    options: {
      envs: { type: 'string', default: 'household,toolbench,slate,restapi' },
      strategies: { type: 'string' },
      tasks: { type: 'string', default: '60' },
      seeds: { type: 'string', default: '3' },
      'token-tasks': { type: 'string', default: '10' },
      caches: { type: 'string', default: 'extend,prefix,block' },
      model: { type: 'string', default: DEFAULT_RUN_CONFIG.model },
      embedder: { type: 'string', default: 'lexical' },
      'no-paired': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const runner = new InThreadRunner(loadNodeData, undefined, ENVIRONMENTS, loadNodeEmbedder);
  const caches = values.caches.split(',').filter(Boolean) as CacheModel[];
  const tokens: { env: string; strategy: string; layout: PromptLayout; promptTokens: number; cached: Record<string, number> }[] = [];
  const paired: { env: string; strategy: string; column: string; difference: number; low: number; high: number; pairs: number; paper: number; cache: number }[] = [];
  for (const env of values.envs.split(',')) {
    const chosen = values.strategies ? values.strategies.split(',').filter((s) => strategiesOn(env).includes(s)) : strategiesOn(env);
    const base: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: [env], strategies: chosen, model: values.model, embedder: values.embedder };
    // Prompt tokens and cached shares.
    for (const layout of Number(values['token-tasks']) > 0 ? PROMPT_LAYOUTS : []) {
      const byStrategy = new Map<string, { promptTokens: number; cached: Record<string, number> }>();
      for (const cache of caches) {
        const started = performance.now();
        const result = await runner.run({ ...base, tasks: Number(values['token-tasks']), seeds: 1, cache, layout });
        console.error(`${env} ${layout} ${cache}: ${result.results.length} task runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        for (const row of result.rows) {
          const entry = byStrategy.get(row.strategy) ?? { promptTokens: row.promptTokens, cached: {} };
          entry.cached[cache] = row.promptTokens > 0 ? (row.cachedPromptTokens ?? 0) / row.promptTokens : 0;
          byStrategy.set(row.strategy, entry);
        }
      }
      for (const [strategy, entry] of byStrategy) tokens.push({ env, strategy, layout, ...entry });
    }
    if (values['no-paired']) continue;
    // Paired outcomes, cache minus paper.
    const runs: Record<PromptLayout, TaskResult[]> = { paper: [], cache: [] };
    for (const layout of PROMPT_LAYOUTS) {
      const started = performance.now();
      const result = await runner.run({ ...base, tasks: Number(values.tasks), seeds: Number(values.seeds), layout });
      console.error(`${env} ${layout} paired: ${result.results.length} task runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      runs[layout] = result.results;
    }
    for (const strategy of chosen) {
      const results = [...runs.paper.filter((r) => r.strategy === strategy).map((r) => ({ ...r, strategy: 'paper' })), ...runs.cache.filter((r) => r.strategy === strategy).map((r) => ({ ...r, strategy: 'cache' }))];
      const mean = (layout: PromptLayout, read: (r: TaskResult) => number) => {
        const rs = runs[layout].filter((r) => r.strategy === strategy);
        return rs.reduce((s, r) => s + read(r), 0) / Math.max(1, rs.length);
      };
      for (const d of pairedDifferences(results, 'paper', ['success', 'progress', 'promptTokens'])) {
        const read = d.column === 'success' ? (r: TaskResult) => (r.success ? 1 : 0) : d.column === 'progress' ? (r: TaskResult) => r.progress : (r: TaskResult) => r.promptTokens;
        paired.push({ env, strategy, column: d.column, difference: d.difference, low: d.interval[0], high: d.interval[1], pairs: d.pairs, paper: mean('paper', read), cache: mean('cache', read) });
      }
    }
  }
  const pct = (v: number | undefined) => (v === undefined ? '' : `${(v * 100).toFixed(1)}%`);
  console.log(`\nmodel: ${values.model}; embedder: ${values.embedder}; prompt tokens and cached shares: ${values['token-tasks']} tasks x 1 seed (test split, seed 1)\n`);
  console.log(`| env | strategy | layout | prompt tokens / task | ${caches.map((c) => `cached, ${c}`).join(' | ')} |\n|---|---|---|---:|${caches.map(() => '---:').join('|')}|`);
  for (const t of tokens) console.log(`| ${t.env} | ${t.strategy} | ${t.layout} | ${Math.round(t.promptTokens).toLocaleString('en-US')} | ${caches.map((c) => pct(t.cached[c])).join(' | ')} |`);
  if (!values['no-paired']) {
    const f = (v: number, column: string) => (column === 'success' ? `${(v * 100).toFixed(1)} pp` : column === 'progress' ? v.toFixed(3) : v.toFixed(0));
    const g = (v: number, column: string) => (column === 'success' ? pct(v) : column === 'progress' ? v.toFixed(3) : v.toFixed(0));
    console.log(`\npaired, cache - paper: ${values.tasks} tasks x ${values.seeds} seeds (test split, from seed 1); 95% bootstrap intervals over tasks\n`);
    console.log('| env | strategy | column | paper | cache | cache - paper [95% CI] | pairs |\n|---|---|---|---:|---:|---:|---:|');
    for (const p of paired) console.log(`| ${p.env} | ${p.strategy} | ${p.column} | ${g(p.paper, p.column)} | ${g(p.cache, p.column)} | ${f(p.difference, p.column)} [${f(p.low, p.column)}, ${f(p.high, p.column)}] | ${p.pairs} |`);
  }
  if (values.json) await writeFile(values.json, JSON.stringify({ model: values.model, embedder: values.embedder, tokenTasks: Number(values['token-tasks']), tasks: Number(values.tasks), seeds: Number(values.seeds), tokens, paired }, null, 2) + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
