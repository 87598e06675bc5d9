import { expect, taskRows, test } from './fixtures';

const SETUP = 'envs=household,academic&strategies=react,reflexion,autotool-react&tasks=6&seeds=2&embedder=lexical&results=1';

/** The aggregate table without its time column (wall times differ from run to run). */
async function numbers(page: import('@playwright/test').Page) {
  return page.getByTestId('aggregate-table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].slice(0, -1).map((cell) => cell.textContent).join(' | ')));
}

test('a pool of two workers gives exactly the one-worker results, and every trace reads back (issue 13)', async ({ page }) => {
  await page.goto(`./#${SETUP}&workers=1`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const one = await numbers(page);
  const keys = await taskRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));

  await page.evaluate(() => indexedDB.deleteDatabase('toolwise-runs'));
  await page.goto('about:blank');
  await page.goto(`./#${SETUP}&workers=2`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  expect(await numbers(page)).toEqual(one);
  // The same task runs in the same order, whichever worker ran them.
  expect(await taskRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')))).toEqual(keys);
  // Traces of both workers' parts are stored under the run and read back in Inspect.
  for (const index of [0, keys.length - 1]) {
    await taskRows(page).nth(index).click();
    await expect(page.getByTestId('trace-step').first()).toBeVisible();
  }
  // And the merged run is the stored last run: a reload shows it.
  await page.reload();
  await expect.poll(() => numbers(page)).toEqual(one);
});
