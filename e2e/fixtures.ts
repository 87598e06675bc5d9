import { test as base, expect, type Page } from '@playwright/test';
import { PREVIEW_ORIGIN } from './ports';

/** The only origin the page may talk to: the preview server (blob: and data: URLs stay local). */
const LOCAL = new RegExp(`^(${PREVIEW_ORIGIN.replace(/[.:/]/g, '\\$&')}|blob:|data:)`);

/**
 * Playwright's `test` with two automatic checks around every test: no request (from the page or
 * its workers) leaves 127.0.0.1, and no uncaught error reaches the page.
 */
export const test = base.extend<{ guards: { requests: string[] } }>({
  guards: [
    async ({ context, page }, use, testInfo) => {
      const requests: string[] = [];
      const pageErrors: string[] = [];
      context.on('request', (request) => requests.push(request.url()));
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // The built page carries a Content-Security-Policy (scripts/csp.ts): nothing it does may break it.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`));
      });
      await use({ requests });
      const violations = page.isClosed() ? [] : await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      // A test that plays "offline" for an online-only option names the origin it blocks.
      // A test of a model server names the local origin it may call.
      const blocked = testInfo.annotations.filter((a) => a.type === 'blocked-origin' || a.type === 'allowed-origin').map((a) => a.description ?? '');
      const left = requests.filter((url) => !LOCAL.test(url) && !blocked.some((origin) => url.startsWith(origin)));
      expect(left, 'requests that left 127.0.0.1').toEqual([]);
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A run's setup, chosen by clicking in Setup. */
export interface Setup {
  envs: string[];
  strategies: string[];
  tasks: number;
  seeds: number;
}

/** Ticks exactly the given checkboxes among those whose test id starts with `prefix`. */
async function choose(page: Page, prefix: string, ids: string[]) {
  const boxes = page.locator(`input[type="checkbox"][data-testid^="${prefix}"]`);
  for (const box of await boxes.all()) {
    const id = (await box.getAttribute('data-testid'))!.slice(prefix.length);
    await box.setChecked(ids.includes(id));
  }
}

/** Sets up a run by clicking and typing in Setup. */
export async function configure(page: Page, setup: Setup) {
  await choose(page, 'env-', setup.envs);
  await choose(page, 'strategy-', setup.strategies);
  await page.getByTestId('tasks-input').fill(String(setup.tasks));
  await page.getByTestId('seeds-input').fill(String(setup.seeds));
}

/**
 * Opens the page afresh from its own link (the current hash), as a person pasting it into a new tab:
 * through a blank page, since going to the same page with only the hash changed does not reload it.
 */
export async function reopenFromLink(page: Page): Promise<void> {
  const hash = await page.evaluate(() => location.hash);
  await page.goto('about:blank');
  await page.goto(`./${hash}`);
}

/** Presses Run and waits for the status to reach `status`. */
export async function runAndWait(page: Page, status: 'done' | 'error' = 'done', timeout = 90_000) {
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', status, { timeout });
}

/** The task-table body rows. */
export function taskRows(page: Page) {
  return page.getByTestId('task-table').locator('tbody tr');
}

/** A small sweep from a link: academic ReAct, tasks swept from 2 to 4 in 2 steps, its table filled. */
export async function runTaskSweep(page: Page): Promise<void> {
  await page.goto('./#envs=academic&strategies=react&tasks=3&seeds=1&embedder=lexical&view=sweep');
  await page.getByTestId('sweep-key').selectOption('tasks');
  await page.getByTestId('sweep-from').fill('2');
  await page.getByTestId('sweep-to').fill('4');
  await page.getByTestId('sweep-steps').fill('2');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(2, { timeout: 60_000 });
}
