import { configure, expect, reopenFromLink, runAndWait, test } from './fixtures';

// Issue 28 item 2: the prompt layout is a Setup control (label and help from the settings schema);
// changing it changes the link and the run (Reflexion writes its reflections elsewhere, so its
// prompt tokens move), and the glossary explains it.
test('the prompt layout picked in Setup goes into the link and changes the run', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['reflexion'], tasks: 2, seeds: 1 });
  const select = page.getByTestId('layout-select');
  await expect(select).toHaveValue('paper');
  const field = page.locator('label', { has: select });
  await expect(field).toContainText('Prompt layout');
  await expect(field).toHaveAttribute('title', /static to growing/);
  await runAndWait(page);
  const tokens = page.getByTestId('aggregate-table').locator('td[data-column="promptTokens"]').first();
  const paper = await tokens.innerText();
  expect(await page.evaluate(() => location.hash)).not.toContain('layout=');

  await select.selectOption('cache');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('layout=cache');
  await runAndWait(page);
  await expect(tokens).not.toHaveText(paper);

  // Opened afresh from the link, the select reads it back.
  await reopenFromLink(page);
  await expect(page.getByTestId('layout-select')).toHaveValue('cache');

  await page.goto('./#glossary');
  await expect(page.getByTestId('glossary').locator('[data-term="layout"]')).toContainText('Prompt layout');
});

// Issue 28 item 1: where the 1,000-tool listing does not fit sim:small's 32K window, the tool
// listing picked in Setup lists a shortlist; the link carries it and the result row says so.
test('the tool listing picked in Setup goes into the link, and a shortlisted strategy says so', async ({ page }) => {
  await page.goto('./#envs=slate&strategies=autotool-react&tasks=1&seeds=1&model=sim:small&embedder=lexical&overflow=fail');
  const select = page.getByTestId('listing-select');
  await expect(select).toHaveValue('full');
  const field = page.locator('label', { has: select });
  await expect(field).toContainText('Tool listing');
  await expect(field).toHaveAttribute('title', /retrieves for the task/);
  await runAndWait(page);
  const strategy = page.getByTestId('aggregate-table').locator('td[data-column="strategy"]').first();
  await expect(strategy).toContainText('AutoTool');
  await expect(strategy.getByTestId('listing-note')).toHaveCount(0);

  await select.selectOption('fit');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('listing=fit');
  await expect(page.getByTestId('shortlist-size-input')).toHaveValue('100');
  await runAndWait(page);
  await expect(strategy.getByTestId('listing-note')).toHaveText('(shortlist)');

  // Opened afresh from the link, the select reads it back.
  await reopenFromLink(page);
  await expect(page.getByTestId('listing-select')).toHaveValue('fit');

  await page.goto('./#glossary');
  await expect(page.getByTestId('glossary').locator('[data-term="listing"]')).toContainText('Tool listing');
});
