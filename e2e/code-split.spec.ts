import { expect, test } from './fixtures';

test("the charts' code is a chunk of its own, fetched after first paint; the default result still draws its charts", async ({ page }) => {
  await page.goto('./');
  // The default story's shipped result draws its charts once the chunk is in.
  await expect(page.locator('[data-testid^="charts-"] .recharts-surface').first()).toBeVisible({ timeout: 30_000 });
  const { paint, entry, charts } = await page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((e) => /\.js$/.test(new URL(e.name).pathname));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: scripts.find((e) => /\/index-[^/]*\.js$/.test(e.name))?.name,
      charts: scripts.filter((e) => /\/charts-[^/]*\.js$/.test(e.name)).map((e) => ({ name: e.name, start: e.startTime })),
    };
  });
  expect(paint).toBeGreaterThan(0);
  expect(charts).toHaveLength(1);
  expect(charts[0].start).toBeGreaterThan(paint);
  // recharts (its class names mark its code) is in the charts' chunk, not in the entry the first paint waits for.
  const text = async (url: string) => (await page.request.get(url)).text();
  expect(entry).toBeDefined();
  expect((await text(charts[0].name)).includes('recharts-wrapper'), 'recharts in the charts chunk').toBe(true);
  expect((await text(entry!)).includes('recharts-wrapper'), 'recharts in the entry chunk').toBe(false);
});

test("a charts' chunk that cannot load says so where the charts go, the tables still show, and Try again loads it once it can", async ({ page }) => {
  let fail = true;
  await page.route(/\/assets\/charts-[^/]*\.js$/, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('./');
  const problem = page.getByTestId('charts-error').first();
  await expect(problem).toContainText('The charts could not be drawn');
  await expect(page.getByTestId('aggregate-table')).toBeVisible();
  await expect(page.getByTestId('run-button')).toBeEnabled();
  fail = false;
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-testid^="charts-"] .recharts-surface').first()).toBeVisible({ timeout: 30_000 });
});
