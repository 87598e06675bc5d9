import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, runAndWait, taskRows, test } from './fixtures';
import { writeModel } from '../scripts/engine/write-gguf';
import { PREVIEW_ORIGIN } from './ports';

/**
 * `wllama:` models (docs/models.md): a GGUF file picked in the page, run by llama.cpp in
 * WebAssembly in the strategy worker, offline. The model is the tiny random-weight Qwen2.5-shaped
 * GGUF with Qwen's real vocabulary, written here (never committed): its replies are noise, so
 * success means nothing; the costs are the engine's and are what is checked.
 */

let dir: string;
let modelPath: string;
let brokenPath: string;
const MODEL = 'tiny-qwen2.5.gguf';
const BROKEN = 'unknown-arch.gguf';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolwise-wllama-'));
  modelPath = join(dir, MODEL);
  writeModel({ shape: 'tiny-qwen2.5', type: 'f16', out: modelPath, vocabulary: 'qwen2.5' });
  // The same file with an architecture llama.cpp does not know: its header reads, its load fails.
  const bytes = readFileSync(modelPath);
  const key = Buffer.from('general.architecture');
  const value = bytes.indexOf(key) + key.length + 4 + 8; // the key, its type (u32), the string's length (u64)
  expect(bytes.subarray(value, value + 5).toString()).toBe('qwen2');
  bytes.write('qwenx', value);
  brokenPath = join(dir, BROKEN);
  writeFileSync(brokenPath, bytes);
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// The whole page offline: anything that is not the preview server (or a blob:/data: URL) is refused.
test.beforeEach(async ({ context }) => {
  await context.route(/^(?!http:\/\/127\.0\.0\.1:|blob:|data:)/, (route) => route.abort('internetdisconnected'));
});

test('a link that names a wllama: file runs only once the file is picked, and says so plainly', async ({ page }) => {
  await page.goto(`./#envs=academic&strategies=react&tasks=2&seeds=1&embedder=lexical&model=wllama:${MODEL}`);
  await expect(page.getByTestId('model-kind-wllama')).toBeChecked();
  await expect(page.getByTestId('wllama-file-status')).toHaveText(`No file is picked for ${MODEL}: pick it above (a link names the file but cannot carry it).`);
  await runAndWait(page, 'error');
  await expect(page.getByTestId('error')).toContainText(`No GGUF file is picked for wllama:${MODEL}`);
  await expect(page.getByTestId('error')).toContainText('Pick it in Setup');

  // A file that is not a model llama.cpp can load: the run says why, and the setup stays as it was.
  await page.getByTestId('wllama-file').setInputFiles(brokenPath);
  await expect(page.getByTestId('wllama-file-status')).toContainText(`Picked: ${BROKEN}`);
  await page.getByTestId('window-input').fill('1024');
  await page.getByTestId('window-input').blur();
  await runAndWait(page, 'error');
  await expect(page.getByTestId('error')).toContainText(`wllama could not load ${BROKEN}: `);
  await expect(page.getByTestId('error')).toContainText("unknown model architecture: 'qwenx'");
  await expect(page.getByTestId('error')).toContainText('Nothing else changed');
  expect(decodeURIComponent(page.url())).toContain(`model=wllama:${BROKEN}`);
  await expect(page.getByTestId('wllama-file-status')).toContainText(`Picked: ${BROKEN}`);
});

test('ReAct on two academic tasks through wllama: a picked GGUF, offline, with the engine\'s usage, cache and seconds', async ({ page }) => {
  test.setTimeout(600_000);
  // The engine is loaded with a window a little over the first prompt (about 1,000 tokens): the
  // random model, which never stops on its own, writes until the window is full instead of 512
  // tokens a call, and a task ends (overflow=fail) once its prompt, which grows by each reply, no
  // longer fits. That keeps the test short; a task makes several calls first.
  await page.goto(`./#envs=academic&strategies=react&tasks=2&seeds=1&embedder=lexical&window=1250&overflow=fail`);
  await page.getByTestId('model-kind-wllama').check();
  await expect(page.getByTestId('wllama-file-status')).toHaveText('No GGUF model chosen yet: pick a file above, or download one from a URL below.');
  await expect(page.getByTestId('wllama-threads')).toContainText('not cross-origin isolated');
  await expect(page.getByTestId('wllama-threads')).toContainText('llama.cpp runs on 1 thread');
  await page.getByTestId('wllama-file').setInputFiles(modelPath);
  await expect(page.getByTestId('wllama-file-status')).toHaveText(/^Picked: tiny-qwen2\.5\.gguf, [\d.]+ MB, qwen2, trained context 8,192 tokens\.$/);
  expect(decodeURIComponent(page.url())).toContain(`model=wllama:${MODEL}`);
  await page.locator('.model-picker').screenshot({ path: 'test-results/wllama-picker.png' });

  await runAndWait(page, 'done', 540_000);
  await expect(page.getByTestId('model-label')).toContainText(`wllama (llama.cpp, CPU, 1 thread): ${MODEL}`);
  await expect(taskRows(page)).toHaveCount(2);
  // Usage from the engine: prompt and completion tokens, and the prompt tokens it reused from its KV cache.
  const table = page.getByTestId('aggregate-table');
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('column-cachedPromptTokens').check();
  await page.getByTestId('column-completionTokens').check();
  const row = table.locator('tbody tr').first();
  const number = async (column: string) => Number((await row.locator(`td[data-column="${column}"]`).innerText({ timeout: 10_000 })).split(/\s/)[0].replace(/,/g, ''));
  const prompt = await number('promptTokens');
  const cached = await number('cachedPromptTokens');
  const uncached = await number('uncachedPromptTokens');
  expect(prompt).toBeGreaterThan(1000);
  // Each ReAct step extends the prompt before it, and the second task starts with the first's instruction: most is reused, not all.
  expect(cached).toBeGreaterThan(prompt / 2);
  expect(uncached).toBeGreaterThan(0);
  expect(cached + uncached).toBe(prompt);
  expect(await number('completionTokens')).toBeGreaterThan(0);
  expect(await number('llmCalls')).toBeGreaterThan(2);
  // Seconds from the engine: each call's wall time, in the trace.
  await taskRows(page).first().click();
  await page.getByTestId('trace-toggle').first().click();
  const call = page.getByTestId('trace-call').first();
  await expect(call).toContainText(/[\d,]+ prompt \+ [1-9][\d,]* completion tokens · [\d.,]+ (ms|s)/);
});

test('a GGUF from a URL: its size first, then a download into the browser, listed and deletable', async ({ page }) => {
  // The URL is served here by the test (the page's own origin, offline), as a host would serve it.
  const url = `${new URL(PREVIEW_ORIGIN).origin}/test-models/${MODEL}`;
  const body = readFileSync(modelPath);
  await page.route(`**/test-models/${MODEL}`, (route) => route.fulfill({ status: 200, body: route.request().method() === 'HEAD' ? '' : body, headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) } }));
  await page.goto('./#envs=academic&strategies=react&tasks=1&seeds=1&embedder=lexical&model=wllama:');
  await page.getByText('Or download from a URL').click();
  await page.getByTestId('wllama-url').fill(url);
  await expect(page.getByTestId('wllama-download')).toBeDisabled();
  await page.getByTestId('wllama-size-button').click();
  await expect(page.getByTestId('wllama-size')).toHaveText(`Size: ${(body.length / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB.`);
  await page.getByTestId('wllama-download').click();
  await expect(page.getByTestId('wllama-cached')).toContainText(url, { timeout: 60_000 });
  expect(decodeURIComponent(page.url())).toContain(`model=wllama:${url}`);
  await expect(page.getByTestId('wllama-url-status')).toHaveCount(0);
  await page.getByTestId('wllama-delete').click();
  await expect(page.getByTestId('wllama-cached')).toHaveCount(0);
  await expect(page.getByTestId('wllama-url-status')).toContainText('is not downloaded yet');
});

test('on a cross-origin isolated page (COOP and COEP sent) wllama runs on several threads', async ({ page }) => {
  // The preview sends no COOP/COEP, as a static host; here every answer of the page's origin gets them.
  await page.route(`${PREVIEW_ORIGIN}**`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } });
  });
  await page.goto(`./#envs=academic&strategies=react&tasks=1&seeds=1&embedder=lexical&window=1024`);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.getByTestId('model-kind-wllama').check();
  await expect(page.getByTestId('wllama-threads')).toContainText(/This page is cross-origin isolated: llama\.cpp runs on \d+ threads\./);
  const threads = Number(/runs on (\d+) threads/.exec(await page.getByTestId('wllama-threads').innerText())![1]);
  expect(threads).toBeGreaterThan(1);
  await page.getByTestId('wllama-file').setInputFiles(modelPath);
  await expect(page.getByTestId('wllama-file-status')).toContainText(`Picked: ${MODEL}`);
  await page.getByTestId('wllama-load').click();
  await expect(page.getByTestId('wllama-loaded')).toContainText(`wllama (llama.cpp, CPU, ${threads} threads): ${MODEL}: context window 1,024 tokens`, { timeout: 60_000 });
});
