import { configure, expect, runAndWait, test } from './fixtures';

test('seconds on a device stand beside the dollars, for a device picked in Setup or named by the link', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });
  // A WebGPU profile shows its source, and the prefill rate it assumes (web-llm publishes decoding speeds only).
  await page.getByTestId('device-select').selectOption('webgpu-m3max-phi3.5-mini');
  await expect(page.getByTestId('device-source')).toContainText('arXiv 2412.15803');
  await expect(page.getByTestId('device-assumption')).toContainText('not published');
  await expect(page.getByTestId('device-measured')).toHaveCount(0);
  await page.getByTestId('device-select').selectOption('cpu-qwen2.5-0.5b-q8');
  await expect(page.getByTestId('device-source')).toContainText('npm run bench:engine');
  // A profile measured here says on which machine and when (from docs/bench-engine.json).
  await expect(page.getByTestId('device-measured')).toHaveText(/^Measured on .+ \(\d+ cores\) on \d{4}-\d{2}-\d{2}, 1 engine thread, node-llama-cpp \d+\.\d+\.\d+, load average/);
  await expect(page.getByTestId('device-assumption')).toHaveCount(0);
  await page.getByTestId('device-select').selectOption('own');
  await page.getByTestId('device-rates').fill('1000,20,0');
  await runAndWait(page);
  const table = page.getByTestId('aggregate-table');
  await expect(table.locator('thead')).toContainText('Seconds / task');
  // A value and its 95% interval, in seconds.
  await expect(table.locator('td[data-column="localSeconds"]').first()).toHaveText(/^[\d,.]+ s \[[\d,.]+ s, [\d,.]+ s\]$/);

  // The same device from a link, opened afresh.
  await page.goto('about:blank');
  await page.goto('./#envs=household&strategies=react&tasks=2&local-device=1000,20,0');
  await expect(page.getByTestId('device-select')).toHaveValue('own');
  await expect(page.getByTestId('device-rates')).toHaveValue('1000,20,0');
});
