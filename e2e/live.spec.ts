import { expect, test } from './fixtures';

test('with Live on, a change of Setup re-runs a quick run and updates the result; a large setup waits for Run (issue 29)', async ({ page }) => {
  await page.goto('./#envs=household&strategies=react,reflexion&tasks=5&seeds=1&embedder=lexical');
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-status', 'idle');
  await page.getByTestId('live-toggle').check();
  // On: the setup on screen has no result, so it runs at once.
  await expect(page.getByTestId('live-note')).toHaveAttribute('data-runs', '1');
  await expect(status).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('run-status')).toContainText('10 task runs');

  // A change: the result follows without a click.
  await page.getByTestId('tasks-input').fill('4');
  await page.getByTestId('tasks-input').blur();
  await expect(page.getByTestId('live-note')).toHaveAttribute('data-runs', '2');
  await expect(status).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('run-status')).toContainText('8 task runs');
  await expect(page).toHaveURL(/tasks=4.*results=1|results=1.*tasks=4/);
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);

  // A setup too large for Live (1,000 task runs, over two seconds at any speed household runs at) says so and waits.
  await page.getByTestId('tasks-input').fill('500');
  await page.getByTestId('tasks-input').blur();
  await expect(page.getByTestId('live-note')).toHaveAttribute('data-small', 'false');
  await expect(page.getByTestId('live-note')).toContainText('Press Run');
  await expect(page.getByTestId('stale-notice')).toBeVisible();
  await expect(page.getByTestId('live-note')).toHaveAttribute('data-runs', '2');
  await expect(status).toHaveAttribute('data-status', 'done');
});
