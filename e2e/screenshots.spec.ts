import { configure, expect, runAndWait, taskRows, test } from './fixtures';

const SHOTS = 'shots';

test('screenshots of the page before, during and after a run', async ({ page }) => {
  await page.goto('./');
  await page.screenshot({ path: `${SHOTS}/1-start.png`, fullPage: true });

  await configure(page, { envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 30, seeds: 2 });
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('progress-count')).toHaveText(/^[1-9]\d* \/ \d+$/);
  await page.screenshot({ path: `${SHOTS}/2-running.png`, fullPage: true });
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });

  await page.screenshot({ path: `${SHOTS}/3-done.png`, fullPage: true });
  await page.getByTestId('by-kind-household').locator('summary').click();
  await page.getByTestId('run-order-household').locator('summary').first().click();
  await page.locator('.results').screenshot({ path: `${SHOTS}/4-results.png` });
  // Through the Inspect pickers: a Reflexion task on the academic environment that reflected.
  await taskRows(page).first().click();
  await page.getByTestId('trace-env').selectOption('academic');
  await page.getByTestId('trace-strategy').selectOption('reflexion');
  const tasks = await page.getByTestId('trace-taskId').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const task of tasks) {
    await page.getByTestId('trace-taskId').selectOption(task);
    if ((await page.getByTestId('trace-reflection').count()) > 0) break;
  }
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
  await page.locator('.inspect').screenshot({ path: `${SHOTS}/5-inspect.png` });

  await page.setViewportSize({ width: 420, height: 900 });
  await page.screenshot({ path: `${SHOTS}/6-narrow-top.png` });
  await page.getByTestId('charts-household').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/7-narrow-charts.png` });
});

test('screenshot of a failed run', async ({ page }) => {
  await page.route('**/runner-worker*.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("boom");' }));
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 2, seeds: 1 });
  await runAndWait(page, 'error');
  await page.locator('.setup').screenshot({ path: `${SHOTS}/8-error.png` });
});
