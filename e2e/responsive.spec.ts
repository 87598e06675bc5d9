import { configure, expect, test } from './fixtures';

// Functional, not timed: a duration asserted here would fail on a loaded machine (speed targets
// live in npm run bench:page).
test('the page stays usable while a run streams', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 100, seeds: 5 });
  await page.getByTestId('run-button').click();
  const count = page.getByTestId('progress-count');
  await expect(count).toHaveText(/^[1-9]\d* \/ \d+$/);

  // A click takes effect while results stream in, and the stream goes on meanwhile.
  const help = page.getByTestId('help');
  await help.locator('summary').click();
  await expect(help).toHaveAttribute('open', '');
  const before = Number((await count.textContent())!.split('/')[0]);
  await expect.poll(async () => Number((await count.textContent())!.split('/')[0])).toBeGreaterThan(before);

  // The results fill in live, and Cancel still gets through.
  await expect(page.getByTestId('aggregate-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'cancelled');
});

test('the chart warm-up mounts off-screen once while idle, then leaves, and results still draw', async ({ page }) => {
  // Record each time the warm-up appears, and whether a reader could see it.
  await page.addInitScript(() => {
    const w = window as unknown as { __warmups: { visible: boolean; left: number }[]; __warmedUp: boolean };
    w.__warmups = [];
    w.__warmedUp = false;
    new MutationObserver(() => {
      const box = document.querySelector<HTMLElement>('[data-testid="chart-warmup"]');
      // Built up a part per task (chart-warmup.tsx): its last step draws the grid beside both axes.
      w.__warmedUp ||= !!box?.querySelector('.recharts-cartesian-grid') && box.querySelectorAll('.recharts-cartesian-axis').length === 2;
      if (box && !box.dataset.seen) {
        box.dataset.seen = '1';
        w.__warmups.push({ visible: box.checkVisibility({ visibilityProperty: true }), left: box.getBoundingClientRect().right });
      }
    }).observe(document, { subtree: true, childList: true });
  });
  // A setup link without results: no chart is on the page, so the warm-up runs.
  await page.goto('./#envs=household&strategies=react,reflexion&tasks=2&seeds=1');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __warmups: unknown[] }).__warmups.length)).toBe(1);
  await expect(page.getByTestId('chart-warmup')).toHaveCount(0);
  const [seen] = await page.evaluate(() => (window as unknown as { __warmups: { visible: boolean; left: number }[] }).__warmups);
  expect(seen.visible).toBe(false);
  expect(seen.left).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => (window as unknown as { __warmedUp: boolean }).__warmedUp), 'the warm-up reached its whole chart').toBe(true);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('charts-household').locator('.recharts-surface')).toHaveCount(4);
});
