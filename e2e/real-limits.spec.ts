import { expect, runAndWait, test } from './fixtures';

/** A value with its 95% interval below it, as the means table writes a percentage. */
const PERCENT_WITH_INTERVAL = /^\d+%\s*\[\d+%, \d+%\]$/;

// Issue 28 items 1 and 6: a run that checks windows shows its overflows on the page, with their
// interval and glossary words, and says which strategy on which environment did not fit; the
// shortlist (listing fit) makes it fit.
test('a prompt over the window is seen: which strategy and environment did not fit, in how many task runs', async ({ page }) => {
  await page.goto('./#envs=slate&strategies=autotool-react,react&tasks=1&seeds=1&model=sim:small&embedder=lexical&overflow=fail');
  await runAndWait(page);
  const table = page.getByTestId('aggregate-table');
  const header = table.locator('th[data-column="contextOverflows"]');
  await expect(header).toContainText('Context overflows');
  // Its hover starts with this run's window and where the figure comes from (SimLM small: Qwen2.5-7B-Instruct's model card).
  await expect(header).toHaveAttribute('title', /^This run's window: 32,768 tokens, from Qwen2\.5-7B-Instruct model card .*\. Context overflows: .*Unit: percent of task runs/);
  const autotool = table.locator('tr', { hasText: 'AutoTool (ReAct)' });
  const react = table.locator('tbody tr').filter({ hasNotText: 'AutoTool' });
  await expect(autotool.locator('td[data-column="contextOverflows"]')).toHaveText(PERCENT_WITH_INTERVAL);
  await expect(autotool.locator('td[data-column="contextOverflows"]')).toContainText('100%');
  await expect(react.locator('td[data-column="contextOverflows"]')).toContainText('0%');
  await expect(autotool.getByTestId('overflow-note')).toHaveText('did not fit the window: 1 of 1');
  await expect(autotool.getByTestId('overflow-note')).toHaveAttribute('title', /AutoTool \(ReAct\) on SLATE e-commerce.*32,768 tokens/);
  await expect(react.getByTestId('overflow-note')).toHaveCount(0);

  // The dollar axis's tick labels ($0.002 ... $0.01, wider than token ticks) do not run into each other.
  const dollarTicks = page.getByTestId('chart-costUsd').first().locator('text.recharts-cartesian-axis-tick-value', { hasText: '$' });
  await expect(dollarTicks.first()).toBeVisible();
  const ticks = await dollarTicks.evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect()).map((box) => [box.left, box.right]));
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  ticks.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < ticks.length; i++) expect(ticks[i][0], 'a dollar tick label starts after the one before ends').toBeGreaterThan(ticks[i - 1][1]);

  // The charts leave AutoTool out, whose costs stop at the prompt that did not fit (0 calls, $0), and say so.
  const charts = page.getByTestId('charts-slate');
  await expect(charts.getByTestId('chart-left-out')).toHaveText(/^Left out of the charts of SLATE e-commerce \(plan-guided\), because a prompt over the model's context window \(32,768 tokens\) ended task runs: AutoTool \(ReAct\), 1 of 1 task runs\./);
  await expect(charts.locator('.chart-legend')).toContainText('ReAct');
  await expect(charts.locator('.chart-legend')).not.toContainText('AutoTool');
  await expect(charts.getByTestId('point-labels').first()).toContainText('ReAct');
  await expect(charts.getByTestId('point-labels').first()).not.toContainText('AutoTool');
  await page.getByTestId('by-kind-slate').locator('summary').click();
  await expect(page.getByTestId('by-kind-slate').getByTestId('breakdown-left-out')).toContainText('AutoTool (ReAct), 1 of 1 task runs');
  await expect(page.getByTestId('by-kind-slate').locator('table').first()).toContainText('ReAct');
  expect((await page.getByTestId('by-kind-slate').locator('table').allTextContents()).join(' ')).not.toContain('AutoTool');

  const notice = page.getByTestId('overflow-notice');
  await expect(notice).toContainText('context window (32,768 tokens)');
  await expect(notice.getByTestId('window-source')).toHaveText('Window: 32,768 tokens, from Qwen2.5-7B-Instruct model card (32,768 as configured; 131,072 needs YaRN).');
  await expect(page.getByTestId('model-window')).toHaveText(/^Context window: 32,768 tokens, from Qwen2\.5-7B-Instruct model card .*; prompts over it: the task run ends \(overflow fail\)\.$/);
  await expect(notice).toContainText('the overflow setting (fail) ended the task run');
  await expect(notice.locator('li')).toHaveText(['AutoTool (ReAct) on SLATE e-commerce (plan-guided): 1 of 1 task runs']);

  // The task run says so, and Inspect shows the window's own words.
  const run = page.getByTestId('task-table').locator('tr', { hasText: 'AutoTool (ReAct)' });
  await expect(run.getByTestId('task-overflow')).toHaveText('context overflow');
  await run.click();
  await expect(page.getByTestId('trace-overflow')).toContainText(/maximum context length is 32768 tokens/);
  // The window's source in a sentence of its own, not in parentheses within parentheses.
  await expect(page.getByTestId('trace-overflow')).toContainText('Its next prompt was longer than the model\u2019s context window, and the run\u2019s overflow setting ended the task run here. Window: 32,768 tokens, from Qwen2.5-7B-Instruct model card (32,768 as configured; 131,072 needs YaRN).');
  await expect(page.getByTestId('trace-window')).toHaveText('Window: 32,768 tokens, from Qwen2.5-7B-Instruct model card (32,768 as configured; 131,072 needs YaRN).');
  expect(await page.getByTestId('trace-overflow').textContent()).not.toContain('))');

  // Listed with the shortlist, every prompt fits: no overflow, no notice.
  await page.getByTestId('listing-select').selectOption('fit');
  await runAndWait(page);
  await expect(autotool.locator('td[data-column="contextOverflows"]')).toContainText(/^0%/);
  await expect(autotool.getByTestId('listing-note')).toHaveText('(shortlist)');
  await expect(page.getByTestId('overflow-notice')).toHaveCount(0);
  await expect(page.getByTestId('overflow-note')).toHaveCount(0);
  await expect(page.getByTestId('chart-left-out')).toHaveCount(0);
  await expect(page.getByTestId('charts-slate').locator('.chart-legend')).toContainText('AutoTool (ReAct)');
});

// Issue 28 items 1, 3 and 4: trimmed calls with their interval, dollars with and without the
// cache, and the device the seconds are on.
test('trimmed calls, dollars with and without the cache, and the seconds\' device are on the page', async ({ page }) => {
  await page.goto('./#envs=household&strategies=react&tasks=2&seeds=1&model=sim:small&embedder=lexical&overflow=trim&window=1500&cache=prefix&local-device=cpu-qwen2.5-0.5b-q8');
  await runAndWait(page);
  const table = page.getByTestId('aggregate-table');
  await expect(table.locator('th[data-column="trimmedCalls"]')).toHaveAttribute('title', /^This run's window: 1,500 tokens, from the run's window setting.*\. Trimmed calls: /);
  const row = table.locator('tbody tr').first();
  await expect(row.locator('td[data-column="trimmedCalls"]')).toHaveText(/^[\d,.]+\s*\[[\d,.]+, [\d,.]+\]$/);
  expect(Number((await row.locator('td[data-column="trimmedCalls"]').innerText()).split(/\s/)[0])).toBeGreaterThan(0);
  await expect(row.getByTestId('trim-note')).toHaveText('prompts trimmed to the window');
  await expect(page.getByTestId('trim-notice')).toContainText('ReAct on Household (ALFWorld-like)');
  await expect(page.getByTestId('trim-notice')).toContainText('(1,500 tokens)');
  // The task run says how many of its calls were trimmed.
  await expect(page.getByTestId('task-table').getByTestId('task-trimmed').first()).toHaveText(/^\(\d+ trimmed\)$/);

  // Dollars under the prefix cache, and what they would be with none cached (more).
  const cost = row.locator('td[data-column="costUsd"]');
  const withCache = Number((await cost.innerText()).match(/^\$([\d.]+)/)![1]);
  const withoutCache = Number((await row.getByTestId('cost-uncached').innerText()).match(/no cache \$([\d.]+)/)![1]);
  expect(withoutCache).toBeGreaterThan(withCache);
  // Prompt tokens and the part the cache did not hold, whole tokens with their intervals; the cached part is in the column picker.
  await expect(row.locator('td[data-column="promptTokens"]')).toHaveText(/^[\d,]+\s*\[[\d,]+, [\d,]+\]$/);
  await expect(row.locator('td[data-column="uncachedPromptTokens"]')).toHaveText(/^[\d,]+\s*\[[\d,]+, [\d,]+\]$/);
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('column-cachedPromptTokens').check();
  await expect(row.locator('td[data-column="cachedPromptTokens"]')).toHaveText(/^[\d,]+\s*\[[\d,]+, [\d,]+\]$/);
  await expect(page.getByTestId('cost-basis')).toContainText('prefix (common prefix with the slot, llama.cpp)');
  // Seconds name their device.
  await expect(page.getByTestId('cost-basis')).toContainText('Seconds: on CPU, 1 core: Qwen2.5-0.5B Q8_0');
  await expect(table.locator('th[data-column="localSeconds"]')).toHaveAttribute('title', /^This run: on CPU, 1 core: Qwen2\.5-0\.5B Q8_0/);
});
