import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, runAndWait, test } from './fixtures';

/** A model server on this machine that only counts what reaches it (and refuses every call). */
async function countingServer(): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(request.method === 'OPTIONS' ? 204 : 400, {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'content-type': 'application/json',
    });
    response.end(request.method === 'OPTIONS' ? '' : JSON.stringify({ error: { message: 'counting server: no model here' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

test('a link that names a server sends nothing to it before the user confirms it in the page', async ({ page }) => {
  const { server, origin, requests } = await countingServer();
  test.info().annotations.push({ type: 'allowed-origin', description: `${origin}/` });
  try {
    await page.goto(`./#envs=academic&strategies=react&tasks=2&seeds=1&model=openai:${origin}/v1%23x&results=1`);
    const consent = page.getByTestId('server-consent');
    await expect(consent).toContainText(`${origin}/v1`);
    await expect(consent).toContainText('Nothing has been sent to it yet');
    await expect(page.getByTestId('server-waiting')).toBeVisible();
    // The page has settled (worker started, data loaded): still not one request.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('run-button')).toBeEnabled();
    expect(requests).toEqual([]);
    // Run without confirming asks again, and still sends nothing.
    await page.getByTestId('server-decline').click();
    await expect(consent).toHaveCount(0);
    await page.getByTestId('run-button').click();
    await expect(consent).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    await page.screenshot({ path: 'shots/imports-server-consent.png' });

    // Confirmed: now the run goes to the server (which refuses it), and the page says what failed.
    await page.getByTestId('server-confirm').click();
    await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'error');
    expect(requests.length).toBeGreaterThan(0);
    await expect(page.getByTestId('error')).toContainText('counting server');
  } finally {
    server.close();
  }
});

test('a server outside the allow-list cannot be confirmed, and the worker refuses to call it', async ({ page }) => {
  await page.goto('./#envs=academic&strategies=react&tasks=2&seeds=1&model=openai:http://toolwise-e2e.invalid/v1%23x&results=1');
  await expect(page.getByTestId('server-refused')).toContainText('may not connect to http://toolwise-e2e.invalid');
  await expect(page.getByTestId('server-confirm')).toHaveCount(0);
  // Typed by hand, it is still refused by the worker, before any request (the fixture checks none left).
  await page.getByTestId('server-decline').click();
  await page.getByTestId('server-url').fill('http://toolwise-e2e.invalid/v1');
  await page.getByTestId('server-test').click();
  await expect(page.getByTestId('server-status')).toContainText('may not connect to http://toolwise-e2e.invalid');
  await page.getByTestId('server-model').fill('x');
  await runAndWait(page, 'error');
  await expect(page.getByTestId('error')).toContainText('may not connect to http://toolwise-e2e.invalid');
});
