import { expect, runAndWait, taskRows, test } from './fixtures';

/** serve:sim, started by playwright.config.ts's second web server. */
const SERVER = 'http://127.0.0.1:8766/v1';
const KEY = 'sk-e2e-secret-4711';

test('a run against an OpenAI-compatible server: test connection, same results as in-process SimLM, the key only in memory', async ({ page, context }) => {
  test.info().annotations.push({ type: 'allowed-origin', description: 'http://127.0.0.1:8766/' });
  const authorizations: (string | undefined)[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(SERVER)) authorizations.push(request.headers().authorization);
  });

  // First the same run in-process, with the lexical embedder that serve:sim reads relevance with.
  await page.goto('./#envs=academic&strategies=react,reflexion&tasks=4&seeds=1&seed=1&model=sim:small&embedder=lexical');
  await runAndWait(page);
  // Every cell of the task table but the last (the task's wall time).
  const outcomes = async () => Promise.all((await taskRows(page).all()).map(async (row) => (await row.locator('td').allTextContents()).slice(0, -1)));
  const local = await outcomes();
  expect(local).toHaveLength(8);

  // Then through the API.
  await page.getByTestId('model-kind-server').check();
  await page.getByTestId('server-url').fill(SERVER);
  await page.getByTestId('server-key').fill(KEY);
  await page.getByTestId('server-test').click();
  await expect(page.getByTestId('server-status')).toHaveText(/Connected: 3 models \(sim-small, sim-medium, sim-strong\)/);
  await expect(page.getByTestId('server-model')).toHaveValue('sim-small');
  // The window as the server reports it (vLLM's max_model_len, which serve:sim reports too).
  await expect(page.getByTestId('server-window')).toHaveText(`Context window of sim-small: 32,768 tokens, from ${SERVER}/models (max_model_len). A run that checks windows (Overflow) uses it.`);
  // A price for the server's model, so its run does not cost $0; the link carries it.
  await page.getByTestId('server-price').fill('0.5,1.5');
  await expect(page.getByTestId('server-price-problem')).toHaveCount(0);
  await page.getByTestId('server-price').fill('0.5,1.5,x');
  await expect(page.getByTestId('server-price-problem')).toBeVisible();
  await page.getByTestId('server-price').fill('0.5,1.5,0.25');
  await page.getByTestId('concurrency-input').fill('4');
  await page.getByTestId('concurrency-input').blur();
  await runAndWait(page);
  await expect(page.getByTestId('price-input')).toHaveValue('0.5');
  await expect(page.getByTestId('price-cached-input')).toHaveValue('0.25');
  expect(decodeURIComponent(page.url())).toContain('price.openai:http://127.0.0.1:8766/v1#sim-small=0.5,1.5,0.25');
  await expect(page.getByTestId('model-label')).toContainText('Server: sim-small at 127.0.0.1:8766 (SimLM, simulated)');
  // The run checks no window, yet asked the server for it (once), so the result says which it was.
  await expect(page.getByTestId('model-window')).toHaveText(`Context window: 32,768 tokens, from ${SERVER}/models (max_model_len); prompts are not checked against it (overflow not set).`);
  await expect(page.getByTestId('model-label').getByTestId('simulated-badge')).toBeVisible();
  expect(await outcomes()).toEqual(local);

  // The key went to the server, and nowhere else: not the URL, not IndexedDB, not localStorage.
  expect(authorizations.length).toBeGreaterThan(8);
  expect(authorizations.every((header) => header === `Bearer ${KEY}` || header === undefined)).toBe(true);
  expect(authorizations).toContain(`Bearer ${KEY}`);
  expect(page.url()).toContain('model=openai');
  expect(page.url()).not.toContain(KEY);
  const stored = await page.evaluate(async () => {
    const dump: string[] = [JSON.stringify({ ...localStorage })];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
        });
        dump.push(JSON.stringify(all));
      }
      db.close();
    }
    return dump.join('\n');
  });
  expect(stored).toContain('openai:http://127.0.0.1:8766/v1#sim-small');
  expect(stored).not.toContain(KEY);
});

test('a server that cannot be reached says so, with what to check', async ({ page }) => {
  test.info().annotations.push({ type: 'allowed-origin', description: 'http://127.0.0.1:9/' }, { type: 'allowed-origin', description: 'http://127.0.0.1:8799/' });
  await page.goto('./');
  await page.getByTestId('model-kind-server').check();
  await page.getByTestId('server-url').fill('http://127.0.0.1:9/v1');
  await page.getByTestId('server-test').click();
  await expect(page.getByTestId('server-status')).toContainText('Could not reach http://127.0.0.1:9/v1/models');
  // Port 9 is one the browser refuses (issue 42 item 7): said so, not blamed on CORS.
  await expect(page.getByTestId('server-status')).toContainText('blocked port');
  await expect(page.getByTestId('server-status')).toContainText('not a CORS problem');
  await expect(page.getByTestId('server-status')).not.toContainText('tries');
  await expect(page.getByTestId('server-status')).not.toContainText('OLLAMA_ORIGINS');
  // A port that is not blocked, with nothing on it: the server may be down, or may not allow this page (CORS).
  await page.getByTestId('server-url').fill('http://127.0.0.1:8799/v1');
  await page.getByTestId('server-test').click();
  await expect(page.getByTestId('server-status')).toContainText('Could not reach http://127.0.0.1:8799/v1/models');
  await expect(page.getByTestId('server-status')).toContainText('OLLAMA_ORIGINS');
});

// Issue 28 items 1 and 6: a server run that checks windows asks the server for its window, and the
// page says which, and where it came from, after the run and where a prompt did not fit.
test("a server run that checks windows shows the server's window and where it came from", async ({ page }) => {
  test.info().annotations.push({ type: 'allowed-origin', description: 'http://127.0.0.1:8766/' });
  await page.goto('./#envs=slate&strategies=autotool-react,react&tasks=1&seeds=1&seed=1&embedder=lexical&overflow=fail');
  await page.getByTestId('model-kind-server').check();
  await page.getByTestId('server-url').fill(SERVER);
  await page.getByTestId('server-test').click();
  await expect(page.getByTestId('server-model')).toHaveValue('sim-small');
  const source = `${SERVER}/models (max_model_len)`;
  // While the run streams: ReAct's calls wait at the gate, AutoTool's over-long first prompt has
  // already ended its task run (the check is the run's own, before any call), and the notice names
  // the window the run runs under, the server's, not what Setup's settings say (nothing, for a server).
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.context().route(`${SERVER}/chat/completions`, async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('overflow-notice').getByTestId('window-source')).toHaveText(`Window: 32,768 tokens, from ${source}.`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  open();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('model-window')).toHaveText(`Context window: 32,768 tokens, from ${source}; prompts over it: the task run ends (overflow fail).`);
  await expect(page.getByTestId('overflow-notice').getByTestId('window-source')).toHaveText(`Window: 32,768 tokens, from ${source}.`);
  const title = await page.getByTestId('aggregate-table').locator('th[data-column="contextOverflows"]').getAttribute('title');
  expect(title).toContain(`This run's window: 32,768 tokens, from ${source}. Context overflows: `);
  await page.getByTestId('task-table').locator('tr', { hasText: 'AutoTool (ReAct)' }).click();
  await expect(page.getByTestId('trace-window')).toHaveText(`Window: 32,768 tokens, from ${source}.`);
});
