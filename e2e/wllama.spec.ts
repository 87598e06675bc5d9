import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, runAndWait, taskRows, test } from './fixtures';
import { writeModel } from '../scripts/engine/write-gguf';

/**
 * `wllama:` models (docs/models.md): a GGUF file picked in the page, run by llama.cpp in
 * WebAssembly in the strategy worker, offline. The model is the tiny random-weight Qwen2.5-shaped
 * GGUF with Qwen's real vocabulary, written here (never committed): its replies are noise, so
 * success means nothing; the costs are the engine's and are what is checked.
 */

let dir: string;
let modelPath: string;
const MODEL = 'tiny-qwen2.5.gguf';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolwise-wllama-'));
  modelPath = join(dir, MODEL);
  writeModel({ shape: 'tiny-qwen2.5', type: 'f16', out: modelPath, vocabulary: 'qwen2.5' });
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
});

test('ReAct on two academic tasks through wllama: a picked GGUF, offline, with the engine\'s usage, cache and seconds', async ({ page }) => {
  test.setTimeout(600_000);
  // A window just over the first prompt and its reply: a task ends on context overflow after a
  // call or two, so the random model's 512-token replies keep the test short.
  await page.goto(`./#envs=academic&strategies=react&tasks=2&seeds=1&embedder=lexical&overflow=fail&window=3000`);
  await page.getByTestId('model-kind-wllama').check();
  await expect(page.getByTestId('wllama-threads')).toContainText('not cross-origin isolated');
  await expect(page.getByTestId('wllama-threads')).toContainText('1 thread');
  await page.getByTestId('wllama-file').setInputFiles(modelPath);
  await expect(page.getByTestId('wllama-file-status')).toContainText(`Picked: ${MODEL}`);
  await expect(page.getByTestId('wllama-file-status')).toContainText('qwen2, trained context 8,192 tokens');
  expect(decodeURIComponent(page.url())).toContain(`model=wllama:${MODEL}`);
  await page.locator('.model-picker').screenshot({ path: join(dir, 'picker.png') });
  await page.locator('.model-picker').screenshot({ path: 'test-results/wllama-picker.png' });
  await runAndWait(page, 'done', 540_000);
  await expect(page.getByTestId('model-label')).toContainText(`wllama (llama.cpp, CPU, 1 thread): ${MODEL}`);
  console.log(await page.getByTestId('task-table').innerText());
  console.log(await page.getByTestId('aggregate-table').innerText());
  await expect(taskRows(page)).toHaveCount(2);
});
