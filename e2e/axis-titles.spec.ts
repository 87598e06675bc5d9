import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, runTaskSweep, test } from './fixtures';

// Issue 29 items 1 and 5: every chart has axis titles on the page, and its files (PNG, SVG) keep
// them with the run's context: a title, the environment, the model ("simulated model" for SimLM)
// and tasks × seeds. The charts are found on the page (every recharts surface drawn), not listed.

/** A chart's own surface (not a legend icon, which recharts also draws as `svg.recharts-surface`). */
const SURFACE = '.recharts-wrapper > svg.recharts-surface';

/** Every chart drawn on the page now, outside the hidden warm-up chart, each in its figure; checks each. */
async function checkEveryChart(page: Page, atLeast: number) {
  const drawn = await page.locator(SURFACE).evaluateAll((all) => all.filter((svg) => !svg.closest('[data-testid="chart-warmup"]')).length);
  expect(drawn, 'charts drawn on the page').toBeGreaterThanOrEqual(atLeast);
  const figures = page.locator(`figure.chart:has(${SURFACE})`);
  // Every chart sits in a figure of its own (so it has a caption and export buttons).
  expect(await figures.count(), 'one figure per chart').toBe(drawn);
  const seen: string[] = [];
  for (const figure of await figures.all()) {
    const titles = (await figure.locator('.page-axis-title').allTextContents()).map((t) => t.trim());
    const name = await figure.evaluate((element) => element.querySelector('figcaption')?.textContent?.trim() || (element as HTMLElement).dataset.testid || '?');
    expect(titles.filter(Boolean), `${name}: an x and a y title on the page`).toHaveLength(2);
    // Its SVG file: caption, context line naming the simulated model and the run's size, both axis titles.
    const [download] = await Promise.all([page.waitForEvent('download'), figure.getByTestId('chart-export-svg').click()]);
    const svg = await readFile((await download.path())!, 'utf8');
    expect(svg, `${name}: file title`).toMatch(/<title>[^<]{8,}<\/title>/);
    expect(svg, `${name}: simulated model`).toMatch(/<desc>Simulated model: [^<]*SimLM, not a real LLM[^<]*\d+ tasks? × \d+ seeds?[^<]*<\/desc>/);
    expect(svg, `${name}: x title`).toMatch(/data-role="x-title">[^<]+</);
    expect(svg, `${name}: y title`).toMatch(/data-role="y-title">[^<]+</);
    seen.push(name);
  }
  return seen;
}

const shipped = JSON.parse(readFileSync('public/shipped/default-run.json', 'utf8')) as { results: { env: string; strategy: string; seed: number; taskId: string }[] };

test('every chart of Results and Inspect has axis titles, and its file keeps them with the run\'s context', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The shipped story, with a trace and the same task run of the other strategy beside it.
  const run = shipped.results.find((r) => r.strategy === 'autotool-react')!;
  const key = `${run.env}/${run.strategy}/${run.seed}/${run.taskId}`;
  const compare = `${run.env}/react/${run.seed}/${run.taskId}`;
  await page.goto(`./#results=1&trace=${encodeURIComponent(key)}&compare=${encodeURIComponent(compare)}`);
  await expect(page.getByTestId('charts-household').locator('.recharts-scatter-symbol').first()).toBeVisible();
  for (const fold of ['by-kind-household', 'run-order-household']) await page.getByTestId(fold).locator('summary').click();
  await expect(page.getByTestId('kind-chart').locator(SURFACE)).toBeVisible();
  await expect(page.getByTestId('run-order-figure').locator(SURFACE)).toBeVisible();
  await expect(page.getByTestId('trace-tokens-chart').locator(SURFACE)).toBeVisible();
  await expect(page.getByTestId('compare-tokens').locator(SURFACE)).toBeVisible();
  const seen = await checkEveryChart(page, 8);
  expect(seen.join(' | ')).toMatch(/LLM calls per task/);
  expect(seen.join(' | ')).toMatch(/Input tokens per step/);
});

test('the sweep charts have axis titles, and their files name the model and each run\'s tasks × seeds', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await runTaskSweep(page);
  await expect(page.getByTestId('sweep-chart-success').locator(SURFACE)).toBeVisible();
  const seen = await checkEveryChart(page, 4);
  expect(seen).toHaveLength(4);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-chart-llmCalls').getByTestId('chart-export-svg').click()]);
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg).toContain('2 to 4 tasks × 1 seed per value, 2 runs');
  expect(svg).toContain('data-role="x-title">Tasks per environment<');
  // On the page the swept setting's title carries its words (hover and keyboard focus), left out of the file.
  const xAxis = page.getByTestId('sweep-chart-llmCalls').locator('.axis-gloss').filter({ hasText: 'Tasks per environment' });
  await expect(xAxis.locator('title')).toHaveText(/^Tasks per environment: .*tasks= in a link/);
  expect(svg).not.toContain('axis-gloss');
});
