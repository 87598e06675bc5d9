import { readFile } from 'node:fs/promises';
import { configure, expect, runAndWait, taskRows, test } from './fixtures';

const SHOTS = 'shots';
const bundledCases = async () => JSON.parse(await readFile('public/data/slate/cases.json', 'utf8')) as { id: string; query?: string; split?: string; plan: unknown[] }[];

test('EGB against ReAct on SLATE: step-wise metrics, and the branch tree of an EGB case', async ({ page }) => {
  await page.goto('./');
  // Plan-only strategies wait for SLATE to be the only environment.
  await configure(page, { envs: ['household'], strategies: ['react'], tasks: 3, seeds: 1 });
  await expect(page.getByTestId('strategy-egb-logits')).toBeDisabled();
  await expect(page.getByTestId('plan-only-egb-logits')).toContainText('SLATE only');

  await configure(page, { envs: ['slate'], strategies: ['react', 'egb-sampling', 'egb-logits'], tasks: 4, seeds: 1 });
  await expect(page.getByTestId('strategy-egb-logits')).toBeEnabled();
  await runAndWait(page);

  const aggregate = page.getByTestId('aggregate-table');
  await expect(aggregate.locator('tbody tr')).toHaveCount(3);
  await expect(aggregate.locator('thead')).toContainText('Tool match');
  await expect(aggregate.locator('thead')).toContainText('Logit passes');
  await expect(taskRows(page)).toHaveCount(12);
  await expect(page.getByTestId('charts-slate').locator('.recharts-scatter-symbol')).toHaveCount(4 * 3 * 2); // 4 scatters, 3 strategies, success and progress

  // Inspect EGB cases and open the branch tree; keep the first case that branched.
  await taskRows(page).first().click();
  await page.getByTestId('trace-strategy').selectOption('egb-sampling');
  const tree = page.getByTestId('branch-tree');
  const tasks = await page.getByTestId('trace-taskId').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const task of tasks) {
    await page.getByTestId('trace-taskId').selectOption(task);
    await expect(page.getByTestId('trace-step').first()).toBeVisible();
    if (!(await tree.isVisible())) await page.locator('.branch-tree-details summary').click();
    await expect(tree.locator('.react-flow__node.substep').first()).toContainText('entropy');
    if (/^[1-9]\d* branch/.test((await tree.locator('p').first().textContent()) ?? '')) break;
  }
  await expect(tree.locator('.react-flow__node').first()).toBeVisible();
  await page.locator('.inspect').screenshot({ path: `${SHOTS}/9-slate-inspect.png` });
  await tree.screenshot({ path: `${SHOTS}/9-slate-branch-tree.png` });
  await page.locator('.results').screenshot({ path: `${SHOTS}/10-slate-results.png` });
});

test('importing SLATE cases: a broken case is named with its field and nothing is lost; a valid file runs', async ({ page }) => {
  const cases = await bundledCases();
  await page.goto('./');
  await configure(page, { envs: ['slate'], strategies: ['react'], tasks: 2, seeds: 1 });
  const importer = page.getByTestId('slate-import');
  await importer.locator('summary').click();

  const broken = cases.slice(0, 3).map((item) => ({ ...item }));
  delete broken[1].query;
  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await page.getByTestId('slate-import-button').click();
  const problems = page.getByTestId('import-problems');
  await expect(problems).toContainText(`case ${cases[1].id}`);
  await expect(problems).toContainText('query');
  await expect(problems).toContainText('Nothing was loaded');
  await importer.screenshot({ path: `${SHOTS}/11-slate-import-problem.png` });

  // The bundled cases still run.
  await runAndWait(page);
  await expect(taskRows(page).first()).toContainText('slate-');

  const mine = cases.slice(0, 3).map((item, i) => ({ ...item, id: `mine-${i + 1}`, split: undefined }));
  await page.getByTestId('slate-cases-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mine)) });
  await page.getByTestId('slate-import-button').click();
  await expect(importer.getByRole('status')).toContainText('Loaded 3 tasks (3 test, 0 train) with 1,000 tools');
  await runAndWait(page);
  await expect(taskRows(page)).toHaveCount(2);
  await expect(taskRows(page).first()).toContainText('mine-1');
});
