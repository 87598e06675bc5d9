import { expect, test } from './fixtures';

// Issue 29 item 6: a plan step's line counts what its substep spent (EGB's act call and logit passes).

test('an EGB-Logits step line counts the act call and the logit passes its substep made', async ({ page }) => {
  await page.goto('./#envs=slate&strategies=egb-logits&tasks=2&seeds=1&embedder=lexical&results=1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await page.getByTestId('task-table').locator('tbody tr').first().click();
  const steps = page.getByTestId('trace-step');
  await expect(steps.first()).toBeVisible();
  // The first pass is the steps before the numbering starts again (a branch re-runs from a substep;
  // its first step takes the alternative the first pass's logit passes already weighed, so it may
  // make no call at all, e.g. when that alternative is "no tool").
  const titles = await steps.evaluateAll((items) => items.map((item) => item.querySelector('.block-title')?.textContent ?? ''));
  const numbers = titles.map((text) => Number(/\d+/.exec(text)?.[0]));
  const firstPass = numbers.findIndex((n, i) => i > 0 && n <= numbers[i - 1]);
  const allCosts = await steps.getByTestId('trace-cost').allTextContents();
  const costs = firstPass === -1 ? allCosts : allCosts.slice(0, firstPass);
  expect(costs.length).toBeGreaterThan(0);
  // Every first-pass step chose its tool with the model: no line says it made no call.
  expect(costs.filter((text) => text.includes('no LLM call'))).toEqual([]);
  // A substep that chose "no tool" needs no generation call, only the logit passes that chose it.
  for (const text of costs) expect(text).toMatch(/^(1 LLM call|\d+ logit pass(es)?|1 LLM call \+ \d+ logit pass(es)?) · [\d,]+ tokens/);
  // Where the substep weighed several candidates, the logit passes are on its step's line.
  const withPasses = steps.filter({ has: page.getByTestId('trace-cost').filter({ hasText: /logit pass/ }) });
  expect(await withPasses.count()).toBeGreaterThan(0);
  await withPasses.first().getByTestId('trace-toggle').click();
  await expect(withPasses.first().getByTestId('trace-substep-cost')).toContainText('logit pass');
});
