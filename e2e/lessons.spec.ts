import { expect, test } from './fixtures';

test('a lesson link opens on its questions, runs with one click, outlines what to look at and says what the run showed (issue 29)', async ({ page }) => {
  await page.goto('./#lesson=stronger-model');
  const lesson = page.getByTestId('lesson-panel');
  await expect(lesson).toBeVisible();
  await expect(lesson).toContainText('Lesson 6 of 6');
  await expect(page.getByTestId('lesson-predict')).toContainText('On a stronger model, how will AutoTool\u2019s LLM calls per task compare with ReAct\u2019s?');
  // The class predicts first: no result, no finding before the lesson's Run.
  await expect(page.getByTestId('lesson-findings')).toHaveCount(0);
  await expect(page.getByTestId('charts-household')).toHaveCount(0);
  await expect(page).toHaveURL(/lesson=stronger-model/);

  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 110_000 });
  // The element to look at is outlined.
  const chart = page.getByTestId('charts-household').getByTestId('chart-llmCalls');
  await expect(chart).toHaveClass(/lesson-spotlight/);
  await expect(page.locator('.lesson-spotlight')).toHaveCount(1);

  // What it shows: a sentence per measure, its words following the interval's direction.
  const findings = page.getByTestId('lesson-findings').locator('li');
  await expect(findings).toHaveCount(2);
  for (const finding of await findings.all()) {
    const direction = await finding.getAttribute('data-direction');
    const text = (await finding.textContent()) ?? '';
    if (direction === 'unclear') expect(text).toMatch(/does not show a difference.*includes 0/);
    else expect(text).toMatch(direction === 'lower' ? /(fewer|less often).*excludes 0/ : /(more|more often).*excludes 0/);
  }
  await expect(findings.first()).toContainText('LLM calls per task');
  await expect(page.getByTestId('lesson-caveats')).toContainText('a simulated model, not a real LLM');
  await expect(page.getByTestId('lesson-caveats')).toContainText('60 tasks \u00d7 3 seeds, 180 task runs per strategy');
  await expect(page.getByTestId('lesson-discuss')).toBeVisible();
});

test('the lessons path lists every lesson as a link; a lesson on the shipped story opens its view and outlines it', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('lessons-open').click();
  const links = page.getByTestId('lessons-path').locator('a[href^="#lesson="]');
  await expect(links).toHaveCount(6);
  await page.getByTestId('lesson-link-task-by-task').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'task-by-task');
  await expect(page).toHaveURL(/lesson=task-by-task/);
  await page.getByTestId('lesson-run').click();
  // The default story's result ships with the page: the Paired view opens with its household section outlined.
  await expect(page.getByTestId('paired-household')).toHaveClass(/lesson-spotlight/);
  await expect(page.getByTestId('view-paired')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('lesson-findings').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('lesson-findings')).toContainText(/solved \d+ task runs? that ReAct failed, and ReAct \d+ that AutoTool \(ReAct\) failed/);
  // Next lesson: its questions, nothing outlined until it runs.
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'ecoact-scale');
  await expect(page.locator('.lesson-spotlight')).toHaveCount(0);
  await expect(page.getByTestId('lesson-findings')).toHaveCount(0);
});

test('a story played from the story bar outlines its target as its lesson does: the shipped story at once, another after its run (issue 29)', async ({ page }) => {
  await page.goto('./');
  const chart = page.getByTestId('charts-household').getByTestId('chart-llmCalls');
  await expect(chart.locator('.recharts-scatter-symbol').first()).toBeVisible();
  // Opening the page outlines nothing: only a story that is played.
  await expect(page.locator('.lesson-spotlight')).toHaveCount(0);
  await page.getByTestId('story-autotool-calls').click();
  await expect(chart).toHaveClass(/lesson-spotlight/);
  await expect(page.locator('.lesson-spotlight')).toHaveCount(1);
  await expect(chart).toBeInViewport();
  const outline = await chart.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');

  // A story whose result is not on screen: outlined once its run ends, on its own target (the same chart as its lesson's).
  await page.getByTestId('story-smaller-model').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'running');
  await expect(page.locator('.lesson-spotlight')).toHaveCount(0);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'done', { timeout: 110_000 });
  await expect(chart).toHaveClass(/lesson-spotlight/);
  await expect(page.locator('.lesson-spotlight')).toHaveCount(1);
  // Its findings are written from the run just made.
  await expect(page.getByTestId('story-findings').locator('li')).toHaveCount(2);

  // Setup moves away from the story: the outline goes.
  await page.getByTestId('tasks-input').fill('7');
  await expect(page.locator('.lesson-spotlight')).toHaveCount(0);
});

test('a lesson opened over the shipped result hides it while the class predicts; the Run or a reveal shows it', async ({ page }) => {
  await page.goto('./');
  const chart = page.getByTestId('charts-household').getByTestId('chart-llmCalls');
  await expect(chart.locator('.recharts-scatter-symbol').first()).toBeVisible();
  // Inspect opens on a trace of the shipped result, whose end says how its task went.
  const inspect = page.locator('#inspect');
  await expect(inspect.getByTestId('trace').getByTestId('trace-step').first()).toBeVisible();
  // Lesson 1 is about the shipped story, whose result is on screen: at Predict its answer must not be.
  await page.getByTestId('lessons-open').click();
  await page.getByTestId('lesson-link-autotool-calls').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'autotool-calls');
  await expect(page.getByTestId('charts-household')).toHaveCount(0);
  await expect(page.getByTestId('aggregate-block')).toHaveCount(0);
  await expect(page.getByTestId('lesson-cover')).toBeVisible();
  await expect(page.getByTestId('view-paired')).toHaveCount(0);
  await expect(page.getByTestId('lesson-findings')).toHaveCount(0);
  // Inspect is covered too: no trace, no picker of one.
  await expect(inspect.getByTestId('trace')).toHaveCount(0);
  await expect(inspect.getByTestId('trace-taskId')).toHaveCount(0);
  await expect(inspect.getByTestId('lesson-cover-inspect')).toBeVisible();
  // The teacher skips the prediction: the results, the outline and what they show come back.
  await page.getByTestId('lesson-reveal').click();
  await expect(page.getByTestId('lesson-cover')).toHaveCount(0);
  await expect(inspect.getByTestId('lesson-cover-inspect')).toHaveCount(0);
  await expect(inspect.getByTestId('trace').getByTestId('trace-step').first()).toBeVisible();
  await expect(chart).toHaveClass(/lesson-spotlight/);
  await expect(page.getByTestId('lesson-findings').locator('li')).toHaveCount(2);

  // The next lesson is at Predict again: the results on screen are hidden until its Run.
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'task-by-task');
  await expect(page.getByTestId('lesson-cover')).toBeVisible();
  await expect(page.getByTestId('charts-household')).toHaveCount(0);
  await expect(inspect.getByTestId('trace')).toHaveCount(0);
  // Run from the cover, as from the lesson's own Run.
  await page.getByTestId('lesson-cover-run').click();
  await expect(page.getByTestId('lesson-cover')).toHaveCount(0);
  await expect(page.getByTestId('paired-household')).toHaveClass(/lesson-spotlight/);
  // Closing the lesson leaves the results as they are.
  await page.getByTestId('lesson-close').click();
  await expect(page.getByTestId('paired-household')).toBeVisible();
});
