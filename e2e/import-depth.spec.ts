import { readFile } from 'node:fs/promises';
import { configure, expect, test } from './fixtures';

test('a file nested 10,000 deep is refused with a reason, and the next file loads (issue 15 #3)', async ({ page }) => {
  const cases = JSON.parse(await readFile('public/data/slate/cases.json', 'utf8')) as { id: string }[];
  await page.goto('./');
  await configure(page, { envs: ['slate'], strategies: ['react'], tasks: 2, seeds: 1 });
  const importer = page.getByTestId('slate-import');
  await importer.locator('summary').click();

  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from('['.repeat(10_000) + ']'.repeat(10_000)) });
  await page.getByTestId('slate-import-button').click();
  await expect(page.getByTestId('import-problems')).toContainText('more than 64 levels deep');
  await expect(page.getByTestId('slate-import-button')).toHaveText('Check and load');

  // Written as text: JSON.stringify itself overflows on 5,000 levels.
  const deep = '{"a":'.repeat(5000) + '"x"' + '}'.repeat(5000);
  const second = JSON.stringify(cases[1]).replace(/}$/, `,"extra":${deep}}`);
  const deepArgument = `[${JSON.stringify(cases[0])},${second}]`;
  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'deep-argument.json', mimeType: 'application/json', buffer: Buffer.from(deepArgument) });
  await page.getByTestId('slate-import-button').click();
  await expect(page.getByTestId('import-problems')).toContainText(cases[1].id);

  const mine = cases.slice(0, 3).map((item, i) => ({ ...item, id: `mine-${i + 1}`, split: undefined }));
  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mine)) });
  await page.getByTestId('slate-import-button').click();
  await expect(importer.getByRole('status')).toContainText('Loaded 3 tasks');
});

test('RestBench queries: the valid ones load and each one left out is listed with its reason (issue 15 #6)', async ({ page }) => {
  const queries = JSON.parse(await readFile('public/data/restapi/spotify.json', 'utf8')) as unknown[];
  queries[2] = { query: 'a typo in a path', solution: ['GET /albums/{album_id}/trackz'] };
  await page.goto('./');
  await configure(page, { envs: ['restapi'], strategies: ['react'], tasks: 2, seeds: 1 });
  const importer = page.getByTestId('restapi-import');
  await importer.locator('summary').click();
  await page.getByTestId('restapi-queries-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(queries)) });
  await page.getByTestId('restapi-import-button').click();
  await expect(importer.getByRole('status')).toContainText(`Loaded ${queries.length - 1} tasks`);
  await expect(page.getByTestId('import-skipped')).toContainText('query 2: solution: "GET /albums/{album_id}/trackz" is not an operation');
});
