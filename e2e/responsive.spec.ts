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
