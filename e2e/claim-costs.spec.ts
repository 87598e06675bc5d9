import { expect, runAndWait, test } from './fixtures';

// Issue 28 item 4: the papers' "fewer input tokens" claims also as uncached prompt tokens and
// seconds on the device picked in Setup, computed from the run on screen (and shipped).
test('a token claim shows raw and uncached prompt tokens and seconds on the picked device, with intervals', async ({ page }) => {
  await page.goto('./#envs=household&strategies=react,autotool-react&tasks=2&seeds=1&model=sim:medium&cache=prefix&local-device=cpu-qwen2.5-0.5b-q8');
  await runAndWait(page);
  await page.getByTestId('view-papers').click();
  const autotool = page.getByTestId('claims-AutoTool');
  const live = autotool.getByTestId('claim-costs').filter({ hasText: 'This run' });
  await expect(live).toHaveCount(1);
  await expect(live.locator('caption')).toContainText('prefix');
  const rows = live.locator('tbody tr');
  // Raw and uncached prompt tokens, and one line of seconds: the device picked in Setup.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Prompt tokens');
  await expect(rows.nth(1)).toContainText('Uncached prompt tokens');
  await expect(rows.nth(2)).toContainText('Seconds: CPU, 1 core: Qwen2.5-0.5B');
  // Each figure with its interval, and the change in percent.
  await expect(rows.nth(2).locator('td').first()).toHaveText(/^[\d,.]+ s \[[\d,.]+ s, [\d,.]+ s\]$/);
  await expect(rows.nth(1).locator('td').last()).toHaveText(/%/);
  // With a cache, fewer tokens are prefilled than sent.
  const number = (text: string) => Number(text.split(' ')[0].replace(/,/g, ''));
  expect(number(await rows.nth(1).locator('td').first().innerText())).toBeLessThan(number(await rows.nth(0).locator('td').first().innerText()));
  // The shipped claims carry them too.
  await expect(autotool.getByTestId('claim-costs').filter({ hasText: 'Shipped' })).toHaveCount(1);
  await expect(page.getByTestId('claims-EcoAct').getByTestId('claim-costs').filter({ hasText: 'Shipped' })).toHaveCount(1);
});
