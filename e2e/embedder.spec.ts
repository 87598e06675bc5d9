import { configure, expect, runAndWait, test } from './fixtures';
import type { Page } from '@playwright/test';

/** Where each device runs the bundled model: the CPU one evaluates its one table lookup without onnxruntime. */
const RUNS_ON = { wasm: 'on CPU, as a table lookup in JavaScript', webgpu: 'on webgpu' };

/** Probes the chosen embedder on the chosen device; returns the top tools, best first. */
async function probe(page: Page, device: 'wasm' | 'webgpu'): Promise<string[]> {
  await page.getByTestId('embed-device-select').selectOption(device);
  await page.getByTestId('probe-button').click();
  const ranking = page.getByTestId('probe-ranking');
  await expect(ranking, `the probe on ${device}`).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('probe-summary')).toContainText(RUNS_ON[device]);
  return ranking.locator('code').allTextContents();
}

test('the bundled embedder runs as a table lookup on the CPU, and on webgpu ranks tools the same or says why it cannot', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('embedder-select')).toHaveValue('toolwise-simcse');
  await page.locator('.embed-probe summary').click();
  await page.getByTestId('probe-query').fill('Your task is to: heat some egg and put it in the fridge.');
  const onWasm = await probe(page, 'wasm');
  expect(onWasm).toHaveLength(5);
  expect(onWasm).toContain('heat');
  // Its table is stored in 16-bit floats: on an adapter without shader-f16 (this headless Chromium's), webgpu
  // must say so and why, instead of failing inside onnxruntime's shader.
  const hasF16 = await page.evaluate(async () => {
    const adapter = await (navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ features: ReadonlySet<string> } | null> } }).gpu?.requestAdapter();
    return adapter?.features.has('shader-f16') ?? false;
  });
  if (hasF16) {
    expect(await probe(page, 'webgpu')).toEqual(onWasm);
  } else {
    await page.getByTestId('embed-device-select').selectOption('webgpu');
    await page.getByTestId('probe-button').click();
    await expect(page.getByTestId('probe-error')).toContainText('no 16-bit float shaders (shader-f16). Choose wasm', { timeout: 60_000 });
    // Back on the CPU it still works.
    expect(await probe(page, 'wasm')).toEqual(onWasm);
  }
});

test('a run records the embedder it used; the lexical one stays available', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['autotool-react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  await expect(page.getByTestId('embedder-label')).toContainText('Toolwise SimCSE (bundled) on CPU, as a table lookup');
  // Setup says it too, next to Run.
  await expect(page.getByTestId('last-run-models')).toContainText('Simulated model');
  await expect(page.getByTestId('last-run-models')).toContainText('Toolwise SimCSE (bundled) on CPU, as a table lookup');
  await page.getByTestId('embedder-select').selectOption('lexical');
  await expect(page.getByTestId('embed-device-select')).toHaveCount(0);
  await runAndWait(page);
  await expect(page.getByTestId('embedder-label')).toContainText('Lexical TF-IDF');
});

test('a hub embedder offline says so, and the bundled one still works', async ({ page, context }, testInfo) => {
  // The browser plays offline for the hub: the request is aborted here, never sent.
  testInfo.annotations.push({ type: 'blocked-origin', description: 'https://huggingface.co/' });
  await context.route('https://huggingface.co/**', (route) => route.abort('internetdisconnected'));
  await page.goto('./');
  await page.getByTestId('embedder-select').selectOption('all-MiniLM-L6-v2');
  await expect(page.getByTestId('embedder-select').locator('option:checked')).toContainText('23 MB download');
  await page.locator('.embed-probe summary').click();
  await page.getByTestId('probe-button').click();
  await expect(page.getByTestId('probe-error')).toContainText('could not be downloaded from the Hugging Face hub');
  await expect(page.getByTestId('probe-error')).toContainText('Are you offline?');
  await page.getByTestId('embedder-select').selectOption('toolwise-simcse');
  await page.getByTestId('probe-button').click();
  await expect(page.getByTestId('probe-ranking')).toBeVisible();
});

test('the page paints before the worker and the embedder load, and never loads onnxruntime or web-llm unasked', async ({ page }) => {
  const scripts: string[] = [];
  page.context().on('request', (request) => scripts.push(new URL(request.url()).pathname));
  await page.goto('./');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  // The worker (and, in it, transformers.js for the tokenizer) loads in the background after first paint.
  const timings = () =>
    page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      worker: performance.getEntriesByType('resource').filter((entry) => /runner-worker/.test(entry.name)).map((entry) => entry.startTime),
    }));
  await expect.poll(async () => (await timings()).worker.length, { timeout: 30_000 }).toBe(1);
  const { paint, worker } = await timings();
  expect(paint).toBeGreaterThan(0);
  expect(worker[0]).toBeGreaterThan(paint);
  await expect.poll(() => scripts.some((path) => /transformers\.web/.test(path)), { timeout: 30_000 }).toBe(true);
  // The bundled model is one table lookup: onnxruntime's module is never fetched for it.
  expect(scripts.filter((path) => /ort-wasm/.test(path))).toEqual([]);
  // web-llm (its chunk lib-) waits until a local LLM is chosen.
  expect(scripts.filter((path) => /\/lib-/.test(path))).toEqual([]);
});

test('a hub embedder downloads with a progress bar (the test serves the files in place of the hub)', async ({ page, context }, testInfo) => {
  // No network: requests to the hub are answered here with the bundled model's files.
  testInfo.annotations.push({ type: 'blocked-origin', description: 'https://huggingface.co/' });
  const served: string[] = [];
  await context.route('https://huggingface.co/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/Xenova\/all-MiniLM-L6-v2\/resolve\/main\//, '');
    const file = path === 'onnx/model_quantized.onnx' ? 'onnx/model.onnx' : path;
    served.push(path);
    const response = await page.request.get(`./models/toolwise-simcse/${file}`);
    if (!response.ok()) return route.fulfill({ status: 404, body: 'not found' });
    const body = await response.body();
    // Slow enough for the progress bar to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fulfill({ status: 200, body, headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) } });
  });
  await page.goto('./');
  await page.getByTestId('embedder-select').selectOption('all-MiniLM-L6-v2');
  await page.locator('.embed-probe summary').click();
  await page.getByTestId('probe-button').click();
  await expect(page.getByTestId('embed-progress')).toBeVisible();
  await expect(page.getByTestId('probe-ranking')).toBeVisible({ timeout: 60_000 });
  expect(served).toContain('onnx/model_quantized.onnx');
});
