import { expect, test } from './fixtures';

/** Figures as findings print them: decimals and percentages ("18.7", "-6.8", "33.3%"), and grouped thousands; not part of a name ("Qwen2.5-0.5B"). */
const FIGURES = /(?<![\w.-])-?(?:\d+(?:,\d{3})*\.\d+%?|\d+(?:,\d{3})+|\d+(?:\.\d+)?%)(?![\w.])/g;
/** References to a paper's sections ("EcoAct, section 2.2") are not figures of a result. */
const REFERENCES = /\b(sections?|appendix|Table|Figure|Alg\.|eq\.)\s*[\d.\-\u2013, ]+/gi;
const figuresIn = (text: string) => new Set([...text.replace(REFERENCES, ' ').matchAll(FIGURES)].map((m) => m[0].replace(/^-/, '')));

// Issue 42 item 1: at a lesson's Predict step no number of its story's result is on screen (a text
// search of the whole page against the figures its findings print once shown), nor the story's
// lead, which says what to look for; the lessons path does not list its questions under the answers.
test("at a lesson's predict step no figure of its story's result is on screen, nor the story's lead", async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('story-findings')).toBeVisible({ timeout: 60_000 });
  const storyFigures = figuresIn((await page.getByTestId('story-findings').textContent()) ?? '');
  expect(storyFigures.size).toBeGreaterThan(3);

  // The lessons path open: its questions, and no finding of the story on screen.
  await page.getByTestId('lessons-open').click();
  await expect(page.getByTestId('lessons-path')).toBeVisible();
  await expect(page.getByTestId('story-findings')).toHaveCount(0);

  await page.getByTestId('lesson-link-autotool-calls').click();
  await expect(page.getByTestId('lesson-cover')).toBeVisible();
  await expect(page.getByTestId('story-lead-text')).toHaveCount(0);
  const atPredict = await page.evaluate(() => document.body.innerText);
  // The lesson's own findings, once shown.
  await page.getByTestId('lesson-reveal').click();
  await expect(page.getByTestId('lesson-findings').locator('li').first()).toBeVisible();
  const lessonFigures = figuresIn((await page.getByTestId('lesson-findings').textContent()) ?? '');
  expect(lessonFigures.size).toBeGreaterThan(3);
  const shown = figuresIn(atPredict);
  const leaked = [...storyFigures, ...lessonFigures].filter((figure) => shown.has(figure));
  expect(leaked, 'figures of the result on screen at Predict').toEqual([]);

  // Lesson 3 (EcoAct at scale): its story's lead, which tells what to expect, waits for the run too.
  await page.getByTestId('lesson-next').click();
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'ecoact-scale');
  await expect(page.getByTestId('story-lead-waits')).toBeVisible();
  await expect(page.getByTestId('story-lead-text')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('does the saving grow with the number of tools? Then compare pass rates');
});

test("'Run this lesson' over the shipped result says it shows that result and runs nothing, and offers a run here", async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('story-findings')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('lessons-open').click();
  await page.getByTestId('lesson-link-autotool-calls').click();
  const run = page.getByTestId('lesson-run');
  await expect(run).toHaveText('Show its results');
  await expect(page.getByTestId('lesson-run-note')).toContainText('computed in Node by npm run ship:default');
  await expect(page.getByTestId('lesson-run-note')).toContainText('runs nothing');
  await page.getByTestId('lesson-run-here').click();
  // It runs: the status goes through running to done, and the result is this page's.
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 110_000 });
  await expect(page.getByTestId('run-status')).toContainText('Done:');
  await expect(page.getByTestId('lesson-findings').locator('li').first()).toBeVisible();
  await expect(run).toHaveText('Run again here');
});
