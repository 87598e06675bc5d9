import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';

// Issue 29 item 1: a glossary reachable from every view and at the link #glossary. The lists below
// come from the specs themselves (scripts/declared-ids.ts reads the catalogs and the settings schema,
// not the page), so a metric the page leaves out fails here.
const declared = JSON.parse(execFileSync('node_modules/.bin/tsx', ['scripts/declared-ids.ts'], { encoding: 'utf8' })) as { metrics: string[]; settings: string[] };
const metricIds = declared.metrics;
const explained = declared.settings;

test('#glossary lists every metric any environment or strategy reports, every hyperparameter and dial, and leaves the setup link alone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./#glossary');
  const glossary = page.getByTestId('glossary');
  await expect(glossary).toBeVisible();
  expect(metricIds.length).toBeGreaterThan(20);
  const listed = await glossary.locator('[data-metric]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-metric')));
  expect([...listed].sort()).toEqual([...metricIds].sort());
  const settings = await glossary.locator('[data-setting]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-setting')));
  expect([...settings].sort()).toEqual([...explained].sort());
  // Every entry has words (none is the placeholder for a missing one).
  await expect(glossary).not.toContainText('No entry yet');
  await expect(glossary.locator('[data-metric="progress"]')).toContainText('AgentBoard');
  await expect(glossary.locator('[data-setting="sim.kappa"]')).toContainText('How good the simulated model is');
  const path = testInfo.outputPath('glossary-1440.png');
  await page.screenshot({ path });
  await testInfo.attach('glossary-1440', { path, contentType: 'image/png' });

  // The hash goes back to the setup's link, and the default story's result still shows.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('envs=');
  await expect(page.getByTestId('aggregate-table')).toBeVisible({ timeout: 60_000 });

  // Closed, then opened by the header's button, from another view.
  await page.getByTestId('glossary-close').click();
  await expect(glossary).toHaveCount(0);
  const before = await page.evaluate(() => location.hash);
  await page.getByTestId('glossary-open').click();
  await expect(glossary).toBeVisible();
  await page.getByTestId('glossary-close').click();
  // Typing #glossary on an open page opens it and keeps the setup.
  await page.evaluate(() => (location.hash = '#glossary'));
  await expect(glossary).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(before);
});

test('a results-table column label shows its glossary entry on hover', async ({ page }) => {
  await page.goto('./');
  const header = page.getByTestId('aggregate-table').locator('th[data-column="llmCalls"]');
  await expect(header).toHaveAttribute('title', /Unit: count per task run/, { timeout: 60_000 });
  await expect(page.getByTestId('aggregate-table').locator('th[data-column="success"]')).toHaveAttribute('title', /Defined in/);
});

test('a label shows its glossary entry on keyboard focus too: a results-table column and a hyperparameter (issue 29 item 1)', async ({ page }) => {
  await page.goto('./');
  const shownOnFocus = (element: HTMLElement) => getComputedStyle(element, '::after').content;
  // A column of the table of means: its header's sort button focused.
  const header = page.getByTestId('aggregate-table').locator('th[data-column="llmCalls"]');
  await expect(header).toHaveAttribute('title', /Unit: count per task run/, { timeout: 60_000 });
  expect(await header.evaluate(shownOnFocus)).toBe('none');
  await header.locator('button').focus();
  expect(await header.evaluate(shownOnFocus)).toMatch(/Unit: count per task run/);
  await expect(header.locator('button')).toHaveAttribute('aria-description', /Defined in/);
  // A hyperparameter of Setup: AutoTool's inertia threshold, with its glossary entry (what it does, source, range).
  const field = page.locator('label.number-field', { has: page.locator('[data-setting-label="autotool-react.theta"]') });
  await field.locator('input').focus();
  const entry = await field.evaluate(shownOnFocus);
  expect(entry).toMatch(/Source: .*Range: a number/);
  await expect(field).toHaveAttribute('title', /Range: a number/);
});

test('the glossary entry shows on keyboard focus and hover for checkboxes, the task table\'s column headers and chart axis titles', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  const shownOnFocus = (element: HTMLElement) => getComputedStyle(element, '::after').content;
  // A strategy checkbox of Setup: its description and paper.
  const strategy = page.locator('label.choice', { has: page.getByTestId('strategy-autotool-react') });
  await expect(strategy).toHaveAttribute('title', /Paper: /);
  expect(await strategy.evaluate(shownOnFocus)).toBe('none');
  await page.getByTestId('strategy-autotool-react').focus();
  expect(await strategy.evaluate(shownOnFocus)).toMatch(/AutoTool.*Paper: /);
  await expect(page.getByTestId('strategy-autotool-react')).toHaveAttribute('aria-description', /Paper: /);
  // The constrained-actions checkbox: its setting's words.
  const constrained = page.locator('label.choice', { has: page.getByTestId('constrained-toggle') });
  await page.getByTestId('constrained-toggle').focus();
  expect(await constrained.evaluate(shownOnFocus)).toMatch(/JSON object/);

  // The task table's column headers: a metric's glossary entry.
  const header = page.getByTestId('task-table').locator('th[data-column="invalidSteps"]');
  await expect(header).toHaveAttribute('title', /Invalid steps: .*Unit: count per task run/, { timeout: 60_000 });
  await header.locator('button').focus();
  expect(await header.evaluate(shownOnFocus)).toMatch(/Invalid steps: .*Unit: count per task run/);
  await expect(page.getByTestId('task-table').locator('th[data-column="seed"]')).toHaveAttribute('title', /Seed: /);

  // A chart's axis titles: hover (the SVG title) and keyboard focus (a tip beside it).
  const chart = page.getByTestId('charts-household').getByTestId('chart-llmCalls');
  const yAxis = chart.locator('.axis-gloss').filter({ hasText: 'Success' });
  await expect(yAxis).toHaveCount(1, { timeout: 60_000 });
  await expect(yAxis.locator('title')).toHaveText(/Success: .*Progress: /);
  const xAxis = chart.locator('.axis-gloss').filter({ hasText: /LLM calls/ });
  await expect(xAxis.locator('title')).toHaveText(/LLM calls: .*Unit: count per task run/);
  await expect(page.getByTestId('axis-gloss-tip')).toHaveCount(0);
  // Tab reaches it: focus the control before it, then Tab until the axis title has focus.
  await xAxis.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(xAxis).toBeFocused();
  await expect(page.getByTestId('axis-gloss-tip')).toContainText(/LLM calls: .*Unit: count per task run/);
  const path = testInfo.outputPath('axis-gloss-1440.png');
  await page.screenshot({ path });
  await testInfo.attach('axis-gloss-1440', { path, contentType: 'image/png' });
  // Tab on: the tip goes with the focus (the next stop may be another axis title, with its own).
  await page.keyboard.press('Tab');
  await expect(xAxis).not.toBeFocused();
  await expect(page.getByTestId('axis-gloss-tip').filter({ hasText: 'LLM calls: ' })).toHaveCount(0);
});
