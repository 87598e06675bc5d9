import { configure, expect, runAndWait, taskRows, test } from './fixtures';

test('an exported run opens again, and a file that is not a run says why and changes nothing', async ({ page }, testInfo) => {
  await page.goto('./');
  await configure(page, { envs: ['academic'], strategies: ['react'], tasks: 3, seeds: 1 });
  await runAndWait(page);
  const tasks = (await page.getByTestId('task-table').textContent())!;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const file = testInfo.outputPath('run.json');
  await download.saveAs(file);

  // Another run replaces it on screen; opening the file brings it back, traces included.
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  await expect(taskRows(page)).toHaveCount(2);
  await page.getByTestId('open-run-file').setInputFiles(file);
  await expect(page.getByTestId('task-table')).toHaveText(tasks);
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
  // Setup still holds the household run's setup: the results say so, and one click puts theirs back.
  await expect(page.getByTestId('stale-notice')).toContainText('environments: academic → household');
  await page.getByTestId('restore-setup').click();
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);
  await expect(page.getByTestId('env-academic')).toBeChecked();
  await expect(page.getByTestId('tasks-input')).toHaveValue('3');

  // A SLATE cases file is not a run.
  await page.getByTestId('open-run-file').setInputFiles({ name: 'cases.json', mimeType: 'application/json', buffer: Buffer.from('[{"id":"case-1"}]') });
  await expect(page.getByTestId('open-run-error')).toContainText('This is not a Toolwise run');
  await expect(page.getByTestId('task-table')).toHaveText(tasks);
  await page.getByTestId('open-run-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"id": ') });
  await expect(page.getByTestId('open-run-error')).toContainText('broken.json is not valid JSON');
});
