import { configure, expect, runAndWait, taskRows, test } from './fixtures';

const SHOTS = 'shots';

test('AutoTool against ReAct on household: inertial steps in the trace, the inertia graph, the learning curve', async ({ page }) => {
  // Temperature 1 (the link's override): at household's paper temperature 0 the greedy model takes few
  // inertial steps in 12 tasks, and this test is about how the page shows them.
  await page.goto('./#envs=household&strategies=react,autotool-react&tasks=12&seeds=1&temperature=1&results=1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.getByTestId('aggregate-table').locator('thead')).toContainText('Inertial calls');

  await page.getByTestId('run-order-household').locator('summary').first().click();
  await expect(page.getByTestId('run-order-household').locator('.recharts-line')).toHaveCount(2);

  // A task where AutoTool took a step without the model.
  await taskRows(page).first().click();
  await page.getByTestId('trace-strategy').selectOption('autotool-react');
  const tasks = await page.getByTestId('trace-taskId').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const task of tasks.reverse()) {
    await page.getByTestId('trace-taskId').selectOption(task);
    if ((await page.getByTestId('trace-inertial').count()) > 0) break;
  }
  await expect(page.getByTestId('trace-inertial').first()).toContainText(/no LLM call/);

  const graph = page.getByTestId('strategy-graph');
  await graph.locator('summary').click();
  await expect(graph.locator('.react-flow__node').first()).toBeVisible();
  expect(await graph.locator('.react-flow__node').count()).toBeGreaterThan(4);
  await expect(graph.locator('.react-flow__edge.edge-inertial').first()).toBeAttached();
  await graph.screenshot({ path: `${SHOTS}/12-autotool-graph.png` });
});

test('EcoAct against ReAct on toolbench: registrations in the trace and cost by tool scale', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['toolbench'], strategies: ['react', 'ecoact-react'], tasks: 6, seeds: 1 });
  await runAndWait(page);
  await expect(page.getByTestId('aggregate-table').locator('thead')).toContainText('Registered tools');
  await page.getByTestId('by-kind-toolbench').locator('summary').click();
  const kinds = page.getByTestId('by-kind-toolbench').locator('tbody th');
  await expect(kinds).toHaveText(['0-10', '10-20', '20+']);
  // A column per measure, a row per kind and strategy; counts grouped and whole (issue 42: "· 7,435.1 tok" broken across a cell).
  const table = page.getByTestId('by-kind-toolbench').getByTestId('kind-table');
  await expect(table.locator('thead th')).toHaveText(['Kind', 'Strategy', 'Task runs', 'Success', 'Input tokens', 'Cost / task']);
  await expect(table.locator('tbody tr')).toHaveCount(6);
  for (const cell of await table.locator('tbody tr td:nth-of-type(4)').allTextContents()) expect(cell).toMatch(/^\d{1,3}(,\d{3})* \[\d{1,3}(,\d{3})*, \d{1,3}(,\d{3})*\]$/);
  expect((await table.textContent()) ?? '').not.toContain('\u00b7');
  await page.getByTestId('by-kind-toolbench').screenshot({ path: `${SHOTS}/13-ecoact-by-scale.png` });

  await taskRows(page).first().click();
  await page.getByTestId('trace-strategy').selectOption('ecoact-react');
  await expect(page.getByTestId('registration-timeline')).toBeVisible();
  await expect(page.getByTestId('trace-register').first()).toContainText('registered');
});

test('ToolExpNet on restapi: its network with guidance on click; a broken RestBench import names the problem', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['restapi'], strategies: ['react', 'toolexpnet'], tasks: 3, seeds: 1 });
  const importer = page.getByTestId('restapi-import');
  await importer.locator('summary').click();
  // No query of this file is valid, so nothing loads (a file with some valid queries loads those: import-depth.spec).
  const broken = [{ query: 'Play something', solution: ['GET /nowhere'] }, { query: 'Follow them', solution: ['PUT /me/followings'] }];
  await page.getByTestId('restapi-queries-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await page.getByTestId('restapi-import-button').click();
  await expect(page.getByTestId('import-problems')).toContainText('query 1: solution: "PUT /me/followings" is not an operation of the OpenAPI spec');
  await expect(page.getByTestId('import-problems')).toContainText('Nothing was loaded');

  await runAndWait(page);
  await expect(page.getByTestId('aggregate-table').locator('thead')).toContainText('Correct path');
  await expect(page.getByTestId('learning-cost')).toContainText('ToolExpNet on RestBench Spotify (REST API) (seed 1): 19 tasks');
  await taskRows(page).first().click();
  const graph = page.getByTestId('strategy-graph');
  await graph.locator('summary').click();
  await expect(graph.locator('.react-flow__node').first()).toBeVisible();
  // The view may still be fitting itself when the node first shows: a click that lands while it moves is tried again.
  const node = graph.locator('.react-flow__node.has-detail').first();
  await expect(async () => {
    await node.click();
    await expect(page.getByTestId('graph-detail')).not.toContainText('Click a tool', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // The network fits its box (issue 29 item 8): every tool inside the canvas, and no edge labels on top of each other.
  const fit = await graph.evaluate((element) => {
    const box = element.querySelector('.react-flow')!.getBoundingClientRect();
    const nodes = [...element.querySelectorAll('.react-flow__node')].map((node) => node.getBoundingClientRect());
    const outside = nodes.filter((r) => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1).length;
    const labels = [...element.querySelectorAll('.react-flow__edge-textwrapper')].map((label) => label.getBoundingClientRect());
    let overlaps = 0;
    for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) if (labels[i].left < labels[j].right && labels[j].left < labels[i].right && labels[i].top < labels[j].bottom && labels[j].top < labels[i].bottom) overlaps++;
    return { nodes: nodes.length, outside, overlaps };
  });
  expect(fit.nodes).toBeGreaterThan(3);
  expect(fit).toMatchObject({ outside: 0, overlaps: 0 });
  await graph.screenshot({ path: `${SHOTS}/14-toolexpnet-network.png` });
});
