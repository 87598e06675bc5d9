import type { Page, TestInfo } from '@playwright/test';
import { expect, taskRows, test } from './fixtures';

// Issue 16: the page at 1440 px, at 390 px and in dark mode (screenshots attached to the report),
// tables that sort and filter, one colour per strategy, and the theme toggle.

/** A screenshot in the test's output folder, attached to its report. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The numbers of one column of the task table's rows on screen (cells like "1,234" or "1,234 / 56" read by their first number). */
async function columnNumbers(page: Page, index: number): Promise<number[]> {
  const cells = await taskRows(page).locator(`td:nth-child(${index + 1})`).allTextContents();
  return cells.map((text) => Number(text.split('/')[0].replace(/[^\d.-]/g, '')));
}

const FOUR = './#envs=household,academic&strategies=react,reflexion,autotool-react,ecoact-react&tasks=10&seeds=1&embedder=lexical&results=1';

test('1440 px: no sideways page scroll, the tables scroll in their box, one distinct colour per strategy', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(FOUR);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const aggregate = page.getByTestId('aggregate-table');
  await expect(aggregate.locator('tbody tr')).toHaveCount(8);

  // Wider than its column, the table scrolls inside its box and the page does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  expect(await aggregate.first().evaluate((table) => getComputedStyle(table.parentElement!).overflowX)).toMatch(/auto|scroll/);

  // Each strategy keeps one colour, and no two share one (EcoAct is no longer a second blue beside ReAct).
  const legend = page.getByTestId('charts-household').locator('.chart-legend .swatch');
  await expect(legend).toHaveCount(4);
  const colours = await legend.evaluateAll((swatches) => swatches.map((swatch) => getComputedStyle(swatch).backgroundColor));
  expect(new Set(colours).size).toBe(4);
  const tableColours = await aggregate.locator('tbody tr').evaluateAll((rows) =>
    Object.fromEntries(rows.map((row) => [row.querySelector('td[data-column="strategy"]')!.textContent!.trim(), getComputedStyle(row.querySelector('.swatch')!).backgroundColor])),
  );
  expect(Object.keys(tableColours)).toHaveLength(4);
  expect(new Set(Object.values(tableColours)).size).toBe(4);

  await shot(page, testInfo, 'views-1440', true);
  await aggregate.first().scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'views-1440-tables');
});

test('the task table sorts by a clicked column and filters by strategy before paging; a row still opens its trace', async ({ page }) => {
  await page.goto('./');
  const table = page.getByTestId('task-table');
  await expect(taskRows(page)).toHaveCount(100);
  await expect(page.getByTestId('more-rows')).toContainText('260 not shown');

  // LLM calls is the 9th column: ascending on the first click, descending on the second.
  const calls = table.locator('thead th').nth(8);
  await expect(calls).toHaveText(/LLM calls/);
  await calls.getByRole('button').click();
  await expect(calls).toHaveAttribute('aria-sort', 'ascending');
  const up = await columnNumbers(page, 8);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await calls.getByRole('button').click();
  await expect(calls).toHaveAttribute('aria-sort', 'descending');
  const down = await columnNumbers(page, 8);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  expect(down[0]).toBeGreaterThanOrEqual(up[up.length - 1]);
  await expect(table.locator('thead th[aria-sort]')).toHaveCount(1);

  // Text columns sort with their digits as numbers: household-9 before household-10.
  const task = table.locator('thead th').nth(3);
  await task.getByRole('button').click();
  await expect(task).toHaveAttribute('aria-sort', 'ascending');
  const ids = await taskRows(page).locator('td:nth-child(4)').allTextContents();
  const numbers = ids.map((id) => Number(id.replace(/\D/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

  // Filter by strategy: every row on screen is AutoTool's, and paging counts the filtered rows.
  await page.getByTestId('task-filter-strategy').selectOption('autotool-react');
  await expect(page.getByTestId('task-filter-count')).toHaveText('180 of 360 task runs');
  await expect(taskRows(page)).toHaveCount(100);
  await expect(page.getByTestId('more-rows')).toContainText('80 not shown');
  for (const strategy of await taskRows(page).locator('td:nth-child(2)').allTextContents()) expect(strategy.trim()).toBe('AutoTool (ReAct)');
  await page.getByTestId('task-filter-outcome').selectOption('success');
  const successes = await taskRows(page).locator('td:nth-child(5)').allTextContents();
  expect(successes.length).toBeGreaterThan(0);
  expect(new Set(successes)).toEqual(new Set(['yes']));

  // A row of the sorted, filtered table opens its trace.
  const row = taskRows(page).first();
  const key = await row.getAttribute('data-key');
  expect(key).toMatch(/^household\/autotool-react\//);
  await row.click();
  await expect(row).toHaveClass(/selected/);
  await expect(page.getByTestId('trace-strategy')).toHaveValue('autotool-react');

  // The aggregate table filters and sorts too.
  const aggregate = page.getByTestId('aggregate-table');
  await page.getByTestId('aggregate-filter-strategy').selectOption('react');
  await expect(aggregate.locator('tbody tr')).toHaveCount(1);
  await expect(aggregate.locator('tbody tr')).toContainText('ReAct');
  await page.getByTestId('aggregate-filter-strategy').selectOption('');
  const success = aggregate.locator('thead th').nth(3);
  await success.getByRole('button').click();
  await success.getByRole('button').click();
  await expect(success).toHaveAttribute('aria-sort', 'descending');
  const rates = (await aggregate.locator('tbody tr td:nth-child(4)').allTextContents()).map((text) => Number(text.split('%')[0]));
  expect(rates).toEqual([...rates].sort((a, b) => b - a));
});

test('390 px: the tables scroll inside their box, and a bar leads from Run to the results', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./');
  await expect(taskRows(page).first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const id of ['aggregate-table', 'task-table']) {
    const scroll = await page.getByTestId(id).evaluate((table) => ({ box: table.parentElement!.clientWidth, table: table.scrollWidth }));
    expect(scroll.table, `${id} keeps its columns' widths and scrolls`).toBeGreaterThan(scroll.box);
  }
  await shot(page, testInfo, 'views-390-top');

  // Results sit below the whole Setup: the bar says so and jumps there.
  const bar = page.getByTestId('results-jump');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('360 task runs');
  await page.getByTestId('results-jump-link').click();
  await expect(page.locator('#results-title')).toBeInViewport();
  await expect(bar).toBeHidden();
  await expect(page).not.toHaveURL(/#results-title/);
  await shot(page, testInfo, 'views-390-results');
  await page.getByTestId('task-table').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'views-390-tasks');

  // Run from the top: the bar shows the run's progress while the results are out of view.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('run-button').click();
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-jump-status', /running|done/);
});

test('dark mode: follows the system, and the toggle (System / Light / Dark) is stored', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await expect(page.getByTestId('aggregate-table').locator('tbody tr').first()).toBeVisible();
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(await theme()).toBe('dark');
  await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-pressed', 'true');
  const dark = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--panel').trim());
  expect(dark).not.toBe('#ffffff');
  await shot(page, testInfo, 'views-dark', true);
  await page.getByTestId('charts-household').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'views-dark-charts');

  // Light wins over the system's dark, and stays after a reload.
  await page.getByTestId('theme-light').click();
  await expect.poll(theme).toBe('light');
  await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('toolwise-theme'))).toBe('light');
  await page.reload();
  await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-pressed', 'true');
  expect(await theme()).toBe('light');
  const light = await background();

  // Dark under a light system, then System follows the system again.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('theme-dark').click();
  await expect.poll(theme).toBe('dark');
  expect(await background()).not.toBe(light);
  await page.getByTestId('theme-system').click();
  await expect.poll(theme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(theme).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('toolwise-theme'))).toBeNull();
});
