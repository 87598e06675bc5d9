import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

interface Shipped {
  model: { id: string; simulated: boolean };
  results: { env: string; strategy: string; seed: number; taskId: string }[];
}

const shipped = JSON.parse(readFileSync('public/shipped/default-run.json', 'utf8')) as Shipped;

test('Inspect says which model wrote a trace opened from a link, beside a compared trace and in its file (issue 42 item 3)', async ({ page }) => {
  const run = shipped.results.find((r) => r.strategy === 'autotool-react')!;
  const key = `${run.env}/${run.strategy}/${run.seed}/${run.taskId}`;
  const compare = `${run.env}/react/${run.seed}/${run.taskId}`;
  const preset = shipped.model.id.replace(/^sim:/, '');

  await page.goto(`./#results=1&trace=${encodeURIComponent(key)}`);
  await expect(page.getByTestId('trace').getByTestId('trace-step').first()).toBeVisible();
  const model = page.getByTestId('inspect-model');
  await expect(model).toBeVisible();
  await expect(model).toContainText('Simulated (SimLM)');
  await expect(model).toContainText(`preset ${preset}`);

  // The trace's own file says it too, before its events.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trace-export-json').click()]);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { trace: string; model: { id: string; simulated: boolean; writtenBy: string }; events: unknown[] };
  expect(file.trace).toBe(key);
  expect(file.model).toMatchObject({ id: shipped.model.id, simulated: true });
  expect(file.model.writtenBy).toContain('Simulated (SimLM)');
  expect(file.events.length).toBeGreaterThan(0);

  // Two traces side by side: the comparison says it as well.
  await page.goto('about:blank');
  await page.goto(`./#results=1&trace=${encodeURIComponent(key)}&compare=${encodeURIComponent(compare)}`);
  await expect(page.getByTestId('trace-compare')).toBeVisible();
  await expect(page.getByTestId('trace-compare').getByTestId('compare-model')).toContainText('Simulated (SimLM)');
});
