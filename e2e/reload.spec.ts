import { configure, expect, runAndWait, taskRows, test } from './fixtures';

test('results survive a reload (IndexedDB), and the URL keeps the setup', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['academic'], strategies: ['react', 'reflexion'], tasks: 3, seeds: 2 });
  await runAndWait(page);
  const aggregate = (await page.getByTestId('aggregate-table').textContent())!;
  const tasks = (await page.getByTestId('task-table').textContent())!;
  await expect(taskRows(page)).toHaveCount(12);

  await page.reload();
  await expect(page.getByTestId('aggregate-table')).toHaveText(aggregate);
  await expect(page.getByTestId('task-table')).toHaveText(tasks);
  await expect(page.getByTestId('run-status')).toContainText('Done: 12 task runs');
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
  // The setup came back from the URL hash.
  await expect(page.getByTestId('tasks-input')).toHaveValue('3');
  await expect(page.getByTestId('seeds-input')).toHaveValue('2');
  await expect(page.getByTestId('env-academic')).toBeChecked();
  await expect(page.getByTestId('env-household')).not.toBeChecked();
});
