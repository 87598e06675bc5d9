import { configure, expect, runAndWait, test } from './fixtures';
import type { Page } from '@playwright/test';

/** A self-hosted model on the page's own origin whose files are not there, so its download fails. */
async function addMissingModel(page: Page) {
  await page.locator('.custom-model summary').click();
  await page.getByTestId('custom-id').fill('Missing-q4f32_1-MLC');
  await page.getByTestId('custom-model-url').fill('./self-hosted/Missing-q4f32_1-MLC');
  await page.getByTestId('custom-lib-url').fill('./self-hosted/Missing-q4f32_1-webgpu.wasm');
  await page.getByTestId('custom-add').click();
  await expect(page.getByTestId('webllm-select')).toHaveValue('Missing-q4f32_1-MLC');
}

test('a WebLLM model that cannot download says why, and one click goes back to the simulated model', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });
  await page.getByTestId('model-kind-webllm').check();
  // The prebuilt list, with VRAM, defaulting to the small Qwen model that needs no shader-f16.
  await expect(page.getByTestId('webllm-select')).toHaveValue('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
  const options = await page.getByTestId('webllm-select').locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(3);
  for (const option of options) expect(option).toMatch(/VRAM/);
  await expect(page.getByTestId('simulated-notice')).toHaveCount(0);

  await addMissingModel(page);
  await page.getByTestId('webllm-size-button').click();
  await expect(page.getByTestId('webllm-size')).toContainText('could not be read');

  // The GPU is checked first: without WebGPU the message says so; with it, the download fails.
  const gpu = page.getByTestId('webllm-gpu');
  await expect(gpu).toBeVisible();
  if (/WebGPU is available/.test(await gpu.innerText())) {
    await expect(page.getByTestId('webllm-cache')).toContainText('Not downloaded yet');
    await page.getByTestId('webllm-load').click();
    await expect(page.getByTestId('webllm-error')).toContainText(/not the model files|not found|could not be downloaded/);
    await expect(page.getByTestId('webllm-error')).toContainText('The simulated model still works');
  } else {
    await expect(gpu).toContainText(/WebGPU|adapter/);
    await expect(gpu).toContainText('The simulated model still works');
  }

  await page.getByTestId('webllm-fallback').click();
  await expect(page.getByTestId('model-kind-sim')).toBeChecked();
  await expect(page.getByTestId('simulated-notice')).toBeVisible();
  await runAndWait(page);
  await expect(page.getByTestId('model-label')).toContainText('Simulated model');
});

test('a run on a WebLLM model that cannot load ends with that message, or cannot start without WebGPU, and the next run works', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 1, seeds: 1 });
  await page.getByTestId('model-kind-webllm').check();
  await expect(page.getByTestId('webllm-select')).toHaveValue('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
  await addMissingModel(page);
  const gpu = page.getByTestId('webllm-gpu');
  await expect(gpu).toBeVisible();
  if (/WebGPU is available/.test(await gpu.innerText())) {
    await runAndWait(page, 'error');
    await expect(page.getByTestId('error')).toContainText(/not the model files|not found/);
  } else {
    // Without WebGPU, Run is off and says why.
    await expect(page.getByTestId('run-button')).toBeDisabled();
    await expect(page.getByTestId('run-blocked')).toContainText(/WebGPU/);
  }
  await page.getByTestId('model-kind-sim').check();
  await runAndWait(page);
  await expect(page.getByTestId('model-label')).toContainText('Simulated model');
});
