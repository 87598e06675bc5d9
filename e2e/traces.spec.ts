import { expect, test } from './fixtures';

const LINK = './#envs=household&strategies=react,reflexion&tasks=5&seeds=1&embedder=lexical&results=1';

test.beforeEach(async ({ page }) => {
  // A results link runs its setup on open.
  await page.goto(LINK);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
});

test('trace steps are one line each until opened; Expand all and Collapse all', async ({ page }) => {
  const steps = page.getByTestId('trace-step');
  const count = await steps.count();
  expect(count).toBeGreaterThan(1);
  // Collapsed: the line shows the step, its outcome, action, progress and cost; no body.
  const first = steps.first();
  await expect(first.getByTestId('trace-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(first).toContainText(/Step 1\s*(ok|failed|invalid)/);
  await expect(first.getByTestId('trace-step-action')).not.toBeEmpty();
  await expect(first).toContainText(/progress \d+%/);
  await expect(first.getByTestId('trace-cost')).toHaveText(/1 LLM call · [\d,]+ tokens/);
  await expect(page.getByTestId('trace-body')).toHaveCount(0);
  const lineHeight = (await first.boundingBox())!.height;
  expect(lineHeight).toBeLessThan(60);

  // A click opens the step: thought, action, observation and its model calls.
  await first.getByTestId('trace-toggle').click();
  await expect(first.getByTestId('trace-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(first.getByTestId('trace-body')).toBeVisible();
  await expect(first.getByTestId('trace-body')).toContainText('Observation');
  await expect(first.getByTestId('trace-call')).toHaveCount(1);
  await expect(page.getByTestId('trace-body')).toHaveCount(1);
  await first.getByTestId('trace-toggle').click();
  await expect(page.getByTestId('trace-body')).toHaveCount(0);

  await page.getByTestId('trace-expand-all').click();
  await expect(page.locator('[data-testid="trace-step"] [data-testid="trace-body"]')).toHaveCount(count);
  await page.getByTestId('trace-collapse-all').click();
  await expect(page.getByTestId('trace-body')).toHaveCount(0);
  await expect(page.getByTestId('trace-end')).toBeVisible();
});

test('a model call shows its full prompt and its full reply on demand, with tokens and time', async ({ page }) => {
  const first = page.getByTestId('trace-step').first();
  await first.getByTestId('trace-toggle').click();
  const call = first.getByTestId('trace-call').first();
  await expect(call.locator('summary')).toHaveText(/act\s+[\d,]+ prompt \+ [\d,]+ completion tokens · \d+(\.\d+)? m?s/);
  await expect(call.getByTestId('call-prompt')).toBeHidden();
  await call.locator('summary').click();
  await expect(call.getByTestId('call-prompt')).toBeVisible();
  await expect(call.getByTestId('call-prompt')).toContainText(/Prompt · [\d,]+ tokens/);
  // The prompt's messages, read back from the trace: the instruction and the first observation.
  await expect(call.getByTestId('call-prompt').locator('.prompt-message')).toHaveCount(2);
  await expect(call.getByTestId('call-prompt')).toContainText('Observation:');
  await expect(call.getByTestId('call-reply')).toBeVisible();
  // The reply is the model's text, shown as text: it holds the step's action.
  const action = (await first.getByTestId('trace-step-action').textContent())!.trim();
  await expect(call.getByTestId('call-reply').locator('pre')).toContainText(action);
});

test('the search filters the trace, reports how many steps match and opens them', async ({ page }) => {
  const steps = page.getByTestId('trace-step');
  const total = await steps.count();
  const search = page.getByTestId('trace-search');
  await expect(page.getByTestId('trace-search-count')).toHaveText(`${total} steps`);

  // The second step's action, in other case: it matches at least that step.
  const action = (await steps.nth(1).getByTestId('trace-step-action').textContent())!.trim();
  await search.fill(action.toUpperCase());
  const status = page.getByTestId('trace-search-count');
  await expect(status).toHaveText(new RegExp(`^\\d+ of ${total} steps? match`));
  const matching = Number((await status.textContent())!.split(' ')[0]);
  expect(matching).toBeGreaterThanOrEqual(1);
  await expect(steps).toHaveCount(matching);
  // Matches are open and marked.
  await expect(page.locator('[data-testid="trace-step"] [data-testid="trace-toggle"][aria-expanded="true"]')).toHaveCount(matching);
  await expect(steps.first().locator('mark').first()).toHaveText(new RegExp(action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));

  await search.fill('no step says zqxw');
  await expect(status).toHaveText(`0 of ${total} steps match`);
  await expect(steps).toHaveCount(0);
  await expect(page.getByTestId('trace-end')).toBeVisible();

  await search.fill('');
  await expect(steps).toHaveCount(total);
  await expect(page.getByTestId('trace-body')).toHaveCount(0);

  // Another task from the table: its own trace, folded again.
  await steps.first().getByTestId('trace-toggle').click();
  await expect(page.getByTestId('trace-body')).toHaveCount(1);
  const other = page.getByTestId('task-table').locator('tbody tr:not(.selected)').first();
  const key = await other.getAttribute('data-key');
  await other.click();
  await expect(page.locator(`[data-testid="task-table"] tbody tr[data-key="${key}"]`)).toHaveClass(/selected/);
  await expect(page.getByTestId('trace-step').first()).toBeVisible();
  await expect(page.getByTestId('trace-body')).toHaveCount(0);
});

test('a search for a word of the goal matches only the steps that show it, and says where', async ({ page }) => {
  const steps = page.getByTestId('trace-step');
  const total = await steps.count();
  // A word of the task's goal: every call's prompt repeats it, and it matched every step.
  const goal = (await page.locator('.block.start .goal').textContent())!.trim();
  const word = goal.split(/\W+/).filter((w) => w.length >= 4).pop()!.toLowerCase();
  await page.getByTestId('trace-expand-all').click();
  const shows = await steps.evaluateAll((items, needle) => items.filter((item) => (item as HTMLElement).innerText.toLowerCase().includes(needle)).length, word);
  await page.getByTestId('trace-collapse-all').click();
  await page.getByTestId('trace-search').fill(word);
  await expect(page.getByTestId('trace-search-count')).toHaveText(new RegExp(`^${shows} of ${total} steps? match`));
  await expect(steps).toHaveCount(shows);
  // Each match says where it matched, in the step's own words.
  const where = await page.getByTestId('trace-match-where').allTextContents();
  expect(where).toHaveLength(shows);
  for (const text of where) expect(text).toMatch(/^matched in (action|thought|observation|model reply|registered tool|inertial tool)(, (action|thought|observation|model reply|registered tool|inertial tool))*$/);
});
