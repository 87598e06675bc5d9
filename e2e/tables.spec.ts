import { execFileSync } from 'node:child_process';
import { expect, taskRows, test } from './fixtures';

// Issue 29 item 4: tables that fit at 1440 px, a column picker for the rest, interval text of 11 px
// or more, one tab stop per table with arrow keys between rows, and skip links.

/**
 * What the default story tells the reader to look at, read from its record (stories.ts `columns`,
 * through scripts/declared-ids.ts: Playwright cannot load the core's JSON imports), with outcome and cost.
 */
const declared = JSON.parse(execFileSync('node_modules/.bin/tsx', ['scripts/declared-ids.ts'], { encoding: 'utf8' })) as { stories: Record<string, string[]>; defaultStory: string };
const STORY_NAMED = [...new Set([...declared.stories[declared.defaultStory], 'success', 'llmCalls', 'promptTokens', 'costUsd'])];

test('1440 px: the columns the story names fit without scrolling, the rest are in the column picker, intervals are 11 px or more', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  const table = page.getByTestId('aggregate-table');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  expect(STORY_NAMED).toContain('inertialCalls');
  const box = await table.evaluate((element) => element.parentElement!.getBoundingClientRect().right);
  for (const column of STORY_NAMED) {
    const header = table.locator(`th[data-column="${column}"]`);
    await expect(header, column).toBeVisible();
    const right = await header.evaluate((th) => th.getBoundingClientRect().right);
    expect(right, `${column} ends inside the table's box without scrolling`).toBeLessThanOrEqual(box + 0.5);
  }
  expect(await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
  // Cost columns of the task table too: LLM calls and tokens are in view.
  const tasks = page.getByTestId('task-table');
  const taskBox = await tasks.evaluate((element) => element.parentElement!.getBoundingClientRect().right);
  for (const column of ['llmCalls', 'tokens']) {
    expect(await tasks.locator(`th[data-column="${column}"]`).evaluate((th) => th.getBoundingClientRect().right), column).toBeLessThanOrEqual(taskBox + 0.5);
  }
  // Interval text is at least 11 px.
  const sizes = await table.locator('.ci').evaluateAll((spans) => spans.map((span) => parseFloat(getComputedStyle(span).fontSize)));
  expect(sizes.length).toBeGreaterThan(0);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);

  // The picker shows a hidden column and hides it again; Default columns puts them back.
  await expect(table.locator('th[data-column="completionTokens"]')).toHaveCount(0);
  const picker = page.getByTestId('column-picker');
  await expect(picker.locator('summary')).toContainText(/Columns \(\d+ more\)/);
  await picker.locator('summary').click();
  await page.getByTestId('column-completionTokens').check();
  await expect(table.locator('th[data-column="completionTokens"]')).toBeVisible();
  await expect(table.locator('tbody tr').first().locator('td[data-column="completionTokens"]')).toHaveText(/\d/);
  await page.getByTestId('column-costUsd').uncheck();
  await expect(table.locator('th[data-column="costUsd"]')).toHaveCount(0);
  await page.getByTestId('column-reset').click();
  await expect(table.locator('th[data-column="completionTokens"]')).toHaveCount(0);
  await expect(table.locator('th[data-column="costUsd"]')).toBeVisible();
});

test('keyboard: skip links first, each table one tab stop with arrow keys between rows, Enter opens a trace', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  await expect(taskRows(page)).toHaveCount(100);

  // The first tab stops are the skip links; Skip to Results moves focus to the Results heading.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-setup')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-results')).toBeFocused();
  await expect(page.getByTestId('skip-results')).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#results-title')).toBeFocused();
  await expect(page).not.toHaveURL(/results-title/);

  // From Results, the task table's first row is a few stops away, and its rows are one stop.
  let stops = 0;
  const inTaskTable = () => page.evaluate(() => document.activeElement?.closest('[data-testid="task-table"]') !== null && document.activeElement?.tagName === 'TR');
  while (!(await inTaskTable()) && stops < 60) {
    await page.keyboard.press('Tab');
    stops++;
  }
  // 48: the charts' axis titles are tab stops too (their glossary entries show on focus), two per chart.
  expect(stops, 'Tabs from the Results heading to the first task row').toBeLessThan(48);
  const rows = taskRows(page);
  await expect(rows.first()).toBeFocused();
  await expect(page.locator('[data-testid="task-table"] tbody tr[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(1)).toBeFocused();
  const key = (await rows.nth(1).getAttribute('data-key'))!;
  await page.keyboard.press('Enter');
  await expect(rows.nth(1)).toHaveClass(/selected/);
  await expect(page.getByTestId('trace-taskId')).toHaveValue(key.split('/')[3]);

  // Back into the table with Shift+Tab and Tab: the row visited last holds the table's one stop.
  await rows.nth(1).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="task-table"]') === null)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect(rows.nth(1)).toBeFocused();
  // ArrowUp from the first row reaches the header's sort buttons; ArrowRight moves between them.
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('task-table').locator('thead button').first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('task-table').locator('thead button').nth(1)).toBeFocused();

  // The means table is one stop too.
  await expect(page.locator('[data-testid="aggregate-table"] [tabindex="0"]')).toHaveCount(1);
  const stopsInside = await page.getByTestId('aggregate-table').evaluate((table) => [...table.querySelectorAll('button, tr')].filter((element) => (element as HTMLElement).tabIndex >= 0).length);
  expect(stopsInside).toBe(1);
});

test('Enter on a story keeps the focus on its button while its run starts and ends', async ({ page }) => {
  await page.goto('./');
  await expect(taskRows(page)).toHaveCount(100);
  const story = page.getByTestId('story-smaller-model');
  await story.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await expect(story).toBeFocused();
  await expect(story).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(story).toBeFocused();
  await expect(story).toHaveAttribute('aria-pressed', 'true');
});

test('charts carry axis titles on the page, and no point label covers a marker', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  const charts = page.getByTestId('charts-household').locator('figure.chart');
  await expect(charts).toHaveCount(4);
  await expect(charts.first().locator('.recharts-scatter-symbol').first()).toBeVisible();
  for (const chart of await charts.all()) {
    const titles = await chart.locator('.page-axis-title').allTextContents();
    expect(titles).toHaveLength(2);
    expect(titles[1]).toContain('Success');
    const covered = await chart.evaluate((figure) => {
      const boxes = (selector: string) => [...figure.querySelectorAll(selector)].map((element) => element.getBoundingClientRect());
      const markers = boxes('.recharts-scatter-symbol');
      const labels = boxes('.point-label');
      const hit = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      return { labels: labels.length, covered: labels.filter((label) => markers.some((marker) => hit(label, marker))).length };
    });
    expect(covered.labels).toBe(2);
    expect(covered.covered).toBe(0);
  }
});

/** WCAG contrast ratio of two computed `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the active story stays readable on hover, and text fields follow dark mode (issue 29 item 8)', async ({ page }) => {
  await page.goto('./');
  const active = page.getByTestId('story-autotool-calls');
  await expect(active).toHaveAttribute('aria-pressed', 'true');
  await active.hover();
  const colours = await active.evaluate((element) => ({ color: getComputedStyle(element).color, background: getComputedStyle(element).backgroundColor }));
  expect(contrast(colours.color, colours.background), JSON.stringify(colours)).toBeGreaterThanOrEqual(4.5);

  await page.emulateMedia({ colorScheme: 'dark' });
  const search = page.getByTestId('trace-search');
  await expect(search).toBeVisible({ timeout: 60_000 });
  const field = await search.evaluate((element) => ({ color: getComputedStyle(element).color, background: getComputedStyle(element).backgroundColor }));
  const panel = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // A dark field (not the browser's white default) with readable text.
  expect(contrast(field.background, 'rgb(0, 0, 0)'), JSON.stringify(field)).toBeLessThan(3);
  expect(contrast(field.color, field.background), JSON.stringify(field)).toBeGreaterThanOrEqual(4.5);
  expect(panel).not.toBe('rgb(255, 255, 255)');
});
