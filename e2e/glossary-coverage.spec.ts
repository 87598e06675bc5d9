import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 42 item 6: the glossary holds every term a view or a trace shows. The words are read off the
// page, not from a list of the glossary's: the jargon shapes (acronyms such as CIPS or EGB, subscripted
// symbols such as E_s), the verdict words of the Papers view, and the phrases of measurement the
// views use. Everyday computing words (file formats, CPU) need no entry.
const traces = JSON.parse(gunzipSync(readFileSync('public/shipped/default-traces.json.gz')).toString('utf8')) as Record<string, { type: string; kind?: string }[]>;
const inertial = Object.keys(traces).find((key) => traces[key].some((event) => event.type === 'inertia' && event.kind === 'inertial'))!;

const JARGON = /\b[A-Z][A-Z0-9]*[A-Z]\b|\b[A-Z]_[a-z]\b/g;
// File formats, hardware, the web's words, and a licence's name.
const EVERYDAY = new Set(['CSV', 'JSON', 'PNG', 'SVG', 'CPU', 'GPU', 'URL', 'API', 'HTTP', 'ID', 'US', 'OK', 'MB', 'GB', 'MIT']);
/** Names, not terms: the machine a device profile was measured on (its CPU's maker and model) is named as the bench wrote it. */
const NAMES = new Set(['AMD', 'EPYC', 'INTEL', 'XEON', 'ARM']);
/** The model's own words (its prompts and replies) are the trace's content, not the page's terms. */
const NOT_THE_PAGES = '[data-testid="call-prompt"], [data-testid="call-reply"], [data-testid="instruction"]';

/** The text under a selector, node by node with a space between (textContent runs "Paired difference" into its entry's first word). */
function textOf(page: Page, selector: string, skip = NOT_THE_PAGES): Promise<string> {
  return page.evaluate(
    ([selector, skip]) => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.parentElement?.closest(skip)) parts.push(node.textContent ?? '');
      return parts.join(' ');
    },
    [selector, skip] as const,
  );
}
const PHRASES = ['pass rate', 'success rate', 'progress rate', 'paired difference', 'bootstrap', 'Wilson', 'indicative', 'inertial', 'recovery', 'correct path', '95% interval', 'tolerance'];

test('every term the views and a trace show is in the glossary (issue 42 item 6)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`./#results=1&trace=${encodeURIComponent(inertial)}`);
  await expect(page.getByTestId('trace').getByTestId('trace-inertial').first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('trace-expand-all').click();
  const shown: string[] = [];
  const read = async () => shown.push(await textOf(page, 'main'));
  await expect(page.getByTestId('aggregate-table')).toBeVisible();
  await read();
  for (const view of ['paired', 'papers']) {
    await page.getByTestId(`view-${view}`).click();
    await page.waitForTimeout(500);
    await read();
  }
  const verdicts = await page.getByTestId('claim-verdict').allTextContents();
  expect(verdicts.length).toBeGreaterThan(3);
  const text = shown.join('\n');
  const terms = new Set<string>([...text.matchAll(JARGON)].map((m) => m[0]).filter((word) => !EVERYDAY.has(word) && !NAMES.has(word)));
  expect(terms).toContain('CIPS');
  for (const verdict of verdicts) terms.add(verdict.trim());
  for (const phrase of PHRASES) if (text.toLowerCase().includes(phrase.toLowerCase())) terms.add(phrase);

  await page.getByTestId('glossary-open').click();
  const glossary = await textOf(page, '[data-testid="glossary"]');
  const missing = [...terms].filter((term) => !new RegExp(`(^|[^\\w])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`, 'i').test(glossary));
  expect(missing, `terms on screen with no glossary entry (of ${[...terms].join(', ')})`).toEqual([]);
});

test('the glossary defines a 95% confidence interval as a procedure, closes on Esc, and a tip stays inside its panel and the viewport (issue 42 item 6)', async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./#glossary');
    const glossary = page.getByTestId('glossary');
    await expect(glossary).toBeVisible();
    const interval = glossary.locator('[data-term="interval"]');
    await expect(interval).toContainText(/95% of repeated/);
    await expect(interval).not.toContainText(/would fall in/);
    await page.keyboard.press('Escape');
    await expect(glossary).toHaveCount(0);
    await expect(page.getByTestId('glossary-open')).toBeFocused();

    // AutoTool's inertia threshold θ, focused in Setup: its tip inside the viewport and the panel that scrolls it.
    const field = page.locator('label.number-field', { has: page.locator('[data-setting-label="autotool-react.theta"]') });
    await field.scrollIntoViewIfNeeded();
    await field.locator('input').focus();
    const box = await field.evaluate((element) => {
      const after = getComputedStyle(element, '::after');
      const rect = element.getBoundingClientRect();
      const left = rect.left + parseFloat(after.left);
      const top = rect.top + parseFloat(after.top);
      let clip = { left: 0, right: document.documentElement.clientWidth, top: 0, bottom: innerHeight };
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const r = parent.getBoundingClientRect();
        clip = { left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right), top: Math.max(clip.top, r.top), bottom: Math.min(clip.bottom, r.bottom) };
      }
      return { content: after.content, left, right: left + parseFloat(after.width), top, bottom: top + parseFloat(after.height), clip };
    });
    expect(box.content, `width ${width}`).toMatch(/Inertia threshold/);
    expect(box.left, `width ${width}`).toBeGreaterThanOrEqual(box.clip.left);
    expect(box.right, `width ${width}`).toBeLessThanOrEqual(box.clip.right);
    expect(box.bottom, `width ${width}`).toBeLessThanOrEqual(box.clip.bottom);
    expect(box.top, `width ${width}`).toBeGreaterThanOrEqual(box.clip.top);

    // A chart's axis title reached by Tab from the top of the page: its tip inside the viewport too.
    const xAxis = page.getByTestId('charts-household').getByTestId('chart-llmCalls').locator('.axis-gloss').filter({ hasText: /LLM calls/ });
    await expect(xAxis).toHaveCount(1, { timeout: 60_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await xAxis.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const tip = page.getByTestId('axis-gloss-tip');
    await expect(tip).toBeVisible();
    const rect = (await tip.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(rect.x, `width ${width}`).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width, `width ${width}`).toBeLessThanOrEqual(viewport.width);
    expect(rect.y, `width ${width}`).toBeGreaterThanOrEqual(0);
    expect(rect.y + rect.height, `width ${width}`).toBeLessThanOrEqual(viewport.height);
  }
});
