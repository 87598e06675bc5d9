import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

interface Shipped {
  results: { env: string; strategy: string; seed: number; taskId: string }[];
}

const shipped = JSON.parse(readFileSync('public/shipped/default-run.json', 'utf8')) as Shipped;
const traces = JSON.parse(gunzipSync(readFileSync('public/shipped/default-traces.json.gz')).toString('utf8')) as Record<string, { type: string; action?: string }[]>;

test("the default story's link with trace= opens on that trace, and compare= beside it (issue 29)", async ({ page }) => {
  // Not the first trace (the one Inspect opens on by itself): AutoTool's 7th task run on seed 2, and ReAct's run of the same task.
  const run = shipped.results.filter((r) => r.strategy === 'autotool-react' && r.seed === 2)[6];
  const key = `${run.env}/${run.strategy}/${run.seed}/${run.taskId}`;
  const compare = `${run.env}/react/${run.seed}/${run.taskId}`;
  const steps = traces[key].filter((event) => event.type === 'step');
  expect(steps.length).toBeGreaterThan(0);

  await page.goto(`./#results=1&trace=${encodeURIComponent(key)}`);
  await expect(page.getByTestId('shipped-note')).toBeVisible();
  await expect(page.getByTestId('trace-strategy')).toHaveValue('autotool-react');
  await expect(page.getByTestId('trace-seed')).toHaveValue('2');
  await expect(page.getByTestId('trace-taskId')).toHaveValue(run.taskId);
  // The trace itself, read from the shipped traces: its steps, the first one's action.
  await expect(page.getByTestId('trace').getByTestId('trace-step')).toHaveCount(steps.length);
  await expect(page.getByTestId('trace').getByTestId('trace-step-action').first()).toContainText(steps[0].action!.slice(0, 20));
  await expect(page.getByTestId('reproduce')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`trace=${encodeURIComponent(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

  // With a trace beside it, both open side by side.
  await page.goto(`./#results=1&trace=${encodeURIComponent(key)}&compare=${encodeURIComponent(compare)}`);
  // The edited link opens the pair in the open page, and again after a reload.
  await expect(page.getByTestId('trace-compare')).toBeVisible();
  await expect(page).toHaveURL(/compare=/);
  await page.reload();
  await expect(page.getByTestId('trace-compare')).toBeVisible();
  await expect(page.getByTestId('compare-row').first()).toBeVisible();
});
