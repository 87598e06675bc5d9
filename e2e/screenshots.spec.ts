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

// Issue 42 item 4: what a teacher sees, at a desktop's and a phone's width, light and dark: a
// lesson at Predict and after its Run, Results (charts, means, the breakdown by kind), the Paired
// view, a trace in Inspect, and ToolExpNet's network. Written to shots/views-<width>-<scheme>-*.png.
for (const width of [1440, 390])
  for (const scheme of ['light', 'dark'] as const)
    test(`screenshots of Lessons, Results, Inspect and the network at ${width} px, ${scheme}`, async ({ page }) => {
      test.setTimeout(180_000);
      const shot = (name: string) => `${SHOTS}/views-${width}-${scheme}-${name}.png`;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto('./');
      await expect(page.getByTestId('story-findings')).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: shot('1-start') });
      await page.getByTestId('lessons-open').click();
      await page.getByTestId('lessons-path').screenshot({ path: shot('2-lessons') });
      await page.getByTestId('lesson-link-autotool-calls').click();
      await expect(page.getByTestId('lesson-cover')).toBeVisible();
      await page.getByTestId('lesson-panel').screenshot({ path: shot('3-lesson-predict') });
      await page.getByTestId('lesson-run').click();
      await expect(page.getByTestId('lesson-findings').locator('li').first()).toBeVisible();
      await expect(page.locator('.lesson-spotlight .recharts-scatter-symbol').first()).toBeVisible();
      await page.screenshot({ path: shot('4-lesson-look') });
      await page.getByTestId('lesson-panel').screenshot({ path: shot('5-lesson-shown') });
      await page.getByTestId('lesson-close').click();
      await page.getByTestId('by-kind-household').locator('summary').click();
      await expect(page.getByTestId('by-kind-household').locator('.recharts-bar-rectangle').first()).toBeVisible();
      await page.locator('.results').screenshot({ path: shot('6-results') });
      await page.getByTestId('view-paired').click();
      await expect(page.getByTestId('paired-household')).toBeVisible();
      await page.locator('.results').screenshot({ path: shot('7-paired') });
      await page.getByTestId('view-results').click();
      await taskRows(page).first().click();
      await expect(page.getByTestId('trace-step').first()).toBeVisible();
      await page.locator('.inspect').screenshot({ path: shot('8-inspect') });
      await page.goto('about:blank');
      await page.goto('./#envs=restapi&strategies=toolexpnet&tasks=8&seeds=1&embedder=lexical&results=1');
      await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
      const graph = page.getByTestId('strategy-graph');
      await graph.locator('summary').click();
      await expect(graph.locator('.react-flow__node').first()).toBeVisible();
      await graph.screenshot({ path: shot('9-network') });
    });
