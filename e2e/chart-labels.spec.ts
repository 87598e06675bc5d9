import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SHOTS = 'shots';

/**
 * Every pair of text labels on a results chart that overlap (issue 42 item 5): point labels,
 * tick labels and axis titles, as boxes on screen, with the texts for the message. A pair
 * overlaps when both its width and height overlap by more than a pixel.
 */
async function collisions(page: Page, env: string): Promise<{ labels: number; charts: number; pairs: string[] }> {
  return page.getByTestId(`charts-${env}`).evaluate((root) => {
    const pairs: string[] = [];
    let labels = 0;
    const figures = [...root.querySelectorAll('figure.chart')];
    for (const figure of figures) {
      const items = [...figure.querySelectorAll('.point-label, .recharts-cartesian-axis-tick-value, .page-axis-title')]
        .map((element) => ({ text: element.textContent ?? '', box: element.getBoundingClientRect(), point: element.classList.contains('point-label') }))
        .filter((item) => item.text.trim() && item.box.width > 0);
      labels += items.filter((item) => item.point).length;
      for (let i = 0; i < items.length; i++)
        for (let j = i + 1; j < items.length; j++) {
          const [a, b] = [items[i].box, items[j].box];
          if (!items[i].point && !items[j].point) continue;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1) pairs.push(`${figure.getAttribute('aria-label') ?? figure.querySelector('figcaption')?.textContent ?? 'chart'}: "${items[i].text}" / "${items[j].text}"`);
        }
    }
    return { labels, charts: figures.length, pairs };
  });
}

async function runLink(page: Page, hash: string) {
  await page.goto('about:blank');
  await page.goto(`./#${hash}`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
}

for (const width of [1440, 390]) {
  test(`no chart label covers another at ${width} px: EcoAct on ToolBench and EGB with baselines on SLATE`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const runs = [
      { env: 'toolbench', hash: 'envs=toolbench&strategies=react,ecoact-react&tasks=10&seeds=1&embedder=lexical&results=1' },
      { env: 'slate', hash: 'envs=slate&strategies=react,reflexion,egb-sampling,egb-logits&tasks=4&seeds=1&embedder=lexical&results=1' },
    ];
    for (const { env, hash } of runs) {
      await runLink(page, hash);
      const charts = page.getByTestId(`charts-${env}`);
      await expect(charts.locator('.point-label').first()).toBeVisible({ timeout: 60_000 });
      await charts.scrollIntoViewIfNeeded();
      const found = await collisions(page, env);
      await charts.screenshot({ path: `${SHOTS}/chart-labels-${env}-${width}.png` });
      expect(found.charts).toBeGreaterThan(0);
      expect(found.labels).toBeGreaterThan(0);
      expect(found.pairs, found.pairs.join('\n')).toEqual([]);
    }
  });
}
