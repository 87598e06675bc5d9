import { readFile } from 'node:fs/promises';
import { configure, expect, runAndWait, taskRows, test } from './fixtures';

const SETUP = { envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 4, seeds: 1 };

test('ReAct against Reflexion on both environments: charts, tables, model label, a trace, exports', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('simulated-badge').first()).toBeVisible();
  await configure(page, SETUP);
  await expect(page).toHaveURL(/envs=household%2Cacademic&strategies=react%2Creflexion&tasks=4&seeds=1/);
  await runAndWait(page);

  // Charts: for each environment three scatters, each with a point per strategy and metric.
  for (const env of SETUP.envs) {
    const charts = page.getByTestId(`charts-${env}`);
    await expect(charts.locator('.recharts-surface')).toHaveCount(4);
    await expect(charts.locator('.recharts-scatter-symbol')).toHaveCount(4 * 2 * 2);
    // 95% interval bars: a vertical one per point on every chart, a horizontal one on the three
    // charts whose cost has an interval (the dollar cost has none).
    await expect(charts.locator('[data-testid="interval-bars"]')).toHaveCount(4);
    await expect(charts.locator('[data-testid="interval-bars"] path')).toHaveCount(4 * 2 * 2 + 3 * 2 * 2);
    await expect(charts.getByTestId('point-labels').first()).toContainText(/ReAct|Reflexion/);
  }

  // Tables: 2 environments x 2 strategies; 2 x 2 x 4 tasks x 1 seed task runs.
  const aggregate = page.getByTestId('aggregate-table').locator('tbody tr');
  await expect(aggregate).toHaveCount(4);
  await expect(aggregate.filter({ hasText: 'ReAct' })).toHaveCount(2);
  await expect(aggregate.filter({ hasText: 'Reflexion' })).toHaveCount(2);
  // Every rate and mean carries its 95% interval, with a tooltip saying which kind.
  await expect(aggregate.first().locator('td[data-column="success"] .ci')).toHaveText(/^\s*\[\d+%, \d+%\]$/);
  await expect(aggregate.first().locator('.ci').first()).toHaveAttribute('title', /Wilson for rates.*bootstrap over tasks/);
  await expect(taskRows(page)).toHaveCount(16);

  await expect(page.getByTestId('model-label')).toContainText('Simulated model');
  await expect(page.getByTestId('run-status')).toContainText('Done: 16 task runs');

  // Inspect: clicking a row shows that task's trace, step by step.
  const row = taskRows(page).nth(5);
  const key = await row.getAttribute('data-key');
  await row.click();
  await expect(row).toHaveClass(/selected/);
  const [env, strategy, seed, taskId] = key!.split('/');
  await expect(page.getByTestId('trace-env')).toHaveValue(env);
  await expect(page.getByTestId('trace-strategy')).toHaveValue(strategy);
  await expect(page.getByTestId('trace-seed')).toHaveValue(seed);
  await expect(page.getByTestId('trace-taskId')).toHaveValue(taskId);
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
  await expect(page.getByTestId('trace-step').first()).toContainText('Action');
  await expect(page.getByTestId('trace-end')).toBeVisible();
  await page.getByTestId('instruction').locator('summary').click();
  await expect(page.getByTestId('instruction').locator('pre')).toBeVisible();

  // Switching the strategy in Inspect keeps the task.
  await page.getByTestId('trace-strategy').selectOption(strategy === 'react' ? 'reflexion' : 'react');
  await expect(page.getByTestId('trace-taskId')).toHaveValue(taskId);

  // Cost: four scatters per environment (the fourth in dollars), a cost column that follows the price table.
  await expect(page.getByTestId('charts-household').locator('.recharts-surface')).toHaveCount(4);
  const costCell = aggregate.first().locator('td[data-column="costUsd"]');
  const before = await costCell.textContent();
  await page.getByTestId('price-input').fill('30');
  await page.getByTestId('price-input').blur();
  await expect(costCell).not.toHaveText(before!);

  // Breakdowns fold open: by task kind, and LLM calls in run order.
  await page.getByTestId('by-kind-household').locator('summary').click();
  await expect(page.getByTestId('by-kind-household').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByTestId('run-order-household').locator('summary').first().click();
  await expect(page.getByTestId('run-order-household').locator('.recharts-line')).toHaveCount(2);

  // Exports: the whole result as JSON, the task runs as CSV.
  const jsonDownload = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8'));
  expect(json.results).toHaveLength(16);
  expect(json.model.simulated).toBe(true);
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = await readFile((await (await csvDownload).path())!, 'utf8');
  expect(csv.trimEnd().split('\n')).toHaveLength(17);
  // Every line names the model it came from, its preset, encoder, tasks and seeds (issue 29).
  expect(csv.split('\n')[0]).toMatch(/^model,simulated,preset,dials,encoder,tasks,seeds,env,strategy,seed,taskId/);
  expect(csv.split('\n')[1]).toMatch(/^sim:\w+,true,\w+,,[\w-]+,4,1,household,/);

  // A chart's files keep their context: title with the environment, model ("simulated model"),
  // tasks × seeds, axis titles.
  const chart = page.getByTestId('charts-household').getByTestId('chart-llmCalls');
  const svgDownload = page.waitForEvent('download');
  await chart.getByTestId('chart-export-svg').click();
  const svg = await readFile((await (await svgDownload).path())!, 'utf8');
  expect(svg).toMatch(/<title>Household[^<]*LLM calls per task<\/title>/);
  expect(svg).toMatch(/<desc>Simulated model: [^<]*SimLM, not a real LLM[^<]*4 tasks × 1 seed<\/desc>/);
  expect(svg).toContain('data-role="x-title">LLM calls per task<');
  expect(svg).toContain('data-role="y-title">Success rate');
  const pngDownload = page.waitForEvent('download');
  await chart.getByTestId('chart-export-png').click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe('toolwise-household-llm-calls.png');
  if (process.env.EXPORT_PNG_TO) await png.saveAs(process.env.EXPORT_PNG_TO);
});
