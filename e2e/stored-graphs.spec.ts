import { readFile } from 'node:fs/promises';
import { configure, expect, runAndWait, test } from './fixtures';

/** The run store's keys, as the page's IndexedDB holds them. */
const storedKeys = (prefix: string) => `
  new Promise((resolve, reject) => {
    const open = indexedDB.open('toolwise-runs');
    open.onsuccess = () => {
      const request = open.result.transaction('runs').objectStore('runs').getAllKeys();
      request.onsuccess = () => resolve(request.result.filter((key) => String(key).startsWith(${JSON.stringify(prefix)})));
      request.onerror = () => reject(request.error);
    };
    open.onerror = () => reject(open.error);
  })`;

test('strategy graphs stay in IndexedDB: the page reads the one it draws, after a reload too, and an export carries them all', async ({ page }, testInfo) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 3, seeds: 2 });
  await runAndWait(page);
  // The worker stored each graph apart; the page lists them without reading them.
  const keys = (await page.evaluate(storedKeys('snapshot:'))) as string[];
  expect(keys.map((key) => key.replace(/^snapshot:[^:]+:/, ''))).toEqual(['household/autotool-react/1', 'household/autotool-react/2']);
  const graph = page.getByTestId('strategy-graph');
  await expect(graph.locator('summary')).toHaveText('Strategy graphs (2)');
  await graph.locator('summary').click();
  await expect(graph.locator('.react-flow__node').first()).toBeVisible();
  await page.getByTestId('strategy-graph-select').selectOption('household/autotool-react/2');
  await expect(graph).toContainText('AutoTool tool inertia graph of');
  await expect(graph).toContainText('seed 2');
  await expect(graph.locator('.react-flow__node').first()).toBeVisible();

  // After a reload the stored run's graphs are read back from the store.
  await page.reload();
  await page.getByTestId('strategy-graph').locator('summary').click();
  await expect(page.getByTestId('strategy-graph').locator('.react-flow__node').first()).toBeVisible();

  // Export JSON reads every snapshot back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const file = testInfo.outputPath('run.json');
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(Object.keys(exported.snapshots)).toEqual(['household/autotool-react/1', 'household/autotool-react/2']);
  expect(exported.snapshots['household/autotool-react/1'].kind).toBe('autotool-graph');
  expect(exported).not.toHaveProperty('storedSnapshots');
  expect(exported).not.toHaveProperty('traceKeys');
});

test('a graph missing from the store says so', async ({ page }) => {
  await page.goto('./');
  await configure(page, { envs: ['household'], strategies: ['autotool-react'], tasks: 2, seeds: 1 });
  await runAndWait(page);
  await page.evaluate(`
    new Promise((resolve, reject) => {
      const open = indexedDB.open('toolwise-runs');
      open.onsuccess = () => {
        const tx = open.result.transaction('runs', 'readwrite');
        const store = tx.objectStore('runs');
        const keys = store.getAllKeys();
        keys.onsuccess = () => keys.result.filter((key) => String(key).startsWith('snapshot:')).forEach((key) => store.delete(key));
        tx.oncomplete = () => resolve(undefined);
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    })`);
  const graph = page.getByTestId('strategy-graph');
  await graph.locator('summary').click();
  await expect(page.getByTestId('strategy-graph-error')).toContainText('This graph is not stored in this browser any more');
  await expect(graph.locator('.react-flow__node')).toHaveCount(0);
});
