import { configure, expect, runAndWait, taskRows, test } from './fixtures';

test('two tabs keep each other\u2019s traces: Inspect and the JSON export of the first still have them after the second runs', async ({ context, page }, testInfo) => {
  const a = page;
  await a.goto('./');
  await configure(a, { envs: ['academic'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(a);
  await expect(taskRows(a)).toHaveCount(2);

  const b = await context.newPage();
  await b.goto('./');
  await configure(b, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(b);
  await expect(taskRows(b)).toHaveCount(2);

  // Tab A reads a trace it had not opened yet, and exports its run whole.
  await taskRows(a).nth(1).click();
  await expect(a.getByTestId('trace-step').first()).toBeVisible();
  await expect(a.getByTestId('trace-missing')).toHaveCount(0);
  const [download] = await Promise.all([a.waitForEvent('download'), a.getByTestId('export-json').click()]);
  const file = testInfo.outputPath('a.json');
  await download.saveAs(file);
  const { readFile } = await import('node:fs/promises');
  const exported = JSON.parse(await readFile(file, 'utf8')) as { traces: Record<string, unknown[]>; tracesHeld: Record<string, number> };
  expect(Object.keys(exported.traces)).toHaveLength(2);
  // The file says how many traces it holds, of how many task runs (issue 29 item 5).
  expect(exported.tracesHeld).toEqual({ traces: 2, taskRuns: 2, notKept: 0, noLongerStored: 0 });

  // Tab B runs again; tab A reloads and still shows its own run with its traces.
  await runAndWait(b);
  await a.reload();
  await expect(a.getByTestId('run-status')).toContainText('Done: 2 task runs');
  await expect(taskRows(a).first()).toContainText('academic');
  await expect(a.getByTestId('trace-step').first()).toBeVisible();
  await b.close();
});

test('a trace listed with a run but gone from the store says so instead of loading forever', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['academic'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  // Site data cleared behind the page's back: every trace key removed.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('toolwise-runs');
        open.onsuccess = () => {
          const store = open.result.transaction('runs', 'readwrite').objectStore('runs');
          const keys = store.getAllKeys();
          keys.onsuccess = () => {
            for (const key of keys.result) if (String(key).startsWith('trace:')) store.delete(key);
            store.transaction.oncomplete = () => resolve();
          };
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await taskRows(page).nth(1).click();
  await expect(page.getByTestId('trace-missing')).toContainText('no longer stored in this browser');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  await download.path();
  await expect(page.getByTestId('export-note')).toContainText('holds 0 of the run\u2019s 2 traces');
});

test('an opened run says it is opened, not the result that ships with the page', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('stored-notice')).toContainText('the result that ships with the page');
  await page.getByTestId('open-run-file').setInputFiles('public/shipped/default-run.json');
  await expect(page.getByTestId('stored-notice')).toContainText('Opened default-run.json');
  await expect(page.getByTestId('stored-notice')).not.toContainText('ships with the page');
  await expect(page.getByTestId('opened-note')).toBeVisible();
  await expect(page.getByTestId('shipped-note')).toHaveCount(0);
});

test('a failed server run keeps the results before it and says what failed', async ({ page }) => {
  test.info().annotations.push({ type: 'allowed-origin', description: 'http://127.0.0.1:9/' });
  await page.goto('./');
  await configure(page, { envs: ['academic'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  const tasks = (await page.getByTestId('task-table').textContent())!;
  await page.getByTestId('model-kind-server').check();
  await page.getByTestId('server-url').fill('http://127.0.0.1:9/v1');
  await page.getByTestId('server-model').fill('any');
  await runAndWait(page, 'error');
  await expect(page.getByTestId('error')).toContainText('127.0.0.1:9');
  await expect(page.getByTestId('task-table')).toHaveText(tasks);
  await expect(page.getByTestId('failed-run-note')).toContainText('still the results of the run before it');
  await expect(page.getByTestId('failed-run-note')).toContainText('127.0.0.1:9');
  await expect(page.getByTestId('indicative-note')).not.toContainText('0 task runs');
  await expect(page.getByText('No results yet')).toHaveCount(0);
  await page.locator('.results').screenshot({ path: 'shots/imports-failed-run.png' });
});
