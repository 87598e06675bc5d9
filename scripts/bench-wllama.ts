import { createServer } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { getLlama, type Token } from 'node-llama-cpp';
import { chromium } from '@playwright/test';
import { writeModel } from './engine/write-gguf.ts';
import { GGML_TYPES, type GgmlType } from './engine/gguf-writer.ts';

/**
 * Decode rate of the page's engine (wllama: llama.cpp in WebAssembly, 1 thread, in Chromium)
 * against llama.cpp native (node-llama-cpp, 1 thread) on the same GGUF file, which it writes
 * (random weights, Qwen2.5's vocabulary; nothing is downloaded):
 *   npm run bench:wllama -- --shape tiny-qwen2.5 --type f16 --decode 128 --repeats 3
 * Each repeat decodes --decode tokens greedily after a short prompt, never stopping early; the
 * rate is tokens over the decode's own time (wllama: llama-server's `timings.predicted_ms`;
 * native: the wall time of the token loop). The page is served here, not cross-origin isolated,
 * as a static host serves it: wllama runs single-threaded, as the page's does.
 */
const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'tiny-qwen2.5' },
    type: { type: 'string', default: 'f16' },
    layers: { type: 'string' },
    decode: { type: 'string', default: '128' },
    repeats: { type: 'string', default: '3' },
    dir: { type: 'string', default: '/tmp/toolwise-engine' },
  },
});
const type = values.type as GgmlType;
if (!Object.hasOwn(GGML_TYPES, type)) throw new Error(`--type must be one of ${Object.keys(GGML_TYPES).join(', ')}.`);
const decode = Number(values.decode);
const repeats = Number(values.repeats);
mkdirSync(values.dir, { recursive: true });
const file = join(values.dir, `${values.shape}-${type}${values.layers ? `-${values.layers}l` : ''}-qwenvocab.gguf`);
const bytes = writeModel({ shape: values.shape, type, out: file, layers: values.layers ? Number(values.layers) : undefined, vocabulary: 'qwen2.5' });
console.log(`${file}: ${(bytes / 1e6).toFixed(1)} MB`);
const PROMPT = 'You choose tools for a task. Task: find the papers that cite the survey, then list their authors.';

async function nativeRates(): Promise<number[]> {
  const llama = await getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: 'error' as never });
  const model = await llama.loadModel({ modelPath: file });
  const rates: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const context = await model.createContext({ contextSize: 2048, threads: 1, batchSize: 512 });
    const sequence = context.getSequence();
    const prompt = model.tokenize(PROMPT);
    await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
    let last: Token = prompt.at(-1)!;
    let count = 0;
    const started = performance.now();
    // Greedy, one token at a time, never stopping at an end token: the same work as wllama's ignore_eos.
    for await (const token of sequence.evaluate([last], { temperature: 0 })) {
      last = token;
      if (++count >= decode) break;
    }
    rates.push(count / ((performance.now() - started) / 1000));
    await context.dispose();
  }
  await model.dispose();
  return rates;
}

async function wllamaRates(): Promise<{ rates: number[]; threads: number; multiThread: boolean }> {
  const root = join(import.meta.dirname, '..', 'node_modules', '@wllama', 'wllama', 'esm');
  const page = `<!doctype html><meta charset="utf-8"><script type="module">
import { Wllama } from './wllama.js';
window.measure = async (decode, repeats, prompt) => {
  const w = new Wllama({ default: './wllama.wasm' }, { suppressNativeLog: true, logger: { debug() {}, log() {}, warn() {}, error: console.error } });
  w.setCompat(null);
  const blob = await (await fetch('./model.gguf')).blob();
  await w.loadModel([blob], { n_ctx: 2048, n_threads: 1, n_parallel: 1, n_gpu_layers: 0 });
  const rates = [];
  for (let r = 0; r < repeats; r++) {
    const reply = await w.createCompletion({ prompt, max_tokens: decode, temperature: 0, ignore_eos: true, cache_prompt: false });
    rates.push(reply.timings.predicted_n / (reply.timings.predicted_ms / 1000));
  }
  const out = { rates, threads: w.getNumThreads(), multiThread: w.isMultithread() };
  await w.exit();
  return out;
};
</script>`;
  const files: Record<string, [string, string]> = {
    '/wllama.js': [join(root, 'index.js'), 'text/javascript'],
    '/wllama.wasm': [join(root, 'wasm', 'wllama.wasm'), 'application/wasm'],
    '/model.gguf': [file, 'application/octet-stream'],
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    const found = files[path];
    if (!found) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': found[1] }).end(readFileSync(found[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const found = 'node_modules/.cache/toolwise/chromium-path';
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(found) ? readFileSync(found, 'utf8').trim() : '/usr/bin/chromium');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', ...(process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : [])] });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${port}/`);
    return await tab.evaluate(([d, r, p]) => (window as unknown as { measure(d: number, r: number, p: string): Promise<{ rates: number[]; threads: number; multiThread: boolean }> }).measure(d, r, p), [decode, repeats, PROMPT] as const);
  } finally {
    await browser.close();
    server.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (xs: number[]) => `${median(xs).toFixed(1)} [${Math.min(...xs).toFixed(1)}, ${Math.max(...xs).toFixed(1)}]`;
const native = await nativeRates();
const wasm = await wllamaRates();
console.log(`\n${values.shape} ${type}, ${decode} tokens decoded greedily, ${repeats} repeats; ${cpus()[0]?.model ?? 'CPU'} (${cpus().length} cores, load average ${loadavg()[0].toFixed(2)})`);
console.log('| engine | threads | decode tok/s median [min, max] |');
console.log('|---|---:|---:|');
console.log(`| llama: (node-llama-cpp, native) | 1 | ${show(native)} |`);
console.log(`| wllama: (WebAssembly in Chromium, not cross-origin isolated) | ${wasm.threads}${wasm.multiThread ? ' (multi-thread build)' : ''} | ${show(wasm.rates)} |`);
console.log(`native / wllama: ${(median(native) / median(wasm.rates)).toFixed(2)}x`);
