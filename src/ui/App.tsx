import { useEffect, useState } from 'react';
import { OPENED_LINK, PAGE_DEFAULT_CONFIG, useStore, type ResultOrigin } from './store';
import { PooledRunner, poolSize } from './worker-pool';
import { loadStoredRun } from '../backends/run-store';
import { configToHash } from './url-config';
import { pageFromHash, pageToHash } from './page-link';
import { sameSetup } from './setup-differences';
import { DEFAULT_STORY, type Story } from '../core/run/stories';
import { StoryBar } from './components/common/story-bar';
import { ThemeToggle } from './components/common/theme-toggle';
import { SkipLinks } from './components/common/skip-links';
import { ResultsJump } from './components/common/theme-results-jump';
import type { ClaimRun } from '../core/run/claims';
import type { RunConfig } from '../core/run/run-config';
import { parseSweepKey, runSweep, sweepKeyInfo, type SweepPoint, type SweepResult } from '../core/run/sweep';
import type { SweepState } from './components/charts/sweep-view';
import { loadCharts, SweepView } from './components/charts/lazy-charts';
import { afterFirstPaint } from './first-paint';
import { traceKey, type RunResult } from '../core/run/results';
import { loadShipped, SHIPPED_NOTICE } from './shipped-result';
import { exportContext, type ExportContext } from './components/results/export-context';
import { SetupPanel } from './components/setup/setup-panel';
import { ResultsPanel } from './components/results/results-panel';
import { TraceView } from './components/inspect/trace-view';
import { PanelBoundary } from './components/common/panel-boundary';
import { ChartWarmup } from './components/charts/chart-warmup';
import { ServerConsent } from './components/setup/server-consent';
import { LinkDataNotice } from './components/common/link-data-notice';
import { LinkProblems } from './components/common/link-problems';
import { RunAskPrompt } from './live/run-ask';
import { useGlossPlacement } from './components/common/gloss-place';
import { restoreImports } from './imports';
import { importsSettled } from './import-queue';
import { LessonPanel } from './lessons/lesson-panel';
import { PredictCover } from './lessons/predict-cover';
import { useLiveRuns } from './live/live-run';
import { LessonsPath } from './lessons/lessons-path';
import { GlossaryPanel, isGlossaryHash } from './components/common/glossary-panel';
import { dataDifferences, dataInUse, dataOfResult, type DataChoice } from './data-in-use';

/**
 * The page's runner: a pool of strategy workers (hardware threads - 1, at most 4) for the simulated
 * model, one worker otherwise; `workers=N` in the link sets the pool's size.
 */
const runner = new PooledRunner((config) => poolSize(config, navigator.hardwareConcurrency || 2, OPENED_LINK.workers));


/**
 * Puts the results of the opened link on screen, so that Setup always matches them: the stored
 * last run when it has the link's setup, else the shipped result of the default story, else, when
 * the link was taken with results on screen (or names a story), a run of it with a notice.
 */
function useOpenLink() {
  useEffect(() => {
    let current = true;
    void openLink(() => current);
    return () => {
      current = false;
    };
  }, []);
}

/** A task later: reading a result and drawing it are then two tasks, not one long one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function openLink(stillCurrent: () => boolean) {
  const { page, story, problems } = OPENED_LINK;
  // A link not read in full says so at load, each problem apart (LinkProblems, issue 42 item 4), and does not run by itself.
  const refused = problems.length > 0;
  // Kept and put before whatever notice the shown result brings, so that the shipped result's notice
  // cannot hide it (it used to overwrite it as soon as the shipped file arrived).
  let droppedNotice: string | undefined;
  const dropped = (reason: string) => {
    droppedNotice = `The stored last run could not be shown and was dropped (${reason}).`;
    useStore.setState({ notice: droppedNotice });
  };
  const idle = () => stillCurrent() && !useStore.getState().result && useStore.getState().status === 'idle';
  // The user's imports come back first: which data a run uses, and which results fit, depend on them.
  await restoreImports(runner);
  const envs = useStore.getState().config.envs;
  const inUse = dataInUse(useStore.getState().imports, envs);
  const expected: DataChoice = Object.fromEntries(envs.map((env) => [env, page.data?.[env] ?? null]));
  const missing = dataDifferences(expected, inUse);
  // The link ran on other data than this browser uses: it says so and offers them (LinkDataNotice); nothing runs on its own.
  if (missing.length) useStore.setState({ linkData: Object.fromEntries(missing.map((env) => [env, expected[env]])) });
  const fitsSetup = (ran: Partial<RunConfig>, data?: RunResult['data']) => sameSetup(ran, useStore.getState().config) && dataDifferences(dataOfResult(data, envs), inUse).length === 0;
  const show = (result: RunResult, origin: ResultOrigin, notice?: string) => {
    const state = useStore.getState();
    state.setResult(result, origin);
    const has = (key: string | undefined) => key !== undefined && result.results.some((r) => traceKey(r) === key);
    if (has(page.trace)) state.selectTrace(page.trace, has(page.compare) ? page.compare : undefined);
    const notices = [droppedNotice, notice].filter(Boolean);
    if (notices.length) useStore.setState({ notice: notices.join(' ') });
  };
  // A lesson's link waits for the class to predict: its result comes with the lesson's Run (src/ui/lessons).
  if (page.lesson) return;
  const stored = await loadStoredRun(dropped);
  // Reading a result (checking it, its intervals) and drawing it are each a task of their own.
  await nextTask();
  if (!idle()) return;
  if (stored && !missing.length && fitsSetup(stored.config, stored.data)) return show(stored, { kind: 'stored' });
  const shipped = !missing.length && fitsSetup(DEFAULT_STORY.config) ? await loadShipped() : undefined;
  await nextTask();
  if (!idle()) return;
  if (shipped) return show(shipped, { kind: 'shipped' }, SHIPPED_NOTICE);
  // A link with refused values would run a setup nobody asked for (its defaults): it waits for Run.
  if ((page.results || story) && !missing.length && !refused) {
    const running = useStore.getState().start(runner);
    // After start, which clears the notices of the run before.
    const runningNotice = useStore.getState().serverPrompt
      ? 'This link\u2019s results are not stored in this browser; its setup runs on a model server, which waits for you to confirm it.'
      : useStore.getState().runAsk
        ? 'This link\u2019s results are not stored in this browser; its setup takes a while here, so the page asks before it runs it.'
        : 'This link\u2019s results are not stored in this browser, so the page is running its setup to reproduce them.';
    useStore.setState({ notice: [droppedNotice, runningNotice].filter(Boolean).join(' ') });
    await running;
    const after = useStore.getState();
    if (after.result && page.trace && after.result.results.some((r) => traceKey(r) === page.trace)) after.selectTrace(page.trace, page.compare);
  }
}

/** A story's setup, then its result: the one on screen if it fits, the shipped one, or a run. */
async function playStory(story: Story) {
  const state = useStore.getState();
  if (state.status === 'running') return;
  // Where the page asks first (a long run) and the answer is Cancel, Setup goes back to this.
  const restore = state.config;
  state.setConfig({ ...story.config });
  state.setView('results');
  if (state.result && sameSetup(state.result.config, story.config)) return;
  const shipped = story.id === DEFAULT_STORY.id ? await loadShipped() : undefined;
  if (shipped) {
    useStore.getState().setResult(shipped, { kind: 'shipped' });
    useStore.setState({ notice: SHIPPED_NOTICE });
    return;
  }
  await useStore.getState().start(runner, { restore });
}

/** Runs a story in this browser even where its result is on screen already (a lesson's "Run it here"). */
async function runHere(story: Story) {
  const state = useStore.getState();
  if (state.status === 'running') return;
  const restore = state.config;
  state.setConfig({ ...story.config });
  state.setView('results');
  await useStore.getState().start(runner, { restore });
}

let sweepAbort: AbortController | undefined;

/** Runs a sweep through the page's worker, one run per value, keeping the points as they come. */
async function startSweep(config: RunConfig, keyText: string, values: number[]) {
  if (useStore.getState().status === 'running' || useStore.getState().sweep.status === 'running') return;
  const controller = new AbortController();
  sweepAbort = controller;
  const set = (sweep: SweepState) => useStore.setState({ sweep });
  const key = parseSweepKey(keyText);
  const info = sweepKeyInfo(key);
  let points: SweepPoint[] = [];
  // What each finished run was (model, encoder, tasks × seeds), for the chart files' context line.
  let contexts: ExportContext[] = [];
  let index = 0;
  const partial = (): SweepResult => ({ key: info.text, label: info.label, values, points, status: 'cancelled' });
  set({ status: 'running', running: { value: values[0], index: 0, of: values.length } });
  try {
    // A sweep runs on the data Setup shows, like a run: stored imports reach the worker first.
    await importsSettled();
    const result = await runSweep(
      config,
      { key, values },
      (c) => {
        set({ status: 'running', running: { value: values[index], index, of: values.length }, result: partial(), contexts });
        index++;
        return runner.run(c);
      },
      {
        signal: controller.signal,
        onPoint: (more, outcome) => {
          points = [...points, ...more];
          contexts = [...contexts, exportContext(outcome)];
        },
      },
    );
    set({ status: result.status, result, contexts, ...(result.error ? { error: result.error } : {}) });
  } catch (error) {
    set({ status: 'error', result: partial(), contexts, error: error instanceof Error ? error.message : String(error) });
  }
}

function SweepPanel() {
  const config = useStore((state) => state.config);
  const sweep = useStore((state) => state.sweep);
  return (
    <SweepView
      config={config}
      controls={{
        state: sweep,
        start: (c, key, values) => void startSweep(c, key, values),
        cancel: () => {
          sweepAbort?.abort();
          runner.cancel();
        },
      }}
    />
  );
}

/** A claim's run at the size of the claims table, started at once. */
async function openClaim(run: ClaimRun) {
  const state = useStore.getState();
  if (state.status === 'running') return;
  const restore = state.config;
  state.setConfig({ envs: [run.env], strategies: [...run.strategies], model: run.model, params: { ...run.params }, tasks: 60, seeds: 3 });
  await state.start(runner, { restore });
}

/**
 * Loads what the first run needs (tokenizer, datasets, bundled embedder) in the worker right after
 * the page's first paint (afterFirstPaint), and then the charts' code. A Run pressed at once then
 * finds the worker already loading (it waited a fixed 200 ms before, which cost a cold run about
 * half a second).
 */
function usePreload() {
  useEffect(
    () =>
      afterFirstPaint(() => {
        runner.preload(useStore.getState().config);
        // Fetched now, evaluated in a task of its own when it arrives (recharts is half the page's code).
        void loadCharts().catch(() => undefined);
      }),
    [],
  );
}

/** Keeps the URL hash equal to the config (so a link replays the run), and follows an edited hash. */
function useHashSync(openGlossary: () => void) {
  useEffect(() => {
    const hash = () => {
      const state = useStore.getState();
      return pageToHash(state.config, state.pageState());
    };
    // The hash as this page last wrote it (or took it from an edit). A different one is an edit whose
    // hashchange has not run yet: a state change in between must not write over it (it once dropped
    // a link's `compare=` before the page read it).
    let written: string | undefined;
    const write = () => {
      if (written !== undefined && location.hash !== written) return;
      // Built once: the Run click's task writes it too (issue 13).
      const next = hash();
      // A link in the query form (`?tasks=10`) was read with the hash's (store.ts): it moves into the hash.
      if (location.search) history.replaceState(history.state, '', `${location.pathname}${next}`);
      else if (location.hash !== next) history.replaceState(history.state, '', next);
      written = location.hash;
    };
    write();
    const unsubscribe = useStore.subscribe((state, previous) => {
      if (
        state.config !== previous.config ||
        state.result !== previous.result ||
        state.status !== previous.status ||
        state.selectedTrace !== previous.selectedTrace ||
        state.compareTrace !== previous.compareTrace ||
        state.view !== previous.view ||
        state.baseline !== previous.baseline ||
        state.prices !== previous.prices ||
        state.imports !== previous.imports ||
        state.linkData !== previous.linkData ||
        state.lesson !== previous.lesson
      ) {
        write();
      }
    });
    const onHashChange = () => {
      written = location.hash;
      // `#glossary` opens the glossary and leaves the setup alone; the hash goes back to the setup's link.
      if (isGlossaryHash(location.hash)) {
        openGlossary();
        write();
        return;
      }
      // Fields a short link leaves out keep the page's defaults (the bundled embedder), not the CLI's.
      const { config, page, problems } = pageFromHash(location.hash, PAGE_DEFAULT_CONFIG);
      const state = useStore.getState();
      useStore.setState({ linkProblems: problems });
      if (configToHash(config) !== configToHash(state.config)) state.setConfig(config);
      useStore.setState({ view: page.view, baseline: page.baseline, prices: { ...state.prices, ...page.prices }, ...(page.lesson !== state.lesson ? { lesson: page.lesson, lessonStarted: false } : {}) });
      if (page.trace && state.result?.results.some((r) => traceKey(r) === page.trace)) state.selectTrace(page.trace, page.compare);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);
}

/** Toolwise: Setup, Results and Inspect on one screen. */
export function App() {
  // Read before useHashSync rewrites the hash to the setup's link.
  const [glossary, setGlossary] = useState(() => typeof location !== 'undefined' && isGlossaryHash(location.hash));
  const [lessons, setLessons] = useState(false);
  useOpenLink();
  useHashSync(() => setGlossary(true));
  usePreload();
  useLiveRuns(runner);
  useGlossPlacement();
  return (
    <div className="app">
      <SkipLinks />
      {/* First on the page, so that a phone shows it at load too (issue 42 item 4). */}
      <LinkProblems />
      <RunAskPrompt />
      <header className="app-header">
        <h1>Toolwise</h1>
        <p className="tagline">How LLM agents choose tools, and what it costs: strategies side by side, run in your browser.</p>
        <button type="button" className="glossary-toggle" aria-expanded={glossary} aria-controls="glossary" onClick={() => setGlossary(!glossary)} data-testid="glossary-open">
          Glossary
        </button>
        <button type="button" className="lessons-toggle" aria-expanded={lessons} aria-controls="lessons" onClick={() => setLessons(!lessons)} data-testid="lessons-open">
          Lessons
        </button>
        <ThemeToggle />
        <details className="help" data-testid="help">
          <summary>How to read this page</summary>
          <p>
            Choose environments, strategies and a model in Setup and press Run. Every strategy runs the same tasks with the same
            seeds in a background worker; Results fill in as tasks finish. Each chart puts one strategy&rsquo;s mean success rate (filled
            circle) and progress rate (hollow diamond) against what it cost per task: up and to the left is better. Click a row of
            the task table to read that task&rsquo;s trace in Inspect. A run over several environments has charts and a table of means per
            environment; a table wider than the screen scrolls sideways with the strategy&rsquo;s column in view. The address bar holds the whole setup, so a link replays the run.
          </p>
          <p>
            Every rate and mean carries a 95% interval (Wilson for rates, a bootstrap over tasks for means), drawn as bars in the
            charts. Two strategies differ clearly where their intervals do not overlap; the Paired comparison tab is sharper, since it
            compares them task by task on the same seeds. A run below 60 task runs per strategy is labelled indicative. The Papers
            tab puts each paper&rsquo;s headline claim beside ours, with the verdict our interval gives on the paper&rsquo;s figure and size; the stories above open the
            runs that show each one. Whether an effect appears depends on the model: where it does not under the simulated
            model, the Papers tab says why, and the Sweep tab shows how it moves with one of the model&rsquo;s skills. Learning
            strategies learn on the training split first and are scored on the test split; their learning cost is reported apart.
          </p>
        </details>
        <StoryBar onPlay={(story) => void playStory(story)} lessonsListed={lessons} />
      </header>
      {glossary && <GlossaryPanel onClose={() => setGlossary(false)} />}
      {lessons && <LessonsPath onClose={() => setLessons(false)} />}
      <LessonPanel onRun={(story) => void playStory(story)} onRunHere={(story) => void runHere(story)} />
      <main className="layout">
        <SetupPanel
          onRun={() => void useStore.getState().start(runner)}
          onCancel={() => useStore.getState().cancel(runner)}
          data={runner}
          probeEmbedder={(...args) => runner.probeEmbedder(...args)}
          webllm={runner}
          wllama={runner}
          server={runner}
        />
        <div className="main-column">
          <PanelBoundary name="Results">
            <ResultsPanel
              onOpenClaim={(run) => void openClaim(run)}
              sweep={<SweepPanel />}
              predictCover={<PredictCover onRun={(story) => void playStory(story)} />}
              consent={
                <>
                  <ServerConsent onConfirmed={() => void useStore.getState().start(runner)} />
                  <LinkDataNotice api={runner} onRun={() => void useStore.getState().start(runner)} />
                </>
              }
            />
          </PanelBoundary>
          <PanelBoundary name="Inspect">
            <TraceView onReproduce={() => void useStore.getState().start(runner)} predictCover={<PredictCover part="inspect" />} />
          </PanelBoundary>
        </div>
      </main>
      <ResultsJump />
      <ChartWarmup />
    </div>
  );
}
