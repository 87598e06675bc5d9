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

test('a stored run that does not fit (an older version\'s) is dropped with a notice, and the page works', async ({ page }) => {
  // What an earlier version might have stored (no results list, no model), there before this version
  // first opens: written from a page of the same origin that is not the app, so no write of the app's
  // own (its first-load record of the shipped run) can come after it.
  await page.goto('./data/academic.json');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('toolwise-runs');
        open.onupgradeneeded = () => open.result.createObjectStore('runs');
        open.onsuccess = () => {
          const tx = open.result.transaction('runs', 'readwrite');
          tx.objectStore('runs').put({ id: 'old', config: { envs: ['household'] }, status: 'done', rows: [] }, 'last-result');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.goto('./');
  await expect(page.getByTestId('stored-notice')).toContainText('The stored last run could not be shown and was dropped');
  // The shipped default result still opens, and its notice does not hide the one above.
  await expect(page.getByTestId('stored-notice')).toContainText('the result that ships with the page');
  await expect(page.getByTestId('stored-notice')).toContainText('The stored last run could not be shown and was dropped');
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await configure(page, { envs: ['household'], strategies: ['react', 'reflexion'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  await expect(taskRows(page)).toHaveCount(2 * 2);
});
