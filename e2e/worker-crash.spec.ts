import { configure, expect, runAndWait, taskRows, test } from './fixtures';

test('a crashed worker shows an error, and the next run works', async ({ page }) => {
  // Before the page opens: it starts the worker in the background after first paint.
  await page.route('**/runner-worker*.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("boom");' }));
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });

  await runAndWait(page, 'error');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('worker stopped');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await expect(page.getByTestId('cancel-button')).toBeDisabled();

  // The page is still usable: settings change, and a run after the crash completes.
  await page.getByTestId('tasks-input').fill('3');
  await page.unroute('**/runner-worker*.js');
  await runAndWait(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(taskRows(page)).toHaveCount(3);
});
