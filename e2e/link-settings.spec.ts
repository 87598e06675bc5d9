import { expect, test } from './fixtures';

test('a link with a bad number is refused with a message, keeps the default and does not run (issue 29: tasks=NaN)', async ({ page }) => {
  await page.goto('./#envs=household&strategies=react&tasks=NaN&seeds=1&embedder=lexical&results=1');
  const notice = page.getByTestId('link-problems');
  await expect(notice).toContainText('tasks=NaN: give a whole number from 1 to 100,000');
  await expect(notice).toContainText('does not start by itself');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-status', 'running');
});

test('an older link spelling of a hyperparameter and a dial still opens, and is written the one way', async ({ page }) => {
  await page.goto('./#envs=household&strategies=react,reflexion&model=sim:small&p.reflexion.memory=2&d.kappa=3');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('reflexion.memory=2');
  const hash = await page.evaluate(() => location.hash);
  expect(hash).toContain('sim.kappa=3');
  expect(hash).not.toMatch(/[#&](p|d)\./);
});
