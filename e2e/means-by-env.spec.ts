import { expect, runAndWait, test } from './fixtures';

// A setup of one's own over two environments (household and SLATE, four strategies): one table of
// means per environment, each with the columns its rows fill, the strategies' own measures in one
// column, and the strategy's column in view however far a table scrolls, at 1440 and at 390 px (the
// task table's too).
const MIXED = './#envs=household,slate&strategies=autotool-react,react,ecoact-react,reflexion&tasks=1&seeds=1&model=sim:small&embedder=lexical';

test('two environments: a table each, with its own columns, and the strategy stays in view at 1440 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(MIXED);
  await runAndWait(page);
  const tables = page.getByTestId('aggregate-table');
  await expect(tables).toHaveCount(2);
  await expect(page.getByTestId('aggregate-env-title')).toHaveText(['Household (ALFWorld-like)', 'SLATE e-commerce (plan-guided)']);
  const household = page.locator('[data-testid="aggregate-table"][data-env="household"]');
  const slate = page.locator('[data-testid="aggregate-table"][data-env="slate"]');
  await expect(household).toHaveAccessibleName(/^Household \(ALFWorld-like\) Means per task run/);
  // No Environment column (the heading names it), and SLATE's own metrics only in SLATE's table.
  await expect(page.locator('[data-testid="aggregate-table"] th[data-column="env"]')).toHaveCount(0);
  await expect(household.locator('th[data-column="toolMatch"]')).toHaveCount(0);
  await expect(slate.locator('th[data-column="toolMatch"]')).toHaveCount(1);
  await expect(household.locator('tbody tr')).toHaveCount(4);
  // AutoTool's and EcoAct's own measures share one column, each with its interval.
  await expect(household.locator('th[data-column="inertialCalls"]')).toHaveCount(0);
  const own = (strategy: string) => household.locator('tbody tr', { hasText: strategy }).locator('td[data-column="ownMetrics"]');
  await expect(own('AutoTool (ReAct)')).toContainText(/Inertial calls [\d.]+ \[[\d.]+, [\d.]+\]/);
  await expect(own('EcoAct (ReAct)')).toContainText(/Registered tools [\d.]+ \[[\d.]+, [\d.]+\]/);
  await expect(own('Reflexion')).toHaveText('');
  // Household's table fits its box at 1440 px: no sideways scroll.
  expect(await household.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth + 0.5)).toBe(true);

  // Scrolled all the way right, each table still shows its strategies' names at its left edge.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const table of [household, slate]) {
      const edges = await table.evaluate((element) => {
        const box = element.parentElement!;
        box.scrollLeft = box.scrollWidth;
        const cell = element.querySelector('tbody td[data-column="strategy"]')!.getBoundingClientRect();
        return { scrolled: box.scrollLeft, box: box.getBoundingClientRect().left, cell: cell.left, right: cell.right };
      });
      if (width === 390) expect(edges.scrolled, `${width} px: the table scrolls`).toBeGreaterThan(0);
      expect(Math.abs(edges.cell - edges.box), `${width} px: the strategy's cell sits at the box's left edge`).toBeLessThan(2);
      expect(edges.right).toBeGreaterThan(edges.box + 40);
    }
  }

  // The task table too: at 390 px it scrolls, and scrolled right its rows still name their strategy.
  const tasks = page.getByTestId('task-table');
  const edges = await tasks.evaluate((element) => {
    const box = element.parentElement!;
    box.scrollLeft = box.scrollWidth;
    const header = element.querySelector<HTMLTableCellElement>('th[data-column="strategy"]')!;
    const head = header.getBoundingClientRect();
    const cell = element.querySelector('tbody tr')!.children[header.cellIndex].getBoundingClientRect();
    return { scrolled: box.scrollLeft, box: box.getBoundingClientRect().left, cell: cell.left, right: cell.right, head: head.left };
  });
  expect(edges.scrolled, '390 px: the task table scrolls').toBeGreaterThan(0);
  expect(Math.abs(edges.cell - edges.box), "390 px: the task table's strategy cell sits at the box's left edge").toBeLessThan(2);
  expect(Math.abs(edges.head - edges.box), 'and its header with it').toBeLessThan(2);
  expect(edges.right).toBeGreaterThan(edges.box + 40);
});
