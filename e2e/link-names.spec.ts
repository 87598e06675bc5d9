import { expect, test } from './fixtures';

test("a link's three unknown names are each reported at load, with what was used instead (issue 42 item 4)", async ({ page }) => {
  await page.goto('./#envs=bogus&strategies=nope&model=sim:huge');
  const problems = page.getByTestId('link-problem');
  await expect(problems).toHaveCount(3);
  await expect(problems.nth(0)).toContainText('envs=bogus');
  await expect(problems.nth(0)).toContainText('instead');
  await expect(problems.nth(1)).toContainText('strategies=nope');
  await expect(problems.nth(2)).toContainText('model=sim:huge');
  await expect(problems.nth(2)).toContainText('using sim:small');
  // What was used instead is what Setup shows: the default environment ticked, a known preset, and the link says so.
  await expect(page.getByTestId('env-household')).toBeChecked();
  await expect(page.locator('select option', { hasText: '(unknown)' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('model=sim%3Asmall');
  await expect(page.getByTestId('link-problems')).toBeInViewport();
  // On a phone too, at load, without scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('link-problem').first()).toBeInViewport();
  await page.getByTestId('link-problems-close').click();
  await expect(page.getByTestId('link-problems')).toHaveCount(0);
});

test('the query form of a link reads as the hash form: ?tasks=NaN is refused by name, and the link moves into the hash (issue 42 item 4)', async ({ page }) => {
  await page.goto('./?tasks=NaN&seeds=2&results=1');
  await expect(page.getByTestId('link-problem')).toHaveCount(1);
  await expect(page.getByTestId('link-problem')).toContainText('tasks=NaN: give a whole number from 1 to 100,000');
  await expect(page.getByTestId('link-problem')).toContainText('kept 60');
  await expect(page.getByTestId('seeds-input')).toHaveValue('2');
  await expect.poll(() => page.evaluate(() => location.search)).toBe('');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('seeds=2');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'running');
});
