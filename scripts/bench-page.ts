/**
 * The page benchmark (not a test): drives the built page in Chromium through runs and reports how
 * long each took from the click to "done", how much of that was model loading, when the first
 * result row appeared, and the main thread's long tasks; the same run in Node gives the ratio.
 *   npm run bench:page -- [--json FILE] [--no-build] [--full] [--workers N] [--only TEXT] [--no-node] [--port N]
 * Runs: household+academic x react+reflexion x 30 tasks x 2 seeds, cold (a fresh browser profile,
 * Run pressed at once or 3 s after opening) and warm (Run pressed again on the same page); SLATE x 4 strategies x 60 tasks; with --full, every strategy on
 * every environment it supports at 100 tasks (the issue's full matrix, minutes). --workers N sets
 * the page's worker pool (the link's `workers=`) instead of hardware threads - 1, to measure the pool
 * on any machine. --only TEXT keeps the runs whose name holds TEXT (`--full --only SLATE` times the
 * SLATE full matrix alone), --no-node leaves out the Node timings (a page-only comparison of pool
 * sizes), --port N serves the page on another port than 4175 (two benches at once).
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import { InThreadRunner } from '../src/core/run/runner';
import { configToHash } from '../src/ui/url-config';
import { STRATEGIES } from '../src/core/strategies';
import { ENVIRONMENTS } from '../src/core/envs';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';

let PORT = 4175;
let BASE = `http://127.0.0.1:${PORT}/`;

interface PageRow {
  run: string;
  clickToDoneMs: number;
  modelLoadMs: number;
  firstResultMs: number;
  longTasks: number;
  longestTaskMs: number;
  nodeMs: number;
  /** CPU seconds of the browser's processes from the click to done (user + system, every thread). */
  pageCpuS: number;
  /** CPU seconds of the busiest run workers' threads (the page's pool), most first. */
  workerCpuS: number[];
}

/** The threads of this process's descendants that are not Node (the browser), with their CPU seconds: `pid/tid` -> name and seconds. */
function browserThreads(): Map<string, { name: string; cpuS: number }> {
  const tick = 100; // USER_HZ on Linux
  const stat = (path: string) => {
    try {
      const raw = readFileSync(path, 'utf8');
      const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      return { name: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')), ppid: Number(fields[1]), cpuS: (Number(fields[11]) + Number(fields[12])) / tick };
    } catch {
      return undefined; // gone meanwhile
    }
  };
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) if (/^\d+$/.test(entry)) parents.set(Number(entry), stat(`/proc/${entry}/stat`)?.ppid ?? 0);
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  const threads = new Map<string, { name: string; cpuS: number }>();
  for (const pid of parents.keys()) {
    if (!descends(pid) || /^(node|npm|sh|esbuild)/.test(stat(`/proc/${pid}/stat`)?.name ?? 'node')) continue;
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const thread = stat(`/proc/${pid}/task/${tid}/stat`);
      if (thread) threads.set(`${pid}/${tid}`, { name: thread.name, cpuS: thread.cpuS });
    }
  }
  return threads;
}

/** CPU seconds the browser spent between two readings: in all, and by run worker thread. */
function browserCpu(before: Map<string, { name: string; cpuS: number }>, after: Map<string, { name: string; cpuS: number }>): { pageCpuS: number; workerCpuS: number[] } {
  const spent = [...after].map(([key, thread]) => ({ name: thread.name, cpuS: thread.cpuS - (before.get(key)?.cpuS ?? 0) }));
  const workers = spent.filter((thread) => /DedicatedWorker/i.test(thread.name) && thread.cpuS > 0.5).map((thread) => thread.cpuS);
  return { pageCpuS: spent.reduce((sum, thread) => sum + thread.cpuS, 0), workerCpuS: workers.sort((a, b) => b - a) };
}

function chromiumPath(): string {
  const found = 'node_modules/.cache/toolwise/chromium-path';
  return process.env.CHROMIUM_PATH ?? (existsSync(found) ? readFileSync(found, 'utf8').trim() : '/usr/bin/chromium');
}

function startPreview(): Promise<() => void> {
  // Its own process group, so that stopping it stops npx's child too.
  const child = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(String(PORT))) resolve(() => process.kill(-child.pid!, 'SIGTERM'));
    });
    child.on('exit', (code) => reject(new Error(`vite preview exited with ${code}`)));
  });
}

/** Long tasks, observed from before the page's own scripts run. */
const OBSERVE = () => {
  const w = window as unknown as { __long: number[] };
  w.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.__long.push(entry.duration))).observe({ type: 'longtask', buffered: true });
};

/** Opens the page on a config (unless it is open already, for a warm run) and times one run. */
async function timeRun(page: Page, config: RunConfig, again: boolean, settleMs = 0, workers?: number): Promise<Omit<PageRow, 'run' | 'nodeMs'>> {
  if (!again) await page.goto(`${BASE}${configToHash(config)}${workers ? `&workers=${workers}` : ''}`);
  // A reader who looks at the page a moment before pressing Run: the page loads in the background meanwhile.
  if (settleMs) await page.waitForTimeout(settleMs);
  await page.getByTestId('run-button').waitFor();
  await page.getByTestId('run-button').isEnabled();
  await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
  // When the first task result shows.
  await page.evaluate(() => {
    const w = window as unknown as { __first: number | undefined };
    w.__first = undefined;
    new MutationObserver(() => {
      if (w.__first === undefined && /^[1-9]/.test(document.querySelector('[data-testid="progress-count"]')?.textContent ?? '')) w.__first = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const started = await page.evaluate(() => performance.now());
  const threadsBefore = browserThreads();
  await page.getByTestId('run-button').click();
  await page.locator('[data-testid="status"][data-status="done"]').waitFor({ timeout: 30 * 60_000 });
  const done = await page.evaluate(() => performance.now());
  const cpu = browserCpu(threadsBefore, browserThreads());
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __first: number | undefined };
    return { long: w.__long, first: w.__first };
  });
  // What the run waited for before its first task (data, tokenizer, embedder, model), as the worker measured it.
  const loadMs = Number(await page.getByTestId('run-status').getAttribute('data-load-ms'));
  return {
    clickToDoneMs: Math.round(done - started),
    modelLoadMs: Number.isFinite(loadMs) ? loadMs : 0,
    firstResultMs: seen.first === undefined ? Math.round(done - started) : Math.round(seen.first - started),
    longTasks: seen.long.length,
    longestTaskMs: Math.round(Math.max(0, ...seen.long)),
    ...cpu,
  };
}

async function nodeMs(config: RunConfig): Promise<number> {
  const runner = new InThreadRunner(loadNodeData, undefined, ENVIRONMENTS, loadNodeEmbedder);
  await runner.modelEmbedder(config.embedder, 'wasm'); // loaded first: the ratio compares running
  const started = performance.now();
  await runner.run(config);
  return Math.round(performance.now() - started);
}

async function main() {
  const { values } = parseArgs({ options: { json: { type: 'string' }, 'no-build': { type: 'boolean', default: false }, full: { type: 'boolean', default: false }, workers: { type: 'string' }, only: { type: 'string' }, 'no-node': { type: 'boolean', default: false }, port: { type: 'string' } } });
  if (values.port !== undefined) {
    PORT = Number(values.port);
    if (!(Number.isInteger(PORT) && PORT > 0 && PORT < 65536)) throw new Error(`--port takes a port number, not "${values.port}".`);
    BASE = `http://127.0.0.1:${PORT}/`;
  }
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) throw new Error(`--workers takes a whole number of workers, not "${values.workers}".`);
  if (!values['no-build']) execFileSync('npx', ['vite', 'build'], { stdio: 'ignore' });
  const page = { ...DEFAULT_RUN_CONFIG, embedder: 'toolwise-simcse' };
  const twoByTwo = { ...page, envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 30, seeds: 2 };
  // cold: a fresh browser profile and page; warm: Run pressed again on the same page.
  const runs: { name: string; config: RunConfig; cold?: boolean; again?: boolean; settleMs?: number }[] = [
    { name: '2x2x30x2 cold, Run pressed at once', config: twoByTwo, cold: true },
    { name: '2x2x30x2 cold, Run pressed 3 s after opening', config: twoByTwo, cold: true, settleMs: 3000 },
    { name: '2x2x30x2 warm', config: twoByTwo, again: true },
    { name: 'SLATE 4x60', config: { ...page, envs: ['slate'], strategies: ['react', 'reflexion', 'egb-sampling', 'egb-logits'], tasks: 60 } },
  ];
  if (values.full) {
    const plain = Object.keys(ENVIRONMENTS).filter((id) => !ENVIRONMENTS[id].planGuided);
    runs.push({ name: 'full matrix, four environments', config: { ...page, envs: plain, strategies: Object.values(STRATEGIES).filter((s) => !s.planGuidedOnly).map((s) => s.id), tasks: 100 } });
    runs.push({ name: 'full matrix, SLATE', config: { ...page, envs: ['slate'], strategies: Object.keys(STRATEGIES), tasks: 100 } });
  }
  const chosen = values.only === undefined ? runs : runs.filter((run) => run.name.toLowerCase().includes(values.only!.toLowerCase()));
  if (chosen.length === 0) throw new Error(`--only "${values.only}" names none of the runs: ${runs.map((run) => run.name).join('; ')}.`);
  const stop = await startPreview();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const rows: PageRow[] = [];
  try {
    let context = await browser.newContext();
    let tab: Page | undefined;
    // Node warms up first (JIT, tokenizer), so its figure is the run's own.
    if (!values['no-node']) await nodeMs({ ...DEFAULT_RUN_CONFIG, embedder: 'toolwise-simcse', tasks: 3 });
    for (const run of chosen) {
      if (run.cold) {
        await context.close();
        context = await browser.newContext();
      }
      if (!run.again || !tab) {
        await tab?.close();
        tab = await context.newPage();
        await tab.addInitScript(OBSERVE);
      }
      const timing = await timeRun(tab, run.config, Boolean(run.again), run.settleMs, workers);
      rows.push({ run: run.name, ...timing, nodeMs: values['no-node'] ? Number.NaN : await nodeMs(run.config) });
      console.error(`${run.name}${workers ? ` (${workers} workers)` : ''}: ${timing.clickToDoneMs} ms, browser CPU ${timing.pageCpuS.toFixed(1)} s, run workers ${timing.workerCpuS.map((s) => s.toFixed(1)).join(' + ')} s (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
    }
  } finally {
    await browser.close();
    stop();
  }
  console.log('| run | click to done | model load | first result | long tasks | longest | browser CPU | run workers CPU | Node | page / Node |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.run} | ${(r.clickToDoneMs / 1000).toFixed(2)} s | ${(r.modelLoadMs / 1000).toFixed(2)} s | ${(r.firstResultMs / 1000).toFixed(2)} s | ${r.longTasks} | ${r.longestTaskMs} ms | ${r.pageCpuS.toFixed(1)} s | ${r.workerCpuS.map((s) => s.toFixed(1)).join(' + ')} s | ${Number.isNaN(r.nodeMs) ? '-' : `${(r.nodeMs / 1000).toFixed(2)} s`} | ${Number.isNaN(r.nodeMs) ? '-' : (r.clickToDoneMs / r.nodeMs).toFixed(2)} |`);
  if (values.json) await writeFile(values.json, JSON.stringify({ page: rows }, null, 2) + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
