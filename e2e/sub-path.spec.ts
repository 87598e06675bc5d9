import { expect, taskRows, test } from './fixtures';
import { SUB_PATH_PORT } from './ports';

/** The built page served under a sub-path, as GitHub Pages hosts it (playwright.config.ts's third web server). */
const SUB_PATH = `http://127.0.0.1:${SUB_PATH_PORT}/toolwise/`;

test('the built page works from a sub-path: data, worker, embedder and favicon resolve under it', async ({ page, context }) => {
  test.info().annotations.push({ type: 'allowed-origin', description: SUB_PATH });
  const failed: string[] = [];
  context.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${SUB_PATH}#envs=academic&strategies=react&tasks=2&seeds=1`);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(taskRows(page)).toHaveCount(2);
  await expect(page.getByTestId('embedder-label')).toContainText('Toolwise SimCSE');
  expect(await page.evaluate(() => (document.querySelector('link[rel="icon"]') as HTMLLinkElement).href)).toBe(`${SUB_PATH}favicon.svg`);
  expect(failed).toEqual([]);
});
