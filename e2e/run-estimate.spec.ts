import { expect, test } from './fixtures';

// Issue 42 item 2: a run says how long it will take here and asks before anything over 20 s; Cancel
// leaves the page as it was. The rates are this browser's: "earlier runs" are put in its storage
// here, as a run here would have written them (milliseconds per task run by environment/strategy).
const EARLIER = { task: { 'slate/react': 300, 'slate/reflexion': 400, 'slate/egb-sampling': 600, 'slate/egb-logits': 600 }, learning: {} };

test('a story estimated over 20 s from earlier runs asks before it runs; Cancel leaves the page as it was', async ({ page }) => {
  await page.addInitScript((timings) => localStorage.setItem('toolwise-timings-v1', JSON.stringify(timings)), EARLIER);
  await page.goto('./');
  await expect(page.getByTestId('story-findings')).toBeVisible({ timeout: 60_000 });
  const hash = await page.evaluate(() => location.hash);
  // The story's button says its time here: 720 task runs at those rates, about 5 min 20 s.
  await expect(page.getByTestId('story-time-egb-slate')).toContainText(/about \d+ min/);

  await page.getByTestId('story-egb-slate').click();
  const ask = page.getByTestId('run-ask');
  await expect(ask).toBeVisible();
  await expect(ask).toHaveAttribute('data-when', 'before');
  await expect(ask).toContainText('720 task runs');
  await expect(ask).toContainText(/about \d+ min/);
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('run-ask-go')).toBeFocused();

  await page.getByTestId('run-ask-cancel').click();
  await expect(ask).toHaveCount(0);
  // As it was: the default story's setup, its shipped result and findings, nothing running.
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(hash);
  await expect(page.getByTestId('story-autotool-calls')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('story-findings')).toBeVisible();
  await expect(page.getByTestId('shipped-note')).toBeVisible();
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'running');
});

test('a run never timed here asks once its first seconds project it over 20 s, and Cancel puts back what was on screen', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('story-findings')).toBeVisible({ timeout: 60_000 });
  const hash = await page.evaluate(() => location.hash);
  await page.getByTestId('story-egb-slate').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  const ask = page.getByTestId('run-ask');
  await expect(ask).toBeVisible({ timeout: 60_000 });
  await expect(ask).toHaveAttribute('data-when', 'during');
  await expect(ask).toContainText('measured over its first seconds');
  // While it asks, the run goes on and says what is left.
  await expect(page.getByTestId('run-status')).toContainText(/about .* left/);
  await page.getByTestId('run-ask-cancel').click();
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'running', { timeout: 60_000 });
  await expect(ask).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(hash);
  await expect(page.getByTestId('shipped-note')).toBeVisible();
  await expect(page.getByTestId('story-findings')).toBeVisible();
  // The rates it measured are kept for the next estimate (of the strategies that finished a task run).
  expect(await page.evaluate(() => localStorage.getItem('toolwise-timings-v1'))).toMatch(/"slate\/[\w-]+":\d/);
});
