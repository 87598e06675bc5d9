import config from '../playwright.config';
import { configure, expect, test } from './fixtures';

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
