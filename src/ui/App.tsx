import { useEffect } from 'react';
import { PAGE_DEFAULT_CONFIG, useStore } from './store';
import { WorkerRunner } from './worker-runner';
import { loadLastResult } from '../backends/run-store';
import { configFromHash, configToHash } from './url-config';
import { SetupPanel } from './components/setup-panel';
import { ResultsPanel } from './components/results-panel';
import { TraceView } from './components/trace-view';
import { PanelBoundary } from './components/panel-boundary';

/** The page's one runner: a proxy to the strategy worker, started on the first run. */
const runner = new WorkerRunner();

/** Shows the last stored result after a reload, unless a run has begun meanwhile. */
function useLastResult() {
  useEffect(() => {
    let current = true;
    void loadLastResult((reason) => useStore.setState({ notice: `The stored last run could not be shown and was dropped (${reason})` })).then((result) => {
      const state = useStore.getState();
      if (current && result && !state.result && state.status === 'idle') state.setResult(result);
    });
    return () => {
      current = false;
    };
  }, []);
}

/**
 * Loads the run's embedder in the worker once the page has painted, so the first run does not
 * wait for onnxruntime and the model (a few seconds on a cold start).
 */
function usePreload() {
  useEffect(() => {
    const timer = setTimeout(() => {
      runner.preload(useStore.getState().config);
    }, 200);
    return () => clearTimeout(timer);
  }, []);
}

/** Keeps the URL hash equal to the config (so a link replays the run), and follows an edited hash. */
function useHashSync() {
  useEffect(() => {
    const write = () => history.replaceState(history.state, '', configToHash(useStore.getState().config));
    write();
    const unsubscribe = useStore.subscribe((state, previous) => {
      if (state.config !== previous.config) write();
    });
    const onHashChange = () => {
      // Fields a short link leaves out keep the page's defaults (the bundled embedder), not the CLI's.
      const config = configFromHash(location.hash, PAGE_DEFAULT_CONFIG);
      if (configToHash(config) !== configToHash(useStore.getState().config)) useStore.getState().setConfig(config);
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
  useLastResult();
  useHashSync();
  usePreload();
  return (
    <div className="app">
      <header className="app-header">
        <h1>Toolwise</h1>
        <p className="tagline">How LLM agents choose tools, and what it costs: strategies side by side, run in your browser.</p>
        <details className="help" data-testid="help">
          <summary>How to read this page</summary>
          <p>
            Choose environments, strategies and a model in Setup and press Run. Every strategy runs the same tasks with the same
            seeds in a background worker; Results fill in as tasks finish. Each chart puts one strategy&rsquo;s mean success rate (filled
            circle) and progress rate (hollow diamond) against what it cost per task: up and to the left is better. Click a row of
            the task table to read that task&rsquo;s trace in Inspect. The address bar holds the whole setup, so a link replays the run.
          </p>
          <p>
            Where each paper claims its effect: AutoTool (fewer model calls from tool-usage inertia) on Household and Academic;
            EcoAct (registering tools by name to save tokens) on the ToolBench-like APIs, broken down by tool scale; ToolExpNet
            (learned tool guidance) on RestBench; EGB (branching at uncertain substeps) on SLATE. Whether it appears depends on
            the model: with the simulated model, AutoTool&rsquo;s saving and EGB-Logits&rsquo; lead show at enough tasks and seeds (EGB-Sampling only ties Reflexion), while
            EcoAct keeps its token saving but loses pass rate and ToolExpNet&rsquo;s guidance changes little (see the README). Learning
            strategies learn on the training split first and are scored on the test split; their learning cost is reported apart.
          </p>
        </details>
      </header>
      <main className="layout">
        <SetupPanel
          onRun={() => void useStore.getState().start(runner)}
          onCancel={() => useStore.getState().cancel(runner)}
          importDataset={(envId, json) => runner.importDataset(envId, json)}
          probeEmbedder={(...args) => runner.probeEmbedder(...args)}
          webllm={runner}
          server={runner}
        />
        <div className="main-column">
          <PanelBoundary name="Results">
            <ResultsPanel />
          </PanelBoundary>
          <PanelBoundary name="Inspect">
            <TraceView />
          </PanelBoundary>
        </div>
      </main>
    </div>
  );
}
