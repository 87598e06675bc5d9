import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 42 item 7: the small things. No figure of the shipped result is asserted here (it is
// regenerated when SimLM changes): only how the page states it.

test('the shipped result says it was computed in Node by ship:default, not "Done" as if run here', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('shipped-note')).toBeVisible();
  const status = page.getByTestId('run-status');
  await expect(status).toContainText('computed in Node by npm run ship:default');
  await expect(status).not.toContainText('Done:');
});

/** The cost chart's tick labels: their text and boxes. */
async function costTicks(page: Page) {
  const chart = page.getByTestId('charts-household').getByTestId('chart-costUsd');
  await expect(chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible({ timeout: 60_000 });
  return chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((ticks) =>
    ticks.map((tick) => {
      const box = tick.getBoundingClientRect();
      return { text: tick.textContent ?? '', left: box.left, right: box.right };
    }),
  );
}

test("the cost chart's dollar ticks are all there, evenly spaced, apart, and the chart states the prices (1440 and 390 px)", async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./');
    const ticks = await costTicks(page);
    const values = ticks.map((tick) => Number(tick.text.replace('$', '')));
    expect(values.length, `width ${width}: ${ticks.map((t) => t.text).join(' ')}`).toBeGreaterThanOrEqual(3);
    const steps = values.slice(1).map((value, i) => Number((value - values[i]).toPrecision(6)));
    expect(new Set(steps).size, `width ${width}: ticks ${ticks.map((t) => t.text).join(' ')} skip some`).toBe(1);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i].left, `width ${width}: ${ticks[i - 1].text} runs into ${ticks[i].text}`).toBeGreaterThan(ticks[i - 1].right);
    const prices = page.getByTestId('charts-household').getByTestId('cost-prices');
    await expect(prices).toContainText(/\$[\d.]+ per million input tokens/);
    await expect(prices).toContainText(/\$[\d.]+ per million output tokens/);
  }
  // The chart's file states them too.
  const chart = page.getByTestId('charts-household').getByTestId('chart-costUsd');
  const [download] = await Promise.all([page.waitForEvent('download'), chart.getByTestId('chart-export-svg').click()]);
  // Its text, the lines a long note wraps into joined again.
  const svg = readFileSync((await download.path())!, 'utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  expect(svg).toMatch(/Prices: \$[\d.]+ per million input tokens, \$[\d.]+ per million output tokens/);
  // So does the breakdown's chart of cost by task kind.
  await page.getByTestId('by-kind-household').locator('summary').click();
  const kindChart = page.getByTestId('by-kind-household').getByTestId('kind-chart');
  const [kindDownload] = await Promise.all([page.waitForEvent('download'), kindChart.getByTestId('chart-export-svg').click()]);
  const kindSvg = readFileSync((await kindDownload.path())!, 'utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  expect(kindSvg).toMatch(/Prices: \$[\d.]+ per million input tokens/);
});

test('both CSVs have a cost column, and every export states the prices it used', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('aggregate-table')).toBeVisible({ timeout: 60_000 });
  const read = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    return readFileSync((await download.path())!, 'utf8');
  };
  for (const testId of ['export-csv', 'export-summary-csv']) {
    const [header, first] = (await read(testId)).split('\n');
    const columns = header.split(',');
    for (const column of ['cost_usd', 'price_input_usd_per_mtok', 'price_output_usd_per_mtok']) expect(columns, testId).toContain(column);
    const cost = Number(first.split(',')[columns.indexOf('cost_usd')]);
    expect(cost, testId).toBeGreaterThan(0);
  }
  const json = JSON.parse(await read('export-json')) as { prices?: { model: string; input: number; output: number } };
  expect(json.prices).toMatchObject({ model: expect.any(String), input: expect.any(Number), output: expect.any(Number) });
});

test('on a phone, Results are one tap away at load', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./');
  const link = page.getByTestId('results-jump-link');
  await expect(link).toBeInViewport({ timeout: 60_000 });
  await link.click();
  await expect(page.locator('#results-title')).toBeInViewport();
});
