import { configure, expect, test } from './fixtures';

test('the page stays responsive while a run streams', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 60, seeds: 3 });
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('progress-count')).toHaveText(/^[1-9]\d* \/ \d+$/);

  // A click takes effect at once while results stream in.
  const help = page.getByTestId('help');
  const started = Date.now();
  await help.locator('summary').click();
  await expect(help).toHaveAttribute('open', '');
  expect(Date.now() - started).toBeLessThan(1500);

  // The main thread's event loop keeps turning: no timer waits long during two seconds of streaming.
  const maxLagMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let worst = 0;
        let last = performance.now();
        const end = last + 2000;
        const tick = () => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
          if (now < end) setTimeout(tick, 10);
          else resolve(worst);
        };
        setTimeout(tick, 10);
      }),
  );
  expect(maxLagMs).toBeLessThan(500);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'cancelled');
});
