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

/**
 * Every label of a chart that reaches outside its card (issue 42 item 3): point labels, tick labels,
 * axis titles, legend entries and any other text an SVG or the card draws, against the card's box
 * (the figure), for every chart on the page (the cost charts and an environment's opened folds).
 */
async function outsideCards(page: Page): Promise<{ labels: number; charts: number; outside: string[] }> {
  return page.locator('body').evaluate((body) => {
    const outside: string[] = [];
    let labels = 0;
    const figures = [...body.querySelectorAll('figure.chart')].filter((figure) => figure.getBoundingClientRect().width > 0);
    for (const figure of figures) {
      const card = figure.getBoundingClientRect();
      const items = [...figure.querySelectorAll('text, .point-label, .page-axis-title, .recharts-legend-item-text, figcaption')]
        .map((element) => ({ text: (element.textContent ?? '').trim(), box: element.getBoundingClientRect() }))
        .filter((item) => item.text && item.box.width > 0);
      labels += items.length;
      for (const { text, box } of items)
        if (box.left < card.left - 1 || box.right > card.right + 1 || box.top < card.top - 1 || box.bottom > card.bottom + 1)
          outside.push(`${figure.getAttribute('data-testid') ?? 'chart'}: "${text.slice(0, 40)}" at ${Math.round(box.left)}-${Math.round(box.right)} x ${Math.round(box.top)}-${Math.round(box.bottom)}, card ${Math.round(card.left)}-${Math.round(card.right)} x ${Math.round(card.top)}-${Math.round(card.bottom)}`);
    }
    return { labels, charts: figures.length, outside };
  });
}

async function runLink(page: Page, hash: string) {
  await page.goto('about:blank');
  await page.goto(`./#${hash}`);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
}

for (const width of [1440, 390]) {
  test(`every chart label is inside its card at ${width} px: the cost charts and the opened breakdowns of EcoAct on ToolBench and of the shipped household run`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./');
    await expect(page.getByTestId('story-findings')).toBeVisible({ timeout: 60_000 });
    const runs = [
      { env: 'household', hash: undefined },
      { env: 'toolbench', hash: 'envs=toolbench&strategies=react,ecoact-react&tasks=10&seeds=1&embedder=lexical&results=1' },
    ];
    for (const { env, hash } of runs) {
      if (hash) await runLink(page, hash);
      const charts = page.getByTestId(`charts-${env}`);
      await expect(charts.locator('.point-label').first()).toBeVisible({ timeout: 60_000 });
      for (const fold of [`by-kind-${env}`, `run-order-${env}`]) await page.getByTestId(fold).locator('summary').first().click();
      await expect(page.getByTestId(`by-kind-${env}`).locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(page.getByTestId(`run-order-${env}`).locator('.recharts-line').first()).toBeVisible();
      // The kind chart names every kind (at 390 px household's six were two), its names over no other.
      const kinds = await page.getByTestId(`by-kind-${env}`).getByTestId('kind-table').locator('tbody th').count();
      const ticks = await page.getByTestId(`by-kind-${env}`).getByTestId('kind-chart').locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((texts) => {
        const boxes = texts.map((t) => t.getBoundingClientRect());
        const overlaps = boxes.some((a, i) => boxes.some((b, j) => j > i && Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1));
        return { count: texts.length, overlaps };
      });
      expect(ticks.count).toBe(kinds);
      expect(ticks.overlaps, 'kind names over each other').toBe(false);
      // Every cost chart drawn (they are staged, one after another).
      await expect(charts.locator('figure.chart .recharts-surface')).toHaveCount(await charts.locator('figure.chart').count());
      const found = await outsideCards(page);
      expect(found.charts).toBeGreaterThanOrEqual(6);
      expect(found.labels).toBeGreaterThan(20);
      expect(found.outside, found.outside.join('\n')).toEqual([]);
    }
  });


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
      // And inside their cards, with four strategies' labels on SLATE too.
      const outside = await outsideCards(page);
      expect(outside.outside, outside.outside.join('\n')).toEqual([]);
    }
  });
}
