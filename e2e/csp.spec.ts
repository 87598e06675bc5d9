import { expect, runAndWait, test } from './fixtures';

test('the built page carries a Content-Security-Policy, and a default run with its graphs raises no violation', async ({ page }) => {
  await page.goto('./');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toContain("'unsafe-eval'");
  await page.getByTestId('size-quick').click();
  await runAndWait(page);
  await page.getByTestId('strategy-graph').locator('summary').click();
  await expect(page.getByTestId('strategy-graph').locator('.react-flow__node').first()).toBeVisible();
  await page.getByTestId('view-paired').click();
  await page.getByTestId('view-papers').click();
  await expect(page.getByTestId('claim-row').first()).toBeVisible();
  // The fixture's guard then checks that no securitypolicyviolation event fired.
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
});
