import { configure, expect, runAndWait, test } from './fixtures';
import type { Page } from '@playwright/test';

/** Probes the chosen embedder on the chosen device; returns the top tools, best first. */
async function probe(page: Page, device: 'wasm' | 'webgpu'): Promise<string[]> {
  await page.getByTestId('embed-device-select').selectOption(device);
  await page.getByTestId('probe-button').click();
  const ranking = page.getByTestId('probe-ranking');
  await expect(ranking, `the probe on ${device}`).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('probe-summary')).toContainText(`on ${device}`);
  return ranking.locator('code').allTextContents();
}

test('the bundled embedder loads through transformers.js on wasm and on webgpu and ranks tools the same', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('embedder-select')).toHaveValue('toolwise-simcse');
  await page.locator('.embed-probe summary').click();
  await page.getByTestId('probe-query').fill('Your task is to: heat some egg and put it in the fridge.');
  const onWasm = await probe(page, 'wasm');
  const onWebGpu = await probe(page, 'webgpu');
  expect(onWasm).toHaveLength(5);
  expect(onWasm).toContain('heat');
  expect(onWebGpu).toEqual(onWasm);
});

test('a run records the embedder it used; the lexical one stays available', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['autotool-react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  await expect(page.getByTestId('embedder-label')).toContainText('Toolwise SimCSE (bundled) on wasm');
  await page.getByTestId('embedder-select').selectOption('lexical');
  await expect(page.getByTestId('embed-device-select')).toHaveCount(0);
  await runAndWait(page);
  await expect(page.getByTestId('embedder-label')).toContainText('Lexical TF-IDF');
});
