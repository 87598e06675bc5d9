import { configure, expect, runAndWait, test } from './fixtures';

const SETUP = { envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 4, seeds: 1 };

// Functional, not timed (the task lengths are for npm run bench:page): when Run is pressed again,
// the previous run's charts leave in slices (staged-release.tsx), but none of them is seen, found
// by test id or counted again, and the new run draws its own.
test('Run pressed again: the previous charts are hidden at once and leave, and the new run draws its own', async ({ page }) => {
  await page.goto('./');
  await configure(page, SETUP);
  await runAndWait(page);
  const costCharts = page.locator('.cost-charts .recharts-surface');
  await expect(costCharts).toHaveCount(8);
  // Inspect shows the first trace, with its token chart.
  await expect(page.getByTestId('trace-tokens-chart').locator('.recharts-surface')).toBeVisible();

  // Press Run in the page and look at every chart of the run before at each frame until all are gone.
  const seen = await page.evaluate(async () => {
    const before = [...document.querySelectorAll('.recharts-surface')];
    const frames: { visible: number; connected: number; foundByTestId: number }[] = [];
    document.querySelector<HTMLButtonElement>('[data-testid="run-button"]')!.click();
    for (let frame = 0; frame < 1200; frame++) {
      // A frame's callbacks run before it is painted: what they see is what the reader sees.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const connected = before.filter((chart) => chart.isConnected);
      frames.push({
        visible: connected.filter((chart) => chart.checkVisibility()).length,
        connected: connected.length,
        // A chart whose figure or section still carries its test id, inside what is leaving.
        foundByTestId: connected.filter((chart) => chart.closest('.staged-release')?.contains(chart.closest('[data-testid]'))).length,
      });
      if (connected.length === 0) break;
    }
    return { charts: before.length, frames };
  });
  // Eight scatters and the trace's token chart.
  expect(seen.charts).toBe(9);
  expect(seen.frames.map((frame) => frame.visible).filter((visible) => visible > 0)).toEqual([]);
  expect(seen.frames.map((frame) => frame.foundByTestId).filter((found) => found > 0)).toEqual([]);
  expect(seen.frames.at(-1)!.connected).toBe(0);

  // The new run's results: its charts and trace draw, and only they are on the page.
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done');
  await expect(costCharts).toHaveCount(8);
  for (const env of SETUP.envs) await expect(page.getByTestId(`charts-${env}`).locator('.recharts-scatter-symbol')).toHaveCount(4 * 2 * 2);
  for (let i = 0; i < 8; i++) await expect(costCharts.nth(i)).toBeVisible();
  await expect(page.locator('[data-leaving]')).toHaveCount(0);
  await expect(page.getByTestId('task-table').locator('tbody tr')).toHaveCount(16);
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
});

