import { ENVIRONMENTS } from '../src/core/envs';
import type { Embedder } from '../src/core/embed/embedder';
import { EMBEDDERS } from '../src/core/embed/embedder-catalog';
import { toolText, type ExpertWalk } from '../src/core/embed/expert-walks';
import { fitLexicalEmbedder } from '../src/core/embed/fit-lexical';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { PipelineEmbedder, type ExtractFn } from '../src/core/embed/pipeline-embedder';
import { recallAtK } from '../src/core/embed/recall';
import type { Dataset } from '../src/core/types';
import { bundledWalks, devWalks, loadDataset } from './embedder/corpus';
import { coverage, type Coverage } from './embedder/coverage';
import { loadNodeEmbedder, MODELS_DIR } from './node-embedder';
import { DEV_SETS, devSetDataset } from '../test/fixtures/dev-sets';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One embedder's line of `npm run bench -- --embed`, as written to JSON. */
export interface EmbedBenchRow {
  embedder: string;
  label: string;
  /** Tie-aware recall@5 over the held-out (task text, gold tool) pairs of every environment, pooled. */
  recallAt5: number;
  pairs: number;
  /** Recall@5 and pairs per environment. */
  perEnv: Record<string, { recallAt5: number; pairs: number }>;
  /**
   * Recall@5 on the development sets' train-half pairs (eval/dev-sets/, data nobody here wrote and
   * the encoder never trained on), pooled, and per set (`restapi:github`, `slate:clinic`).
   */
  dev?: { recallAt5: number; pairs: number; perSet: Record<string, { recallAt5: number; pairs: number }> };
  /** Milliseconds to embed 1,000 distinct tool descriptions on a fresh instance (median of the runs). */
  msPer1000: number;
  /** Every timed run, scaled to 1,000 texts; the first one follows the load directly. */
  msRuns: number[];
  /** Model load (bundled models only). */
  loadMs?: number;
  /** Fitting the lexical embedder's IDF statistics for the timed texts (not part of msPer1000). */
  fitMs?: number;
}

/** The texts the timing embeds, and where they come from. */
export interface TextSelection {
  texts: string[];
  /** `slate` when one environment had enough, otherwise `all`. */
  source: string;
  /** Whether the distinct texts ran out and were repeated with a ` #2`, ` #3`, … suffix. */
  cycled: boolean;
}

/**
 * `count` distinct texts, deterministically: the first `count` distinct texts of the preferred
 * pool if it has that many, otherwise the distinct texts of all pools in order, repeated with a
 * ` #2`, ` #3`, … suffix where they run out (so a cache never serves a repeat).
 */
export function selectTexts(pools: Record<string, string[]>, count: number, preferred = 'slate'): TextSelection {
  const distinct = (texts: string[]) => [...new Set(texts)];
  const own = distinct(pools[preferred] ?? []);
  if (own.length >= count) return { texts: own.slice(0, count), source: preferred, cycled: false };
  const all = distinct([...(pools[preferred] ?? []), ...Object.entries(pools).filter(([id]) => id !== preferred).flatMap(([, texts]) => texts)]);
  if (all.length === 0) throw new Error('No texts to embed.');
  const texts: string[] = all.slice(0, count);
  const seen = new Set(texts);
  for (let round = 2; texts.length < count; round++) {
    for (const text of all) {
      if (texts.length >= count) break;
      const copy = `${text} #${round}`;
      if (!seen.has(copy)) {
        seen.add(copy);
        texts.push(copy);
      }
    }
  }
  return { texts, source: 'all', cycled: all.length < count };
}

/** Milliseconds for `count` texts scaled to exactly 1,000. */
export const per1000 = (ms: number, count: number) => (ms * 1000) / count;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Pools per-environment recall into one figure over all pairs (as the retrieval test does). */
export function pooledRecall(perEnv: Record<string, { recallAt5: number; pairs: number }>): { recallAt5: number; pairs: number } {
  let hits = 0;
  let pairs = 0;
  for (const env of Object.values(perEnv)) {
    hits += env.recallAt5 * env.pairs;
    pairs += env.pairs;
  }
  return { recallAt5: pairs === 0 ? 0 : hits / pairs, pairs };
}

/** The rows as a markdown table: pooled recall@5, recall@5 per environment, load and embed times. */
export function embedMarkdownTable(rows: EmbedBenchRow[]): string {
  const envs = [...new Set(rows.flatMap((row) => Object.keys(row.perEnv)))];
  const sets = [...new Set(rows.flatMap((row) => Object.keys(row.dev?.perSet ?? {})))];
  const percent = (value: number | undefined) => (value === undefined ? '' : `${(value * 100).toFixed(1)}%`);
  const devHeader = sets.length > 0 ? ` dev train halves (pairs) |${sets.map((set) => ` ${set} |`).join('')}` : '';
  const header = `| embedder | recall@5 (pairs) |${envs.map((env) => ` ${env} |`).join('')}${devHeader} load ms | ms / 1,000 texts |`;
  const align = `|---|---:|${envs.map(() => '---:|').join('')}${sets.length > 0 ? '---:|' : ''}${sets.map(() => '---:|').join('')}---:|---:|`;
  const lines = rows.map((row) => {
    const dev = sets.length > 0 ? ` ${row.dev ? `${percent(row.dev.recallAt5)} (${row.dev.pairs})` : ''} |${sets.map((set) => ` ${percent(row.dev?.perSet[set]?.recallAt5)} |`).join('')}` : '';
    return `| ${row.embedder} | ${percent(row.recallAt5)} (${row.pairs}) |${envs.map((env) => ` ${percent(row.perEnv[env]?.recallAt5)} |`).join('')}${dev} ${row.loadMs === undefined ? '' : row.loadMs.toFixed(0)} | ${row.msPer1000.toFixed(1)} |`;
  });
  return [header, align, ...lines].join('\n');
}

/** The coverage table: per query set, the share of its words the bundled encoder's vocabulary knows whole, and spells without single letters. */
export function coverageMarkdownTable(rows: Record<string, Coverage>): string {
  const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  return [
    '| queries | words | known whole (or stem + inflection) | known as subwords (no single letters) |',
    '|---|---:|---:|---:|',
    ...Object.entries(rows).map(([name, c]) => `| ${name} | ${c.words} | ${percent(c.whole, c.words)} | ${percent(c.subword, c.words)} |`),
  ].join('\n');
}

/**
 * Coverage of the bundled encoder's vocabulary (its tokenizer.json) over the task texts of the
 * bundled test splits and of the development sets' train halves.
 */
export async function vocabularyCoverage(model = 'toolwise-simcse'): Promise<Record<string, Coverage>> {
  const tokenizer = JSON.parse(await readFile(join(MODELS_DIR, model, 'tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> } };
  const vocab = new Set(Object.keys(tokenizer.model.vocab));
  const rows: Record<string, Coverage> = {};
  const test = await bundledWalks('test');
  for (const id of Object.keys(ENVIRONMENTS)) rows[`${id} (bundled test)`] = coverage(test.filter((walk) => walk.env === id).map((walk) => walk.goal), vocab);
  for (const set of DEV_SETS) {
    const goals = devSetDataset(set.env).tasks.filter((task) => task.split === 'train').map((task) => task.goal);
    rows[`${set.env}:${set.set} (dev train half)`] = coverage(goals, vocab);
  }
  return rows;
}

/** Rounds a row's figures for JSON. */
export function roundRow(row: EmbedBenchRow): EmbedBenchRow {
  const r = (value: number, digits: number) => Number(value.toFixed(digits));
  return {
    ...row,
    recallAt5: r(row.recallAt5, 4),
    perEnv: Object.fromEntries(Object.entries(row.perEnv).map(([env, value]) => [env, { recallAt5: r(value.recallAt5, 4), pairs: value.pairs }])),
    ...(row.dev ? { dev: { recallAt5: r(row.dev.recallAt5, 4), pairs: row.dev.pairs, perSet: Object.fromEntries(Object.entries(row.dev.perSet).map(([set, value]) => [set, { recallAt5: r(value.recallAt5, 4), pairs: value.pairs }])) } } : {}),
    msPer1000: r(row.msPer1000, 2),
    msRuns: row.msRuns.map((ms) => r(ms, 2)),
    ...(row.loadMs !== undefined ? { loadMs: r(row.loadMs, 1) } : {}),
    ...(row.fitMs !== undefined ? { fitMs: r(row.fitMs, 2) } : {}),
  };
}

async function timeEmbed(fresh: () => Embedder, texts: string[]): Promise<number> {
  const embedder = fresh();
  const started = performance.now();
  const vectors = await embedder.embed(texts);
  const ms = performance.now() - started;
  if (vectors.length !== texts.length) throw new Error(`${embedder.id} returned ${vectors.length} vectors for ${texts.length} texts.`);
  return per1000(ms, texts.length);
}

export interface EmbedBenchResult {
  rows: EmbedBenchRow[];
  selection: TextSelection;
  /** Vocabulary coverage of the bundled encoder, per query set. */
  coverage: Record<string, Coverage>;
}

/**
 * The embedder benchmark: for the bundled model and the lexical embedder, tie-aware recall@5 over
 * the held-out test-split pairs of every environment, and the time to embed 1,000 distinct tool
 * descriptions on fresh instances (no cache), `runs` times.
 */
export async function runEmbedBench(runs = 3, log: (line: string) => void = console.log): Promise<EmbedBenchResult> {
  const datasets: Record<string, Dataset> = {};
  for (const [id, spec] of Object.entries(ENVIRONMENTS)) datasets[id] = await loadDataset(spec);
  const pools = Object.fromEntries(Object.entries(ENVIRONMENTS).map(([id, spec]) => [id, spec.create(datasets[id]).tools().map(toolText)]));
  const selection = selectTexts(pools, 1000);
  log(`timing on 1,000 tool descriptions from ${selection.source === 'all' ? 'all environments' : selection.source}${selection.cycled ? ' (too few distinct: repeated with a #n suffix)' : ''}; ${runs} runs on fresh instances, median`);
  const test = await bundledWalks('test');
  const byEnv = (id: string) => test.filter((walk: ExpertWalk) => walk.env === id);
  const dev = devWalks('train');
  const devRecall = async (embedderFor: (set: (typeof DEV_SETS)[number]) => Embedder): Promise<NonNullable<EmbedBenchRow['dev']>> => {
    const perSet: Record<string, { recallAt5: number; pairs: number }> = {};
    for (const set of DEV_SETS) {
      const name = `${set.env}:${set.set}`;
      const { recall, pairs } = await recallAtK(embedderFor(set), dev.filter((walk) => walk.env === name), 5);
      perSet[name] = { recallAt5: recall, pairs };
    }
    return { ...pooledRecall(perSet), perSet };
  };
  const rows: EmbedBenchRow[] = [];

  // The bundled model: load, then time the 1,000 texts right away (the first run includes the
  // first inference), then recall on its own instance.
  const entry = EMBEDDERS['toolwise-simcse'];
  const loadStarted = performance.now();
  const extract: ExtractFn = await loadNodeEmbedder(entry, 'wasm');
  const loadMs = performance.now() - loadStarted;
  const bundledRuns: number[] = [];
  for (let i = 0; i < runs; i++) bundledRuns.push(await timeEmbed(() => new PipelineEmbedder(entry.id, entry.label, extract), selection.texts));
  const bundled = new PipelineEmbedder(entry.id, entry.label, extract);
  const bundledPerEnv: EmbedBenchRow['perEnv'] = {};
  for (const id of Object.keys(ENVIRONMENTS)) {
    const { recall, pairs } = await recallAtK(bundled, byEnv(id), 5);
    bundledPerEnv[id] = { recallAt5: recall, pairs };
  }
  const bundledDev = await devRecall(() => bundled);
  rows.push({ embedder: entry.id, label: entry.label, ...pooledRecall(bundledPerEnv), perEnv: bundledPerEnv, dev: bundledDev, msPer1000: median(bundledRuns), msRuns: bundledRuns, loadMs });

  // The lexical embedder, fitted per environment for recall; for the timing, fitted where the
  // texts come from (SLATE's tools and training goals), the fit timed apart.
  const lexicalPerEnv: EmbedBenchRow['perEnv'] = {};
  for (const [id, spec] of Object.entries(ENVIRONMENTS)) {
    const { recall, pairs } = await recallAtK(fitLexicalEmbedder(spec.create(datasets[id]), datasets[id]), byEnv(id), 5);
    lexicalPerEnv[id] = { recallAt5: recall, pairs };
  }
  // On a development set the lexical embedder is fitted as a run on imported data fits it: the set's tools and train goals.
  const lexicalDev = await devRecall((set) => {
    const dataset = devSetDataset(set.env);
    return fitLexicalEmbedder(ENVIRONMENTS[set.env].create(dataset), dataset);
  });
  const fit = () =>
    selection.source in ENVIRONMENTS ? fitLexicalEmbedder(ENVIRONMENTS[selection.source].create(datasets[selection.source]), datasets[selection.source]) : new LexicalEmbedder(selection.texts);
  const fitStarted = performance.now();
  fit();
  const fitMs = performance.now() - fitStarted;
  const lexicalRuns: number[] = [];
  for (let i = 0; i < runs; i++) lexicalRuns.push(await timeEmbed(fit, selection.texts));
  rows.push({ embedder: 'lexical', label: EMBEDDERS.lexical.label, ...pooledRecall(lexicalPerEnv), perEnv: lexicalPerEnv, dev: lexicalDev, msPer1000: median(lexicalRuns), msRuns: lexicalRuns, fitMs });
  return { rows, selection, coverage: await vocabularyCoverage(entry.model) };
}
