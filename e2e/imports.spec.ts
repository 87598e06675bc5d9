import { readFile } from 'node:fs/promises';
import { configure, expect, runAndWait, taskRows, test } from './fixtures';

const SHOTS = 'shots';

/** Three bundled SLATE cases renamed: the user's own file. */
async function myCases(): Promise<Buffer> {
  const cases = JSON.parse(await readFile('public/data/slate/cases.json', 'utf8')) as { id: string; split?: string }[];
  return Buffer.from(JSON.stringify(cases.slice(0, 3).map((item, i) => ({ ...item, id: `mine-${i + 1}`, split: undefined }))));
}

test('imported data survive a reload and stay in use until removed; results say which data they used', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['slate'], strategies: ['react'], tasks: 2, seeds: 1 });
  await page.getByTestId('slate-import').locator('summary').click();
  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: await myCases() });
  await page.getByTestId('slate-import-button').click();
  await expect(page.getByTestId('slate-import').getByRole('status')).toContainText('also after a reload, until you remove them');
  await expect(page.getByTestId('slate-stored-import')).toContainText(/Runs on SLATE .* use your data: mine\.json \(3 tasks/);
  await runAndWait(page);
  await expect(taskRows(page).first()).toContainText('mine-1');
  await expect(page.getByTestId('data-label')).toContainText('imported (mine.json, 3 tasks; data ');
  expect(page.url()).toMatch(/data\.slate=[0-9a-f]{12}/);

  await page.reload();
  await expect(page.getByTestId('slate-stored-import')).toContainText(/Runs on SLATE .* use your data: mine\.json/);
  await expect(page.getByTestId('data-label')).toContainText('imported (mine.json, 3 tasks');
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/imports-after-reload.png`, fullPage: false });
  // The next run uses them too: no silent switch to the bundled cases.
  await runAndWait(page);
  await expect(taskRows(page)).toHaveCount(2);
  await expect(taskRows(page).first()).toContainText('mine-1');

  // Set aside: the results on screen say their data differ from Setup's, and a run uses the bundled cases.
  await page.getByTestId('slate-import-toggle').click();
  await expect(page.getByTestId('slate-stored-import')).toContainText('Stored, not in use');
  await expect(page.getByTestId('stale-notice')).toContainText(/SLATE .* data: imported [0-9a-f]{12} → bundled/);
  await runAndWait(page);
  await expect(taskRows(page).first()).toContainText('slate-');
  await expect(page.getByTestId('data-label')).toHaveCount(0);

  // Removed: gone after a reload too.
  await page.getByTestId('slate-import-remove').click();
  await expect(page.getByTestId('slate-stored-import')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('run-status')).toContainText('Done: 2 task runs');
  await expect(page.getByTestId('slate-stored-import')).toHaveCount(0);
  await expect(taskRows(page).first()).toContainText('slate-');
});

test('a link to a run on imported data, opened where they are not, says it cannot replay without them and offers to load the file', async ({ page, browser }) => {
  await page.goto('./');
  await configure(page, { envs: ['slate'], strategies: ['react'], tasks: 2, seeds: 1 });
  await page.getByTestId('slate-import').locator('summary').click();
  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: await myCases() });
  await page.getByTestId('slate-import-button').click();
  await runAndWait(page);
  const link = page.url();
  expect(link).toContain('results=1');

  // Another browser profile: no imports, no stored runs.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  try {
    await fresh.goto(link);
    const notice = fresh.getByTestId('link-data');
    await expect(notice).toContainText('cannot be replayed without them');
    await expect(fresh.getByTestId('status')).toHaveAttribute('data-status', 'idle');
    await expect(taskRows(fresh)).toHaveCount(0);
    await fresh.screenshot({ path: `${SHOTS}/imports-link-missing.png` });
    // A reload asks again: the link keeps naming its data.
    await fresh.reload();
    await expect(fresh.getByTestId('link-data')).toBeVisible();

    await fresh.getByTestId('link-data-load-slate').click();
    await expect(fresh.getByTestId('slate-cases-file')).toBeVisible();
    await fresh.getByTestId('slate-cases-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: await myCases() });
    await fresh.getByTestId('slate-import-button').click();
    await expect(fresh.getByTestId('link-data-ready')).toContainText('in place now');
    await fresh.getByTestId('link-data-run').click();
    await expect(fresh.getByTestId('status')).toHaveAttribute('data-status', 'done');
    await expect(taskRows(fresh).first()).toContainText('mine-1');
  } finally {
    await other.close();
  }

  // A link that ran on the bundled data, opened where an import is in use: it asks, and does not run on the import.
  await page.goto('about:blank');
  await page.goto(link.replace(/&?data\.slate=[0-9a-f]{12}/, ''));
  await expect(page.getByTestId('link-data-bundled-slate')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'idle');
  await expect(page.getByTestId('link-data-keep')).toBeVisible();
  await page.getByTestId('link-data-bundled-slate').click();
  await page.getByTestId('link-data-run').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done');
  await expect(taskRows(page).first()).toContainText('slate-');
});
