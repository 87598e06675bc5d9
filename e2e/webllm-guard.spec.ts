import config from '../playwright.config';
import { configure, expect, reopenFromLink, test } from './fixtures';

// This browser without WebGPU: the page's own check fails, as on a machine without a usable GPU.
const launch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []).filter((arg) => arg !== '--enable-unsafe-webgpu'), '--disable-webgpu'] } });

test('without WebGPU a WebLLM model turns Run off and says why; the model still shows its context window', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 1, seeds: 1 });
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.getByTestId('model-kind-webllm').check();
  await expect(page.getByTestId('webllm-select')).toHaveValue('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
  await expect(page.getByTestId('webllm-window')).toContainText(/Context window: 4,096 tokens/);
  await expect(page.getByTestId('webllm-gpu')).not.toContainText('WebGPU is available');
  await expect(page.getByTestId('run-button')).toBeDisabled();
  await expect(page.getByTestId('run-blocked')).toContainText('failed the WebGPU check');
  // Back on the simulated model, Run is on again.
  await page.getByTestId('model-kind-sim').check();
  await expect(page.getByTestId('run-blocked')).toHaveCount(0);
  await expect(page.getByTestId('run-button')).toBeEnabled();
});

test("a WebLLM model's context window is set in Setup, shown in the picker with its memory cost, and carried by the link", async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 1, seeds: 1 });
  await page.getByTestId('model-kind-webllm').check();
  await expect(page.getByTestId('webllm-select')).toHaveValue('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
  // The field is there for a WebLLM model even where windows are not checked (the engine loads with it).
  await expect(page.getByTestId('overflow-select')).toHaveValue('off');
  const field = page.getByTestId('window-input');
  await expect(field).toBeVisible();
  await expect(page.locator('label.number-field', { has: field })).toHaveAttribute('title', /chatOpts\.context_window_size.*more GPU memory/);
  await field.fill('8192');
  await expect(page.getByTestId('webllm-window')).toContainText('Context window: 8,192 tokens (set in Setup, passed to web-llm as chatOpts.context_window_size');
  await expect(page.getByTestId('webllm-window-memory')).toContainText('A larger window takes more GPU memory');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('window=8192');
  // A model whose web-llm records give a per-token figure (Phi-3.5-mini and its 1k build): 3,672 MB + 4,096 x 0.375 MB.
  await page.getByTestId('webllm-select').selectOption('Phi-3.5-mini-instruct-q4f16_1-MLC');
  await expect(page.getByTestId('webllm-window-memory')).toContainText('GPU memory at this window: about 5.1 GB (0.375 MB a token of window');
  // The link opens with the window set.
  await reopenFromLink(page);
  await expect(page.getByTestId('window-input')).toHaveValue('8192');
  await expect(page.getByTestId('webllm-window')).toContainText('Context window: 8,192 tokens');
  // Back to 0: the record's window, no memory note.
  await page.getByTestId('window-input').fill('0');
  await expect(page.getByTestId('webllm-window')).toContainText('Context window: 4,096 tokens');
  await expect(page.getByTestId('webllm-window-memory')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('window=');
});
