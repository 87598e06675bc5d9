/**
 * Writes every measured figure of the docs that the claims table does not hold (docs:claims writes
 * that one) from committed bench JSON, so that no measured figure is copied by hand (issue 41 item 5):
 *
 *   npm run docs:figures                      rewrite every generated block from the committed JSON
 *   npm run docs:figures -- --check           exit 1 where a block differs from what its JSON gives (a test runs it)
 *   npm run docs:figures -- --bench [--only TEXT]
 *                                             rerun the bench commands below (those whose file name holds TEXT),
 *                                             rewrite their JSON, then the blocks (a few minutes in all)
 *   --root DIR                                read and write the docs and JSON under DIR (the test's altered copies)
 *
 * A block sits between two markers that name it and the JSON it is written from:
 *
 *   <!-- figures:ID from FILE[, FILE] (npm run docs:figures; do not edit by hand) -->
 *   ...
 *   <!-- figures:end ID -->
 *
 * The JSON and the bench command that writes each (`npm run bench -- ...`; `--results FILE` writes
 * each task run, which a block aggregates or pairs with another file's runs, task by task):
 *
 *   public/shipped/claims.json         npm run bench -- --claims --embedder toolwise-simcse --cache prefix --json public/shipped/claims.json
 *   public/shipped/default-run.json    npm run ship:default
 *   eval/figures/*.json                SOURCES below; `--bench` runs them (a few minutes each at most on two cores).
 *                                      An entry with a `patch` runs in a scratch worktree of HEAD with that patch
 *                                      applied (the code before a fix, for a paired before/after), removed afterwards:
 *
 *   npx tsx scripts/bench.ts --envs restapi --strategies react,toolexpnet,toolexpnet-no-es,toolexpnet-no-ed,toolexpnet-no-trial --tasks 38 --seeds 5 --model sim:small --embedder lexical --results eval/figures/toolexpnet-restapi.json
 *   npx tsx scripts/bench.ts --envs slate --strategies react,reflexion --tasks 30 --seeds 3 --model sim:small --embedder lexical --reflexion.trials 4 --results eval/figures/reflexion-cap-4.json
 *   npx tsx scripts/bench.ts --envs slate --strategies react,reflexion --tasks 30 --seeds 3 --model sim:small --embedder lexical --reflexion.trials 6 --results eval/figures/reflexion-cap-6.json
 *   npx tsx scripts/bench.ts --envs household --strategies react,autotool-react --tasks 60 --seeds 3 --model sim:small --embedder toolwise-simcse --temperature 1 --results eval/figures/default-story-temperature-1.json
 *   npx tsx scripts/bench.ts --envs restapi --strategies react,reflexion,autotool-react,ecoact-react,toolexpnet --tasks 38 --seeds 3 --model sim:small --embedder toolwise-simcse --results eval/figures/restapi-spotify.json
 *   npx tsx scripts/bench.ts --generalization --envs restapi --seeds 3 --model sim:small --embedder toolwise-simcse --json eval/figures/restapi-generalization.json
 *   npx tsx scripts/bench.ts --envs slate,restapi --strategies react --split train --tasks 1000 --seeds 2 --model sim:small --embedder toolwise-simcse --results eval/figures/calibration-small.json
 *   npx tsx scripts/bench.ts --envs household,academic,restapi --strategies react --split train --tasks 1000 --seeds 2 --model sim:medium --embedder toolwise-simcse --results eval/figures/calibration-medium.json
 *   npx tsx scripts/bench.ts --envs slate,restapi --strategies react --split train --tasks 1000 --seeds 2 --model sim:strong --embedder toolwise-simcse --results eval/figures/calibration-strong.json
 *   npx tsx scripts/bench-limits.ts --tasks 10 --seeds 1 --listing fit --overflow fail --json eval/figures/limits.json
 *   npx tsx scripts/bench.ts --envs slate --strategies autotool-react,autotool-reflexion,ngram-react,toolexpnet --tasks 30 --seeds 2 --model sim:small --embedder toolwise-simcse --overflow fail --results eval/figures/listing-full-fail.json
 *   npx tsx scripts/bench.ts --envs slate --strategies autotool-react,autotool-reflexion,ngram-react,toolexpnet --tasks 30 --seeds 2 --model sim:small --embedder toolwise-simcse --listing fit --overflow fail --results eval/figures/listing-fit-fail.json
 *   npx tsx scripts/bench.ts --envs slate --strategies autotool-react,autotool-reflexion,ngram-react,toolexpnet --tasks 30 --seeds 2 --model sim:small --embedder toolwise-simcse --results eval/figures/listing-full.json
 *   npx tsx scripts/bench-layout.ts --envs household,toolbench,restapi,slate --strategies react,reflexion,ecoact-react,autotool-react,baseline-llm,egb-sampling,egb-logits --token-tasks 5 --tasks 30 --seeds 2 --json eval/figures/layout.json
 *   npx tsx scripts/bench.ts --embed --json eval/figures/embed.json
 *   npx tsx scripts/bench-throughput.ts --tasks 16 --delay-ms 200 --levels 1,4,16 --json eval/figures/throughput.json
 *   npx tsx scripts/bench.ts --envs toolbench --strategies react,ecoact-react --tasks 60 --seeds 5 --model sim:small --embedder lexical --results eval/figures/ecoact-toolbench.json
 *   npx tsx scripts/bench.ts --envs restapi --strategies react,toolexpnet --tasks 38 --seeds 3 --model sim:small --embedder toolwise-simcse --results eval/figures/toolexpnet-crediting-fixed-small.json
 *   npx tsx scripts/bench.ts --envs restapi --strategies react,toolexpnet --tasks 38 --seeds 3 --model sim:small --embedder toolwise-simcse --results eval/figures/toolexpnet-crediting-old-small.json (on HEAD with eval/figures/toolexpnet-old-crediting.patch applied)
 *   npx tsx scripts/bench.ts --envs restapi --strategies react,toolexpnet --tasks 38 --seeds 3 --model sim:strong --embedder toolwise-simcse --results eval/figures/toolexpnet-crediting-fixed-strong.json
 *   npx tsx scripts/bench.ts --envs restapi --strategies react,toolexpnet --tasks 38 --seeds 3 --model sim:strong --embedder toolwise-simcse --results eval/figures/toolexpnet-crediting-old-strong.json (on HEAD with eval/figures/toolexpnet-old-crediting.patch applied)
 *
 * After the results are regenerated (claims, ship:default): `npm run docs:claims && npm run docs:figures -- --bench`
 * (about 25 minutes on the shared two-core machine, bench:limits the longest at about 10). Commit first: a patched
 * run is of HEAD while its partner runs the working tree, and the crediting block says so when ReAct's runs differ.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { aggregate } from '../src/core/run/aggregate';
import { pairedDifferences } from '../src/core/run/paired';
import { formatClaimValue, sampleText, type ClaimResult } from '../src/core/run/claims';
import type { AggregateRow, TaskResult } from '../src/core/run/results';
import { wilson, type Interval } from '../src/core/run/intervals';
import { TARGETS, constraintText, isConstraint } from './calibration-targets';
import { coverageMarkdownTable, type EmbedBenchRow } from './bench-embed';
import type { Coverage } from './embedder/coverage';
import type { Line as LimitsLine } from './bench-limits';

/** A bench command that writes one JSON file of task runs (`--results`). */
export interface Source {
  /** The bench's arguments, without `--results FILE`. */
  args: string[];
  /** A patch (repository-relative) applied to a scratch worktree of HEAD before the run: the code before a fix. */
  patch?: string;
  /** Written with `--json` (the bench's own JSON: rows, generalization, ...) instead of `--results`. */
  json?: boolean;
  /** The script run, when not the bench (`scripts/bench-limits.ts`, `scripts/bench-layout.ts`: both write `--json`). */
  script?: string;
}

const PRESETS = ['small', 'strong'] as const;
const crediting = (preset: string): string[] => ['--envs', 'restapi', '--strategies', 'react,toolexpnet', '--tasks', '38', '--seeds', '3', '--model', `sim:${preset}`, '--embedder', 'toolwise-simcse'];

export const SOURCES: Record<string, Source> = {
  // ToolExpNet and its Table 4 ablations against ReAct on Spotify (docs/strategies/toolexpnet.md).
  'eval/figures/toolexpnet-restapi.json': { args: ['--envs', 'restapi', '--strategies', 'react,toolexpnet,toolexpnet-no-es,toolexpnet-no-ed,toolexpnet-no-trial', '--tasks', '38', '--seeds', '5', '--model', 'sim:small', '--embedder', 'lexical'] },
  // Reflexion's attempt cap on SLATE, 4 against 6 (docs/strategies/reflexion.md).
  ...Object.fromEntries(['4', '6'].map((cap) => [`eval/figures/reflexion-cap-${cap}.json`, { args: ['--envs', 'slate', '--strategies', 'react,reflexion', '--tasks', '30', '--seeds', '3', '--model', 'sim:small', '--embedder', 'lexical', '--reflexion.trials', cap] }])),
  // The default story at temperature 1 (docs/strategies/react.md; temperature 0 is the shipped default run).
  'eval/figures/default-story-temperature-1.json': { args: ['--envs', 'household', '--strategies', 'react,autotool-react', '--tasks', '60', '--seeds', '3', '--model', 'sim:small', '--embedder', 'toolwise-simcse', '--temperature', '1'] },
  // RestBench Spotify, and the GitHub development set beside it (docs/environments/restapi.md).
  'eval/figures/restapi-spotify.json': { args: ['--envs', 'restapi', '--strategies', 'react,reflexion,autotool-react,ecoact-react,toolexpnet', '--tasks', '38', '--seeds', '3', '--model', 'sim:small', '--embedder', 'toolwise-simcse'] },
  'eval/figures/restapi-generalization.json': { args: ['--generalization', '--envs', 'restapi', '--seeds', '3', '--model', 'sim:small', '--embedder', 'toolwise-simcse'], json: true },
  // ReAct at each fitted preset on the training splits calibrate fits on (docs/simulated-model.md): calibrate's own run.
  ...Object.fromEntries(
    (['small', 'medium', 'strong'] as const).map((preset) => [
      `eval/figures/calibration-${preset}.json`,
      { args: ['--envs', [...new Set(TARGETS[preset].map((t) => t.env))].join(','), '--strategies', 'react', '--split', 'train', '--tasks', '1000', '--seeds', '2', '--model', `sim:${preset}`, '--embedder', 'toolwise-simcse'] },
    ]),
  ),
  // docs/real-limits.md: every strategy under a 32K window with the listing that fits (npm run bench:limits) ...
  'eval/figures/limits.json': { script: 'scripts/bench-limits.ts', json: true, args: ['--tasks', '10', '--seeds', '1', '--listing', 'fit', '--overflow', 'fail'] },
  // ... SLATE's ReAct-style loops with every tool, with the listing that fits, and with every tool and no window check ...
  ...Object.fromEntries(
    ([['full-fail', ['--overflow', 'fail']], ['fit-fail', ['--listing', 'fit', '--overflow', 'fail']], ['full', []]] as const).map(([name, flags]) => [
      `eval/figures/listing-${name}.json`,
      { args: ['--envs', 'slate', '--strategies', 'autotool-react,autotool-reflexion,ngram-react,toolexpnet', '--tasks', '30', '--seeds', '2', '--model', 'sim:small', '--embedder', 'toolwise-simcse', ...flags] },
    ]),
  ),
  // ... and the prompt layouts, paper against cache (npm run bench:layout).
  'eval/figures/layout.json': { script: 'scripts/bench-layout.ts', json: true, args: ['--envs', 'household,toolbench,restapi,slate', '--strategies', 'react,reflexion,ecoact-react,autotool-react,baseline-llm,egb-sampling,egb-logits', '--token-tasks', '5', '--tasks', '30', '--seeds', '2'] },
  // The embedders' recall and the encoder's vocabulary coverage (docs/embeddings.md).
  'eval/figures/embed.json': { args: ['--embed'], json: true },
  // The server path's throughput at 1, 4 and 16 requests in flight against a slow serve:sim (docs/models.md).
  'eval/figures/throughput.json': { script: 'scripts/bench-throughput.ts', json: true, args: ['--tasks', '16', '--delay-ms', '200', '--levels', '1,4,16'] },
  // EcoAct against ReAct on ToolBench (docs/strategies/ecoact.md).
  'eval/figures/ecoact-toolbench.json': { args: ['--envs', 'toolbench', '--strategies', 'react,ecoact-react', '--tasks', '60', '--seeds', '5', '--model', 'sim:small', '--embedder', 'lexical'] },
  ...Object.fromEntries(
    PRESETS.flatMap((preset) => [
      [`eval/figures/toolexpnet-crediting-fixed-${preset}.json`, { args: crediting(preset) }],
      [`eval/figures/toolexpnet-crediting-old-${preset}.json`, { args: crediting(preset), patch: 'eval/figures/toolexpnet-old-crediting.patch' }],
    ]),
  ),
};

/** The JSON files' contents, by repository-relative path. */
export type Reader = (path: string) => unknown;

/** A generated block: the doc it sits in, the JSON it reads, and its markdown. */
export interface Block {
  id: string;
  doc: string;
  from: string[];
  render: (read: Reader) => string;
}

interface ResultsFile {
  /** A name (bench --results), or the model and embedder as a run result holds them (public/shipped/default-run.json). */
  model?: string | { id: string };
  embedder?: string | { id: string };
  tasks?: number;
  seeds?: number;
  temperatures?: Record<string, number>;
  results: Omit<TaskResult, 'ms'>[];
  config?: { model: string; embedder: string; tasks: number; seeds: number };
}

const resultsOf = (file: ResultsFile): TaskResult[] => file.results.map((r) => ({ ms: 0, ...r }) as TaskResult);

// ---- formatting -------------------------------------------------------------------------------

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const signed = (v: number, digits: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}`;
const pp = (v: number) => `${signed(v * 100, 1)} pp`;
const ppInterval = ([low, high]: Interval) => `[${signed(low * 100, 1)}, ${signed(high * 100, 1)}]`;
const rateInterval = ([low, high]: Interval) => `[${(low * 100).toFixed(1)}, ${(high * 100).toFixed(1)}]`;
/** A row's rate (success, or a metric such as correctPath) with its 95% interval. */
function rate(row: AggregateRow, column: string): string {
  const value = column === 'success' ? row.success : row.metrics[column];
  const interval = row.intervals?.[column];
  return `${pct(value)}${interval ? ` ${rateInterval(interval)}` : ''}`;
}

/** A file's rows, found by environment and strategy. */
function rowsOf(file: ResultsFile): (env: string, strategy: string) => AggregateRow {
  const rows = aggregate(resultsOf(file));
  return (env, strategy) => {
    const row = rows.find((r) => r.env === env && r.strategy === strategy);
    if (!row) throw new Error(`no ${env} x ${strategy} rows in the file`);
    return row;
  };
}

/**
 * The paired difference of `strategy` between two files of the same tasks and seeds (after minus
 * before), with its bootstrap interval over tasks: the runs of different code, paired task by task.
 */
export function pairedAcross(before: ResultsFile, after: ResultsFile, env: string, strategy: string, column: string) {
  const old = `${strategy}\u0000before`;
  const results = [...resultsOf(before).filter((r) => r.env === env && r.strategy === strategy).map((r) => ({ ...r, strategy: old })), ...resultsOf(after).filter((r) => r.env === env && r.strategy === strategy)];
  const found = pairedDifferences(results, old, [column]).find((d) => d.strategy === strategy);
  if (!found) throw new Error(`no pairs of ${strategy} on ${env} between the two files`);
  return found;
}

/** Whether two files' runs of `strategy` are the same task run for task run (what the change did not touch). */
function sameRuns(a: ResultsFile, b: ResultsFile, strategy: string): boolean {
  const key = (r: Omit<TaskResult, 'ms'>) => JSON.stringify([r.env, r.taskId, r.seed, r.success, r.progress, r.llmCalls, r.promptTokens, r.metrics]);
  const runs = (f: ResultsFile) => f.results.filter((r) => r.strategy === strategy).map(key).sort();
  return JSON.stringify(runs(a)) === JSON.stringify(runs(b));
}

const sampleOf = (file: ResultsFile, env: string, strategy: string) => {
  const runs = file.results.filter((r) => r.env === env && r.strategy === strategy);
  return `${new Set(runs.map((r) => r.taskId)).size} tasks x ${new Set(runs.map((r) => r.seed)).size} seeds`;
};

// ---- the blocks -------------------------------------------------------------------------------

/** ToolExpNet's crediting fix alone (issue 41 item 1), paired on the same tasks and seeds. */
function creditingBlock(read: Reader): string {
  const lines = [
    '| preset | | old crediting (both ends) | fixed (the tools the record concerns) | fixed − old, paired [95% CI] | pairs | ToolExpNet − ReAct, old / fixed |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  const notes: string[] = [];
  for (const preset of PRESETS) {
    const before = read(`eval/figures/toolexpnet-crediting-old-${preset}.json`) as ResultsFile;
    const after = read(`eval/figures/toolexpnet-crediting-fixed-${preset}.json`) as ResultsFile;
    const [rowBefore, rowAfter] = [rowsOf(before), rowsOf(after)];
    for (const [column, label] of [
      ['correctPath', 'correct path'],
      ['success', 'success'],
    ] as const) {
      const d = pairedAcross(before, after, 'restapi', 'toolexpnet', column);
      const vsReact = (file: ResultsFile) => pairedDifferences(resultsOf(file), 'react', [column]).find((p) => p.strategy === 'toolexpnet')!;
      const [b, a] = [vsReact(before), vsReact(after)];
      lines.push(
        `| sim:${preset} | ${label} | ${rate(rowBefore('restapi', 'toolexpnet'), column)} | ${rate(rowAfter('restapi', 'toolexpnet'), column)} | ${pp(d.difference)} ${ppInterval(d.interval)} | ${d.pairs} | ${pp(b.difference)} ${ppInterval(b.interval)} / ${pp(a.difference)} ${ppInterval(a.interval)} |`,
      );
    }
    const key = (r: Omit<TaskResult, 'ms'>) => `${r.taskId}@${r.seed}`;
    const old = new Map(before.results.filter((r) => r.strategy === 'toolexpnet').map((r) => [key(r), r.metrics.correctPath ?? 0]));
    const changed = after.results.filter((r) => r.strategy === 'toolexpnet' && old.has(key(r)) && old.get(key(r)) !== (r.metrics.correctPath ?? 0));
    const better = changed.filter((r) => (r.metrics.correctPath ?? 0) > old.get(key(r))!).length;
    notes.push(
      `sim:${preset}: ${setupOf(after, 'restapi', 'toolexpnet').replace(/, sim:\w+/, '')}; ${changed.length} of ${old.size} task runs change their correct path (${better} to correct, ${changed.length - better} to wrong); ReAct, which the crediting does not touch, ${sameRuns(before, after, 'react') ? 'ran identically in both' : 'differs between the two runs (the runs are not of one code base)'}` +
        ` (correct path ${rate(rowAfter('restapi', 'react'), 'correctPath')}).`,
    );
  }
  return [...lines, '', ...notes.map((n) => `- ${n}`)].join('\n');
}

const LABELS: Record<string, string> = {
  react: 'ReAct',
  reflexion: 'Reflexion',
  toolexpnet: 'ToolExpNet',
  'toolexpnet-no-es': 'w/o E_s',
  'toolexpnet-no-ed': 'w/o E_d',
  'toolexpnet-no-trial': 'w/o trial',
  'autotool-react': 'AutoTool-ReAct',
  'autotool-reflexion': 'AutoTool-Reflexion',
  'ngram-react': '3-gram ReAct',
  'ecoact-react': 'EcoAct',
  'baseline-llm': 'Baseline-LLM',
  'egb-sampling': 'EGB-Sampling',
  'egb-logits': 'EGB-Logits',
};
const labelOf = (strategy: string) => LABELS[strategy] ?? strategy;
const thousands = (v: number) => Math.round(v).toLocaleString('en-US');
const signedThousands = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${thousands(Math.abs(v))}`;

/** Whether two strategies of one file ran alike task run for task run (same outcome, calls and tokens). */
function sameAs(file: ResultsFile, a: string, b: string): boolean {
  const key = (r: Omit<TaskResult, 'ms'>) => JSON.stringify([r.env, r.taskId, r.seed, r.success, r.progress, r.llmCalls, r.promptTokens, r.metrics]);
  const runs = (s: string) => file.results.filter((r) => r.strategy === s).map(key).sort();
  return JSON.stringify(runs(a)) === JSON.stringify(runs(b));
}

/** What a file's run was: sample, model, embedder and temperature of an environment. */
function setupOf(file: ResultsFile, env: string, strategy: string): string {
  const t = file.temperatures?.[env];
  const model = typeof file.model === 'string' ? file.model : (file.config?.model ?? file.model?.id);
  const embedder = typeof file.embedder === 'string' ? file.embedder : (file.config?.embedder ?? file.embedder?.id);
  return `${sampleOf(file, env, strategy)}, ${model}, embedder ${embedder}, temperature ${t ?? 'the model default'}`;
}

/** ToolExpNet, its ablations and ReAct on Spotify, each against ToolExpNet. */
function toolexpnetBlock(read: Reader): string {
  const file = read('eval/figures/toolexpnet-restapi.json') as ResultsFile;
  const rows = rowsOf(file);
  const results = resultsOf(file);
  const strategies = ['react', 'toolexpnet', 'toolexpnet-no-es', 'toolexpnet-no-ed', 'toolexpnet-no-trial'];
  const vsFull = pairedDifferences(results, 'toolexpnet', ['correctPath', 'success']);
  const learning = (s: string) => {
    const calls = (file as { learning?: { strategy: string; llmCalls: number }[] }).learning?.filter((l) => l.strategy === s).map((l) => l.llmCalls) ?? [];
    if (!calls.length) return '—';
    const [low, high] = [Math.min(...calls), Math.max(...calls)];
    return low === high ? `${low}` : `${low}-${high}`;
  };
  const lines = [
    `${setupOf(file, 'restapi', 'toolexpnet')}:`,
    '',
    '| strategy | correct path [95% CI] | success [95% CI] | correct path − ToolExpNet, paired | success − ToolExpNet, paired | prompt tokens per task | learning LLM calls per seed |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...strategies.map((s) => {
      const row = rows('restapi', s);
      const d = (column: string) => vsFull.find((p) => p.strategy === s && p.column === column);
      const diff = (column: string) => (s === 'toolexpnet' ? '' : `${pp(d(column)!.difference)} ${ppInterval(d(column)!.interval)}`);
      return `| ${labelOf(s)} | ${rate(row, 'correctPath')} | ${rate(row, 'success')} | ${diff('correctPath')} | ${diff('success')} | ${thousands(row.promptTokens)} | ${learning(s)} |`;
    }),
  ];
  const tokens = pairedDifferences(results, 'react', ['promptTokens']).find((p) => p.strategy === 'toolexpnet')!;
  const react = rows('restapi', 'react').promptTokens;
  lines.push(
    '',
    `ToolExpNet − ReAct, prompt tokens per task: ${signedThousands(tokens.difference)} [${signedThousands(tokens.interval[0])}, ${signedThousands(tokens.interval[1])}], ${signed((tokens.difference / react) * 100, 0)}% of ReAct's. ` +
      `W/o E_d ${sameAs(file, 'toolexpnet-no-ed', 'react') ? 'ran exactly as ReAct, task run for task run (with this embedder at Φ = 0.8 it has no edge to try; adaptation 2)' : 'did not run exactly as ReAct'}.`,
  );
  return lines.join('\n');
}

const mean2 = (row: AggregateRow, column: 'llmCalls' | 'progress') => {
  const interval = row.intervals?.[column];
  const digits = column === 'progress' ? 3 : 2;
  return `${row[column].toFixed(digits)}${interval ? ` [${interval[0].toFixed(digits)}, ${interval[1].toFixed(digits)}]` : ''}`;
};
const diffOf = (d: { difference: number; interval: Interval }, digits: number) => `${signed(d.difference, digits)} [${signed(d.interval[0], digits)}, ${signed(d.interval[1], digits)}]`;
/** Where a paired interval lies: above 0, below 0, or across it. */
const sideOf = (interval: Interval) => (interval[0] > 0 ? 1 : interval[1] < 0 ? -1 : 0);

/** Reflexion's attempt cap on SLATE: 4 against 6, paired, and the calls against ReAct's beside the paper's. */
function reflexionCapBlock(read: Reader): string {
  const [four, six] = [read('eval/figures/reflexion-cap-4.json'), read('eval/figures/reflexion-cap-6.json')] as ResultsFile[];
  const [rows4, rows6] = [rowsOf(four), rowsOf(six)];
  const paper = 122.2 / 32.0;
  const ratio = (rows: (env: string, strategy: string) => AggregateRow) => rows('slate', 'reflexion').llmCalls / rows('slate', 'react').llmCalls;
  const [r4, r6] = [ratio(rows4), ratio(rows6)];
  const success = pairedAcross(four, six, 'slate', 'reflexion', 'success');
  const calls = pairedAcross(four, six, 'slate', 'reflexion', 'llmCalls');
  const nearer = Math.abs(r6 - paper) < Math.abs(r4 - paper);
  return [
    `${setupOf(six, 'slate', 'reflexion')}:`,
    '',
    '| Cap | Reflexion success | LLM calls per case | Calls / ReAct\'s | Paper (EGB Table 4) |',
    '|---|---|---|---|---|',
    `| 4 | ${rate(rows4('slate', 'reflexion'), 'success')} | ${mean2(rows4('slate', 'reflexion'), 'llmCalls')} | ${r4.toFixed(2)}x | |`,
    `| 6 (the default) | ${rate(rows6('slate', 'reflexion'), 'success')} | ${mean2(rows6('slate', 'reflexion'), 'llmCalls')} | ${r6.toFixed(2)}x | 122.2 / 32.0 = ${paper.toFixed(2)}x |`,
    `| 6 minus 4, paired | ${pp(success.difference)} ${ppInterval(success.interval)} | ${diffOf(calls, 2)} | | |`,
    '',
    `ReAct made ${rows6('slate', 'react').llmCalls.toFixed(2)} calls per case${sameRuns(four, six, 'react') ? ' in both runs (its runs are identical)' : ` with a cap of 6 and ${rows4('slate', 'react').llmCalls.toFixed(2)} with 4`}. ` +
      `The paper's ratio is nearer to a cap of ${nearer ? 6 : 4}'s.`,
  ].join('\n');
}

/** The default story at temperature 0 (the shipped run) and at 1. */
function temperatureBlock(read: Reader): string {
  const zero = read('public/shipped/default-run.json') as ResultsFile;
  const one = read('eval/figures/default-story-temperature-1.json') as ResultsFile;
  const lines = [
    `${setupOf(one, 'household', 'react').replace(/, temperature .*/, '')}:`,
    '',
    '| temperature | ReAct success | ReAct progress | ReAct LLM calls | AutoTool success | AutoTool progress | AutoTool LLM calls | AutoTool − ReAct progress, paired |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const file of [zero, one]) {
    const rows = rowsOf(file);
    const [react, autotool] = [rows('household', 'react'), rows('household', 'autotool-react')];
    const gain = pairedDifferences(resultsOf(file), 'react', ['progress']).find((d) => d.strategy === 'autotool-react')!;
    lines.push(`| ${file.temperatures?.household} | ${rate(react, 'success')} | ${mean2(react, 'progress')} | ${mean2(react, 'llmCalls')} | ${rate(autotool, 'success')} | ${mean2(autotool, 'progress')} | ${mean2(autotool, 'llmCalls')} | ${diffOf(gain, 3)} |`);
  }
  return lines.join('\n');
}

/** EcoAct against ReAct on ToolBench: all tasks and the 20+ tools slice. */
function ecoactBlock(read: Reader): string {
  const file = read('eval/figures/ecoact-toolbench.json') as ResultsFile;
  const all = resultsOf(file);
  const at20 = all.filter((r) => r.taskKind === '20+');
  const rows = rowsOf(file);
  const rows20 = rowsOf({ ...file, results: at20 });
  const paired = (results: TaskResult[], column: string) => pairedDifferences(results, 'react', [column]).find((d) => d.strategy === 'ecoact-react')!;
  const [react, ecoact] = [rows('toolbench', 'react'), rows('toolbench', 'ecoact-react')];
  const success = paired(all, 'success');
  const lines = [
    `${setupOf(file, 'toolbench', 'ecoact-react')}:`,
    '',
    '| | ReAct | EcoAct | EcoAct − ReAct, paired |',
    '|---|---:|---:|---:|',
    `| success | ${rate(react, 'success')} | ${rate(ecoact, 'success')} | ${pp(success.difference)} ${ppInterval(success.interval)} |`,
    `| success, tasks with 20+ tools (${new Set(at20.map((r) => r.taskId)).size} tasks) | ${rate(rows20('toolbench', 'react'), 'success')} | ${rate(rows20('toolbench', 'ecoact-react'), 'success')} | ${pp(paired(at20, 'success').difference)} ${ppInterval(paired(at20, 'success').interval)} |`,
    `| prompt tokens per task | ${thousands(react.promptTokens)} | ${thousands(ecoact.promptTokens)} | ${(({ difference: d, interval: [l, h] }) => `${signedThousands(d)} [${signedThousands(l)}, ${signedThousands(h)}]`)(paired(all, 'promptTokens'))} |`,
    `| LLM calls per task | ${mean2(react, 'llmCalls')} | ${mean2(ecoact, 'llmCalls')} | ${diffOf(paired(all, 'llmCalls'), 2)} |`,
    ...(ecoact.metrics.registeredTools !== undefined ? [`| tools registered per task | | ${ecoact.metrics.registeredTools.toFixed(2)} | |`] : []),
    '',
    `On success EcoAct ${['trails ReAct (the interval lies below 0)', 'and ReAct differ by no more than the interval allows (it holds 0)', 'is above ReAct (the interval lies above 0)'][sideOf(success.interval) + 1]}.`,
  ];
  return lines.join('\n');
}

interface GeneralizationFile {
  seeds: number;
  generalization: { env: string; set: string; strategy: string; metric: string; value: number; low: number; high: number }[];
}

const SET_LABELS: Record<string, string> = { github: 'GitHub' };

/** The Δ solution lengths ToolExpNet's section 5.3 reports on Spotify. */
const PAPER_DELTA_SL: Record<string, number> = { react: 0.53, toolexpnet: 0.23 };

/** RestBench: each strategy on Spotify (correct path, success, Δ solution length) and on the GitHub development set. */
function restapiBlock(read: Reader): string {
  const spotify = read('eval/figures/restapi-spotify.json') as ResultsFile;
  const dev = read('eval/figures/restapi-generalization.json') as GeneralizationFile;
  const rows = rowsOf(spotify);
  const strategies = [...new Set(spotify.results.map((r) => r.strategy))];
  const sets = [...new Set(dev.generalization.filter((g) => g.env === 'restapi').map((g) => g.set))];
  const devSet = sets.find((set) => set !== 'bundled' && !set.includes(' - '));
  const g = (set: string, strategy: string, metric: string) => dev.generalization.find((x) => x.env === 'restapi' && x.set === set && x.strategy === strategy && x.metric === metric);
  const devRate = (strategy: string, metric: string) => {
    const x = devSet && g(devSet, strategy, metric);
    return x ? `${pct(x.value)} ${rateInterval([x.low, x.high])}` : '—';
  };
  const devGap = (strategy: string) => {
    const x = devSet && g(`${devSet} - bundled`, strategy, 'correctPath');
    const y = devSet && [...sets].filter((set) => set.startsWith(`${devSet} - bundled,`)).map((set) => g(set, strategy, 'correctPath')).find(Boolean);
    return x ? `${pp(x.value)} ${ppInterval([x.low, x.high])}${y ? `; seeds resampled ${ppInterval([y.low, y.high])}` : ''}` : '—';
  };
  const devTasks = devSet ? (SET_LABELS[devSet] ?? devSet) : 'development set';
  const lines = [
    `Spotify: ${setupOf(spotify, 'restapi', 'react')}; ${devTasks}: every test task of the set x ${dev.seeds} seeds, the same model and embedder.`,
    '',
    `| strategy | Spotify correct path | Spotify success | Δ solution length | ${devTasks} correct path | ${devTasks} success | ${devTasks} − Spotify, correct path |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...strategies.map((st) => {
      const row = rows('restapi', st);
      const dsl = row.metrics.deltaSL;
      const di = row.intervals?.deltaSL;
      return `| ${labelOf(st)} | ${rate(row, 'correctPath')} | ${rate(row, 'success')} | ${dsl === undefined ? '—' : `${signed(dsl, 2)}${di ? ` [${signed(di[0], 2)}, ${signed(di[1], 2)}]` : ''}`} | ${devRate(st, 'correctPath')} | ${devRate(st, 'success')} | ${devGap(st)} |`;
    }),
  ];
  const compared = Object.entries(PAPER_DELTA_SL).filter(([st]) => rows('restapi', st).metrics.deltaSL !== undefined);
  if (compared.length) {
    const above = compared.filter(([st, paper]) => rows('restapi', st).metrics.deltaSL > paper).map(([st]) => labelOf(st));
    lines.push(
      '',
      `The paper's Δ solution length on Spotify: ${compared.map(([st, v]) => `${labelOf(st)} +${v.toFixed(2)}`).join(', ')} (section 5.3); ours is ${above.length === compared.length ? 'larger for both' : above.length ? `larger for ${above.join(', ')}` : 'not larger'}.`,
    );
  }
  return lines.join('\n');
}

/** The fitted presets (src/core/llm/sim/fitted-presets.json) and ReAct's training-split figures at each, beside the targets. */
function calibrationBlock(read: Reader): string {
  const fitted = read('src/core/llm/sim/fitted-presets.json') as Record<string, { kappa: number; bias: number }>;
  const lines = ['| preset | kappa / bias | ReAct\'s figures (target) |', '|---|---|---|'];
  let sample = '';
  for (const preset of ['small', 'medium', 'strong'] as const) {
    const file = read(`eval/figures/calibration-${preset}.json`) as ResultsFile;
    const rows = aggregate(resultsOf(file), { intervals: false });
    sample = `${file.seeds} seeds, every training task`;
    const figures = TARGETS[preset].map((t) => {
      const row = rows.find((r) => r.env === t.env && r.strategy === 'react');
      if (!row || t.set !== 'bundled') return `${t.env} ${t.metric}: not in the run`;
      return `${t.env} ${t.metric} ${t.read(row).toFixed(3)} (${isConstraint(t) ? constraintText(t) : t.value})`;
    });
    lines.push(`| ${preset} | ${fitted[preset].kappa} / ${fitted[preset].bias} | ${figures.join(', ')} |`);
  }
  return [`ReAct on the bundled training splits, ${sample}, embedder toolwise-simcse, each environment's temperature:`, '', ...lines].join('\n');
}

/** A share with its interval, as percentages. */
const shareWith = (row: AggregateRow, key: 'contextOverflows' | 'shortlisted') => {
  const v = row[key];
  const i = row.intervals?.[key];
  return v === undefined ? '—' : `${pct(v)}${i ? ` ${rateInterval(i)}` : ''}`;
};
const tokensWith = (row: AggregateRow) => {
  const i = row.intervals?.promptTokens;
  return `${thousands(row.promptTokens)}${i ? ` [${thousands(i[0])}, ${thousands(i[1])}]` : ''}`;
};
const metricRate = (row: AggregateRow, key: string) => (row.metrics[key] === undefined ? '—' : rate(row, key));

/** SLATE's ReAct-style loops under each tool listing (docs/real-limits.md). */
function listingBlock(read: Reader): string {
  const runs = [
    ['full, `--overflow fail`', read('eval/figures/listing-full-fail.json')],
    ['fit, `--overflow fail`', read('eval/figures/listing-fit-fail.json')],
    ['full, no window check', read('eval/figures/listing-full.json')],
  ] as [string, ResultsFile][];
  const strategies = [...new Set(runs[1][1].results.map((r) => r.strategy))];
  const lines = [
    `${setupOf(runs[1][1], 'slate', strategies[0])}:`,
    '',
    '| strategy | run | context overflows | shortlisted | success | tool match | action id. acc. | LLM calls | prompt tokens / task |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const strategy of strategies) {
    for (const [label, file] of runs) {
      const row = rowsOf(file)('slate', strategy);
      lines.push(`| ${labelOf(strategy)} | ${label} | ${shareWith(row, 'contextOverflows')} | ${shareWith(row, 'shortlisted')} | ${rate(row, 'success')} | ${metricRate(row, 'toolMatch')} | ${metricRate(row, 'actionIdAcc')} | ${row.llmCalls.toFixed(2)} | ${tokensWith(row)} |`);
    }
  }
  const [fit, full] = [runs[1][1], runs[2][1]];
  lines.push('', 'The shortlist (fit) against every tool with no window check, paired on the same tasks and seeds:', '', '| strategy | success | tool match | prompt tokens / task |', '|---|---:|---:|---:|');
  for (const strategy of strategies) {
    const d = (column: string) => pairedAcross(full, fit, 'slate', strategy, column);
    const tokens = d('promptTokens');
    const cut = tokens.difference / rowsOf(full)('slate', strategy).promptTokens;
    lines.push(`| ${labelOf(strategy)} | ${pp(d('success').difference)} ${ppInterval(d('success').interval)} | ${pp(d('toolMatch').difference)} ${ppInterval(d('toolMatch').interval)} | ${signedThousands(tokens.difference)} (${signed(cut * 100, 0)}%) |`);
  }
  const learningOf = (file: ResultsFile) => (file as { learning?: { strategy: string; llmCalls: number; promptTokens: number }[] }).learning?.filter((l) => l.strategy === 'toolexpnet') ?? [];
  const [learnFit, learnFail] = [learningOf(fit), learningOf(runs[0][1])];
  if (learnFit.length && learnFail.length) {
    const per = (ls: { llmCalls: number; promptTokens: number }[]) => `${thousands(ls.reduce((a, l) => a + l.llmCalls, 0) / ls.length)} calls and ${(ls.reduce((a, l) => a + l.promptTokens, 0) / ls.length / 1e6).toFixed(1)}M prompt tokens per seed`;
    lines.push('', `ToolExpNet's learning: ${per(learnFit)} under fit, ${per(learnFail)} under full with \`--overflow fail\`.`);
  }
  return lines.join('\n');
}

interface LayoutFile {
  model: string;
  embedder: string;
  tokenTasks: number;
  tasks: number;
  seeds: number;
  tokens: { env: string; strategy: string; layout: string; promptTokens: number; cached: Record<string, number> }[];
  paired: { env: string; strategy: string; column: string; difference: number; low: number; high: number; pairs: number; paper: number; cache: number }[];
}

/** The prompt layouts: cached shares under paper and cache, and the paired outcomes (docs/real-limits.md). */
function layoutBlock(read: Reader): string {
  const file = read('eval/figures/layout.json') as LayoutFile;
  const caches = [...new Set(file.tokens.flatMap((t) => Object.keys(t.cached)))];
  const whole = (v: number) => `${Math.round(v * 100)}%`;
  const lines = [
    `Cached shares: ${file.tokenTasks} tasks x 1 seed, ${file.model}, embedder ${file.embedder}.`,
    '',
    `| env | strategy | ${caches.map((c) => `${c}, paper to cache`).join(' | ')} |`,
    `|---|---|${caches.map(() => '---:').join('|')}|`,
  ];
  for (const t of file.tokens.filter((x) => x.layout === 'paper')) {
    const other = file.tokens.find((x) => x.layout === 'cache' && x.env === t.env && x.strategy === t.strategy);
    if (!other) continue;
    lines.push(`| ${t.env} | ${labelOf(t.strategy)} | ${caches.map((c) => `${whole(t.cached[c])} to ${whole(other.cached[c])}`).join(' | ')} |`);
  }
  lines.push(
    '',
    `Paired outcomes, cache − paper: up to ${file.tasks} tasks x ${file.seeds} seeds (an environment with fewer test tasks runs all it has).`,
    '',
    '| env | strategy | pairs | success, paper / cache | success, cache − paper | progress, cache − paper | prompt tokens / task, cache − paper |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  const keys = [...new Set(file.paired.map((p) => `${p.env}\u0000${p.strategy}`))];
  const moved: string[] = [];
  for (const key of keys) {
    const [env, strategy] = key.split('\u0000');
    const get = (column: string) => file.paired.find((p) => p.env === env && p.strategy === strategy && p.column === column)!;
    const [success, progress, tokens] = [get('success'), get('progress'), get('promptTokens')];
    if ([success, progress].some((p) => p.low !== 0 || p.high !== 0)) moved.push(`${labelOf(strategy)} on ${env}`);
    lines.push(
      `| ${env} | ${labelOf(strategy)} | ${success.pairs} | ${pct(success.paper)} / ${pct(success.cache)} | ${pp(success.difference)} ${ppInterval([success.low, success.high])} | ${signed(progress.difference, 3)} [${signed(progress.low, 3)}, ${signed(progress.high, 3)}] | ${signedThousands(tokens.difference)} [${signedThousands(tokens.low)}, ${signedThousands(tokens.high)}] |`,
    );
  }
  lines.push('', `${keys.length - moved.length} of the ${keys.length} pairs have the same success and progress on every task run${moved.length ? `; ${moved.join(', ')} moved` : ''}.`);
  return lines.join('\n');
}

interface LimitsFile {
  model: string;
  embedder: string;
  layout: string;
  listing: string;
  overflow?: string;
  tasks: number;
  seeds: number;
  cpu: string;
  webgpu: string;
  lines: LimitsLine[];
}

/** Every strategy under real limits, as `npm run bench:limits` prints it (docs/real-limits.md). */
function limitsBlock(read: Reader): string {
  const file = read('eval/figures/limits.json') as LimitsFile;
  const usd = (v: number) => `$${v < 0.01 ? v.toFixed(5) : v.toFixed(4)}`;
  const sec = ([mean, low, high]: [number, number, number]) => `${mean.toFixed(1)} [${low.toFixed(1)}, ${high.toFixed(1)}]`;
  const share = (v: [number, number, number] | undefined) => (v ? `${pct(v[0])} [${pct(v[1])}, ${pct(v[2])}]` : '');
  const listed = file.listing !== 'full';
  const windowed = file.overflow !== undefined;
  return [
    `${file.model}, embedder ${file.embedder}, layout ${file.layout}, listing ${file.listing}, windows ${windowed ? `--overflow ${file.overflow}` : 'not checked'}, ${file.tasks} tasks x ${file.seeds} seed${file.seeds === 1 ? '' : 's'}:`,
    '',
    `| env | strategy |${listed ? ' shortlisted [95% CI] |' : ''}${windowed ? ' context overflows [95% CI] | trimmed calls [95% CI] |' : ''} prompt tokens / task [95% CI] | cached, extend | cached, prefix | cached, block | $ / task, no cache | $, extend | $, prefix | $, block | s, ${file.cpu} (prefix) | s, ${file.webgpu} (extend) |`,
    `|---|---|${listed ? '---:|' : ''}${windowed ? '---:|---:|' : ''}---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...file.lines.map(
      (l) =>
        `| ${l.env} | ${l.strategy} |${listed ? ` ${share(l.shortlisted)} |` : ''}${windowed ? ` ${share(l.contextOverflows)} | ${l.trimmedCalls ? sec(l.trimmedCalls) : ''} |` : ''} ${thousands(l.promptTokens)} [${thousands(l.promptTokensLow)}, ${thousands(l.promptTokensHigh)}] | ${pct(l.cachedShare.extend)} | ${pct(l.cachedShare.prefix)} | ${pct(l.cachedShare.block)} | ${usd(l.usd.none)} | ${usd(l.usd.extend)} | ${usd(l.usd.prefix)} | ${usd(l.usd.block)} | ${sec(l.cpuSeconds)} | ${sec(l.webgpuSeconds)} |`,
    ),
  ].join('\n');
}

/** The embedders' recall@5 on the bundled test pairs and the development sets' train halves, and the vocabulary's coverage. */
function embedBlock(read: Reader): string {
  const file = read('eval/figures/embed.json') as { embed: EmbedBenchRow[]; coverage: Record<string, Coverage> };
  const recall = (r: { recallAt5: number; pairs: number }) => `${pct(r.recallAt5)} ${rateInterval(wilson(r.recallAt5 * r.pairs, r.pairs))}`;
  const sets = [...new Set(file.embed.flatMap((r) => Object.keys(r.dev?.perSet ?? {})))];
  const first = file.embed[0];
  return [
    `| embedder | bundled test pairs (${thousands(first.pairs)}) | development train halves (${first.dev?.pairs ?? 0}) | ${sets.map((set) => `${set} (${first.dev?.perSet[set]?.pairs ?? 0})`).join(' | ')} |`,
    `|---|---:|---:|${sets.map(() => '---:').join('|')}|`,
    ...file.embed.map((r) => `| ${r.embedder} | ${recall(r)} | ${r.dev ? recall(r.dev) : '—'} | ${sets.map((set) => (r.dev?.perSet[set] ? recall(r.dev.perSet[set]) : '—')).join(' | ')} |`),
    '',
    'The share of the task texts\' words the bundled encoder\'s vocabulary knows:',
    '',
    coverageMarkdownTable(file.coverage),
  ].join('\n');
}

/** Task runs per second through the openai: family against a slow serve:sim, per concurrency (docs/models.md). */
function throughputBlock(read: Reader): string {
  const file = read('eval/figures/throughput.json') as { throughput: { concurrency: number; taskRuns: number; requests: number; seconds: number; runsPerSecond: number; ratio: number }[] };
  const rows = file.throughput;
  return [
    `${rows.map((r) => `${r.runsPerSecond.toFixed(2)} task runs per second with ${r.concurrency} request${r.concurrency === 1 ? '' : 's'} in flight`).join(', ')} ` +
      `(${rows[0].taskRuns} academic task runs, ${rows[0].requests} requests; ${rows.slice(1).map((r) => `${r.ratio.toFixed(1)}x`).join(' and ')} the rate at ${rows[0].concurrency}; the same results at every concurrency).`,
  ].join('\n');
}

/** The claims rows of one paper, from the shipped claims table. */
function claimsRowsBlock(paper: string) {
  return (read: Reader): string => {
    const file = read('public/shipped/claims.json') as { embedder?: string; claims: ClaimResult[] };
    const f = formatClaimValue;
    return [
      '| claim | paper | ours [95% CI] | on | sample | temperature | verdict |',
      '|---|---|---:|---|---|---:|---|',
      ...file.claims
        .filter((c) => c.paper === paper)
        .map((c) => `| ${c.claim.replace(/\|/g, '\\|')} | ${c.paperValue.replace(/\|/g, '\\|')} | ${f(c.ours, c.metric)} [${f(c.low, c.metric)}, ${f(c.high, c.metric)}] | ${c.model} | ${c.sample ? sampleText(c.sample) : 'not recorded'} | ${c.temperature ?? ''} | ${c.verdict} |`),
    ].join('\n');
  };
}

export const BLOCKS: Block[] = [
  {
    id: 'toolexpnet-crediting',
    doc: 'docs/strategies/toolexpnet.md',
    from: PRESETS.flatMap((p) => [`eval/figures/toolexpnet-crediting-old-${p}.json`, `eval/figures/toolexpnet-crediting-fixed-${p}.json`]),
    render: creditingBlock,
  },
  { id: 'toolexpnet-restapi', doc: 'docs/strategies/toolexpnet.md', from: ['eval/figures/toolexpnet-restapi.json'], render: toolexpnetBlock },
  { id: 'reflexion-cap', doc: 'docs/strategies/reflexion.md', from: ['eval/figures/reflexion-cap-4.json', 'eval/figures/reflexion-cap-6.json'], render: reflexionCapBlock },
  { id: 'react-temperature', doc: 'docs/strategies/react.md', from: ['public/shipped/default-run.json', 'eval/figures/default-story-temperature-1.json'], render: temperatureBlock },
  { id: 'ecoact-toolbench', doc: 'docs/strategies/ecoact.md', from: ['eval/figures/ecoact-toolbench.json'], render: ecoactBlock },
  { id: 'restapi-measured', doc: 'docs/environments/restapi.md', from: ['eval/figures/restapi-spotify.json', 'eval/figures/restapi-generalization.json'], render: restapiBlock },
  {
    id: 'calibration-fit',
    doc: 'docs/simulated-model.md',
    from: ['src/core/llm/sim/fitted-presets.json', 'eval/figures/calibration-small.json', 'eval/figures/calibration-medium.json', 'eval/figures/calibration-strong.json'],
    render: calibrationBlock,
  },
  { id: 'listing', doc: 'docs/real-limits.md', from: ['eval/figures/listing-full-fail.json', 'eval/figures/listing-fit-fail.json', 'eval/figures/listing-full.json'], render: listingBlock },
  { id: 'layout', doc: 'docs/real-limits.md', from: ['eval/figures/layout.json'], render: layoutBlock },
  { id: 'limits', doc: 'docs/real-limits.md', from: ['eval/figures/limits.json'], render: limitsBlock },
  { id: 'embed', doc: 'docs/embeddings.md', from: ['eval/figures/embed.json'], render: embedBlock },
  { id: 'throughput', doc: 'docs/models.md', from: ['eval/figures/throughput.json'], render: throughputBlock },
  { id: 'toolexpnet-claims', doc: 'docs/strategies/toolexpnet.md', from: ['public/shipped/claims.json'], render: claimsRowsBlock('ToolExpNet') },
  { id: 'ecoact-claims', doc: 'docs/strategies/ecoact.md', from: ['public/shipped/claims.json'], render: claimsRowsBlock('EcoAct') },
];

// ---- markers ----------------------------------------------------------------------------------

const startOf = (id: string) => `<!-- figures:${id} `;
const endOf = (id: string) => `<!-- figures:end ${id} -->`;

/** A block as it stands in its doc, markers included. */
export function renderBlock(block: Block, read: Reader): string {
  return [`${startOf(block.id)}from ${block.from.join(', ')} (npm run docs:figures; do not edit by hand) -->`, block.render(read).trimEnd(), endOf(block.id)].join('\n');
}

/** `text` (a doc) with each of its blocks written from the JSON; throws where a block's markers are missing. */
export function withBlocks(text: string, doc: string, read: Reader, blocks = BLOCKS): string {
  let out = text;
  for (const block of blocks.filter((b) => b.doc === doc)) {
    const start = out.indexOf(startOf(block.id));
    const end = out.indexOf(endOf(block.id));
    if (start < 0 || end < start) throw new Error(`${doc} has no ${startOf(block.id)}... ${endOf(block.id)} block`);
    out = out.slice(0, start) + renderBlock(block, read) + out.slice(end + endOf(block.id).length);
  }
  const known = new Set(blocks.map((b) => b.id));
  for (const [, id] of out.matchAll(/<!-- figures:(?!end )(\S+) /g)) if (!known.has(id)) throw new Error(`${doc} has a block ${id} that no entry of BLOCKS writes`);
  return out;
}

/** A reader of the JSON under `root`, each file parsed once. */
export function readerAt(root: string): Reader {
  const cache = new Map<string, unknown>();
  return (path) => {
    if (!cache.has(path)) cache.set(path, JSON.parse(readFileSync(join(root, path), 'utf8')));
    return cache.get(path);
  };
}

/** Each doc under `root` whose blocks differ from what their JSON gives, with the blocks that differ. */
export function figureProblems(root: string, blocks = BLOCKS): string[] {
  const read = readerAt(root);
  const problems: string[] = [];
  for (const doc of [...new Set(blocks.map((b) => b.doc))]) {
    const text = readFileSync(join(root, doc), 'utf8');
    let wanted: string;
    try {
      wanted = withBlocks(text, doc, read, blocks);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    if (wanted === text) continue;
    const differing = blocks.filter((b) => b.doc === doc && !text.includes(renderBlock(b, read))).map((b) => b.id);
    problems.push(`${doc}: block ${differing.join(', ')} differs from ${[...new Set(blocks.filter((b) => differing.includes(b.id)).flatMap((b) => b.from))].join(', ')}`);
  }
  return problems;
}

/** A source's command as the file's header lists it. */
export function commandOf(path: string, source: Source): string {
  return `npx tsx ${source.script ?? 'scripts/bench.ts'} ${source.args.join(' ')} ${source.json ? '--json' : '--results'} ${path}${source.patch ? ` (on HEAD with ${source.patch} applied)` : ''}`;
}

/** Runs one source's bench command (in a scratch worktree of HEAD with its patch applied, where it has one). */
function runSource(root: string, path: string, source: Source): void {
  let cwd = root;
  let scratch: string | undefined;
  if (source.patch) {
    scratch = mkdtempSync(join(tmpdir(), 'toolwise-figures-'));
    rmSync(scratch, { recursive: true });
    const git = (args: string[], at = root) => {
      const r = spawnSync('git', args, { cwd: at, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed`);
    };
    git(['worktree', 'add', '--detach', scratch, 'HEAD']);
    symlinkSync(resolve(root, 'node_modules'), join(scratch, 'node_modules'));
    git(['apply', resolve(root, source.patch)], scratch);
    cwd = scratch;
  }
  try {
    console.log(commandOf(path, source));
    const r = spawnSync('npx', ['tsx', source.script ?? 'scripts/bench.ts', ...source.args, source.json ? '--json' : '--results', resolve(root, path)], { cwd, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`the bench for ${path} failed`);
  } finally {
    if (scratch) spawnSync('git', ['worktree', 'remove', '--force', scratch], { cwd: root, stdio: 'inherit' });
  }
}

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, bench: { type: 'boolean', default: false }, only: { type: 'string' }, root: { type: 'string', default: '.' } } });
  const root = resolve(values.root!);
  if (values.bench) {
    for (const [path, source] of Object.entries(SOURCES)) if (!values.only || path.includes(values.only)) runSource(root, path, source);
  }
  if (values.check) {
    const problems = figureProblems(root);
    for (const p of problems) console.error(`${p}: run npm run docs:figures`);
    if (problems.length) process.exitCode = 1;
    else console.log(`${BLOCKS.length} blocks match their JSON`);
    return;
  }
  const read = readerAt(root);
  for (const doc of [...new Set(BLOCKS.map((b) => b.doc))]) {
    const path = join(root, doc);
    const text = readFileSync(path, 'utf8');
    const wanted = withBlocks(text, doc, read);
    if (wanted !== text) {
      writeFileSync(path, wanted);
      console.log(`wrote ${doc}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
