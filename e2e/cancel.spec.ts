import { configure, expect, runAndWait, taskRows, test } from './fixtures';

test('a cancelled run keeps its partial results and the page stays usable', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 60, seeds: 3 });
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('run-button')).toBeDisabled();
  // Wait until a few task runs have finished, then cancel.
  const count = page.getByTestId('progress-count');
  await expect(count).toHaveText(/^([3-9]|\d{2,}) \/ \d+$/);
  const total = Number((await count.textContent())!.split('/')[1]);
  await page.getByTestId('cancel-button').click();

  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('run-status')).toContainText('Cancelled: partial results');
  await expect(page.getByTestId('cancel-button')).toBeDisabled();
  const partial = await taskRows(page).count();
  expect(partial).toBeGreaterThan(0);
  expect(partial).toBeLessThan(total);
  await expect(page.getByTestId('aggregate-table').locator('tbody tr').first()).toBeVisible();

  // A new small run completes.
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  await expect(taskRows(page)).toHaveCount(2);
});
