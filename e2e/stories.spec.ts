import { readFile } from 'node:fs/promises';
import { expect, runTaskSweep, taskRows, test } from './fixtures';

const CLAIM_COUNT = 12;

test('the page opens on the shipped default story: charts before any click, labelled as shipped', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('charts-household').locator('.recharts-scatter-symbol').first()).toBeVisible();
  await expect(page.getByTestId('shipped-note')).toBeVisible();
  await expect(page.getByTestId('story-lead')).toContainText('Does AutoTool save calls?');
  // What the shipped result shows, written from it (issue 29 item 2): a direction only where the paired interval excludes 0.
  const findings = page.getByTestId('story-findings').locator('li');
  await expect(findings).toHaveCount(3);
  for (const finding of await findings.all()) {
    const direction = await finding.getAttribute('data-direction');
    const text = (await finding.textContent()) ?? '';
    if (direction === 'unclear') expect(text).toMatch(/^No difference shown .*which includes 0\)\.$/);
    else expect(text).toMatch(direction === 'lower' ? /^AutoTool \(ReAct\) (needed fewer|sent fewer|solved fewer|reached less)/ : /^AutoTool \(ReAct\) (needed more|sent more|solved more|reached more)/);
    expect(text).toMatch(/paired difference -?[\d.]+( points)?, 95% interval -?[\d.]+( points)? to -?[\d.]+/);
  }
  await expect(page.getByTestId('story-findings')).toContainText('simulated model, not a real LLM');
  await expect(page.getByTestId('story-autotool-calls')).toHaveAttribute('aria-pressed', 'true');
  await expect(taskRows(page)).toHaveCount(100);
  await expect(page.getByTestId('run-status')).toContainText('360 task runs');
  await expect(page).toHaveURL(/results=1/);
  // A named story link opens the same way.
  await page.goto('./#story=autotool-calls');
  await page.reload();
  await expect(page.getByTestId('shipped-note')).toBeVisible();
  // Its traces ship apart: Inspect opens on the first one, with no run.
  await expect(page.getByTestId('trace').getByTestId('trace-step').first()).toBeVisible();
  await expect(page.getByTestId('reproduce')).toHaveCount(0);
});

test('a link taken with results on screen runs its setup when they are not stored, then reloads consistently', async ({ page }) => {
  await page.goto('./#envs=restapi&strategies=react,reflexion&tasks=6&seeds=1&embedder=lexical&results=1&view=paired');
  await expect(page.getByTestId('stored-notice')).toContainText('running its setup to reproduce them');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('paired-view')).toBeVisible();
  await expect(page.getByTestId('paired-row')).toHaveCount(1);
  // Progress in points, as success and the table of means read it (not a share, "+0.132").
  await expect(page.getByTestId('paired-row').locator('td').nth(2)).toHaveText(/^[+-]\d+\.\d pp\s*\[[+-]\d+\.\d pp, [+-]\d+\.\d pp\]$/);
  // Input tokens in whole tokens, as the table of means gives them.
  await expect(page.getByTestId('paired-row').locator('td').nth(4)).toHaveText(/^[+-][\d,]+\s*\[[+-][\d,]+, [+-][\d,]+\]$/);

  // A task one strategy solved and the other did not opens both traces side by side.
  const chip = page.locator('[data-testid="only-strategy"] .chip, [data-testid="only-baseline"] .chip').first();
  await chip.click();
  await expect(page.getByTestId('trace-compare')).toBeVisible();
  await expect(page.getByTestId('compare-row').first()).toBeVisible();
  // Both traces' input tokens per step on one chart.
  await expect(page.getByTestId('compare-tokens').locator('.recharts-line')).toHaveCount(2);
  await expect(page).toHaveURL(/compare=restapi/);

  // Reload: Setup, URL and results agree, the compared traces included.
  const url = page.url();
  await page.reload();
  await expect(page.getByTestId('trace-compare')).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('tasks-input')).toHaveValue('6');
  await expect(page.getByTestId('stored-notice')).toHaveCount(0);

  // A change of Setup marks the results as stale and the link stops promising them.
  await page.getByTestId('view-results').click();
  await page.getByTestId('tasks-input').fill('7');
  await page.getByTestId('tasks-input').blur();
  await expect(page.getByTestId('stale-notice')).toBeVisible();
  await expect(page).not.toHaveURL(/results=1/);
});

test('the Papers view lists every claim with a verdict and the paper\'s figure', async ({ page }) => {
  await page.goto('./#view=papers');
  await expect(page.getByTestId('claim-row')).toHaveCount(CLAIM_COUNT);
  for (const row of await page.getByTestId('claim-row').all()) {
    await expect(row.getByTestId('claim-verdict').first()).toHaveText(/^(reproduced|smaller effect|larger effect|direction only|not reproduced|opposite)$/);
  }
  // The shipped default story is the AutoTool claims' run: its own figures stand beside them.
  await expect(page.getByTestId('claims-AutoTool').getByTestId('claim-verdict')).toHaveCount(6);

  // Every cell holds its text and badges (none runs into the next column), and each claim's Run it
  // button has room. The tables fit their boxes, also at 390 px where a claim and its cost lines read
  // as a card (they scrolled sideways there before), and the page does not scroll sideways.
  await expect(page.getByTestId('claim-costs').first()).toBeVisible();
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    const layout = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLTableElement>('.claims-table')].map((table) => {
        const box = table.parentElement!;
        const cells = [...table.querySelectorAll<HTMLTableCellElement>('tr[data-testid="claim-row"] > td')];
        const spilled = cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent!.slice(0, 40));
        const buttons = [...table.querySelectorAll('tr[data-testid="claim-row"] button')].map((button) => button.getBoundingClientRect().width);
        const right = box.getBoundingClientRect().right;
        const costsOut = [...table.querySelectorAll<HTMLElement>('[data-testid="claim-costs"]')].filter((costs) => costs.getBoundingClientRect().right > right + 1).length;
        return { fits: table.scrollWidth <= box.clientWidth + 1, scrolls: box.scrollWidth > box.clientWidth + 1, costsOut, spilled, narrowest: Math.min(...buttons) };
      }),
    );
    for (const table of layout) {
      expect(table.spilled, `${width} px: cells whose content runs out of them`).toEqual([]);
      expect(table.narrowest, `${width} px: the Run it button has room`).toBeGreaterThan(30);
      expect(table.fits, `${width} px: the claims table fits its box`).toBe(true);
      expect(table.scrolls, `${width} px: the claims table's box does not scroll sideways`).toBe(false);
      expect(table.costsOut, `${width} px: cost tables that reach past the claims table's box`).toBe(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px: no sideways page scroll`).toBeLessThanOrEqual(width);
  }
});

test('a sweep runs one setting over a range and charts every value; a chart downloads as SVG', async ({ page }) => {
  await runTaskSweep(page);
  await expect(page.getByTestId('sweep-table')).toContainText('ReAct');
  // The swept setting in Setup's words, its link key in the caption.
  await expect(page.getByTestId('sweep-table').locator('thead th').first()).toHaveText('Tasks per environment');
  await expect(page.getByTestId('sweep-table').locator('caption')).toContainText('(tasks)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-chart-success').getByTestId('chart-export-svg').click()]);
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('Success rate');
});

test("1440 px: the Sweep's setting shows its whole name, whichever setting is chosen; at 390 px it fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./#view=sweep');
  const select = page.getByTestId('sweep-key');
  await expect(select.locator('option')).not.toHaveCount(0);
  // A closed select shows its option's text in its box, left of its arrow; text wider than that is cut.
  const fit = await select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    const cut = [...element.options].filter((option) => context.measureText(option.text).width > room).map((option) => option.text);
    return { room, cut };
  });
  expect(fit.cut, `settings wider than the select's ${fit.room} px`).toEqual([]);
  // On a phone the select shrinks to its row instead of pushing the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
