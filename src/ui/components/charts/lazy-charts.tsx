import { Suspense, use, type ComponentProps, type ReactNode } from 'react';
import { FaultBoundary } from '../common/panel-boundary';

type Charts = typeof import('./charts');

let loading: Promise<Charts> | undefined;
let failed = false;

/**
 * The charts' chunk (charts.ts), loaded once: the page starts it after its first paint, and any
 * chart that renders before it arrives waits for it. A failed load (the network went away) stays
 * failed until someone asks to try again (`retryCharts`): rendering would otherwise start a new
 * load on every render, and wait for ever.
 */
export function loadCharts(): Promise<Charts> {
  const retry = retrying;
  retrying = false;
  loading ??= import('./charts').catch((error: unknown) => {
    failed = true;
    // Chromium keeps a module whose fetch failed as failed for the page's life (the HTML module
    // map), so asking again for the same chunk fails at once even once the network is back: a
    // retry that fails so, while the browser says it is online, reloads the page (results are
    // stored and come back), which fetches the chunk afresh.
    if (retry && typeof navigator !== 'undefined' && navigator.onLine && /dynamically imported module/i.test(String(error))) window.location.reload();
    throw error;
  });
  return loading;
}

/** Whether the next load is one a person asked for (Try again). */
let retrying = false;

/** Forgets a failed load, so that the next chart loads the chunk again. */
function retryCharts() {
  if (!failed) return;
  failed = false;
  loading = undefined;
  retrying = true;
}

/** A fault of the charts (their chunk did not load, or one failed to draw), said where they would be, with a retry. */
function chartsFault(error: Error, reset: () => void) {
  return (
    <p className="error small" role="alert" data-testid="charts-error">
      The charts could not be drawn: {error.message}. The tables still work.{' '}
      <button
        type="button"
        className="small-button"
        onClick={() => {
          retryCharts();
          reset();
        }}
      >
        Try again
      </button>
    </p>
  );
}

/** What stands in for a view while the charts' code arrives (usually before any result is on screen), and what says it failed. */
function Pending({ children }: { children: ReactNode }) {
  return (
    <FaultBoundary fallback={chartsFault}>
      <Suspense
        fallback={
          <p className="muted small" data-testid="charts-loading">
            Loading the charts…
          </p>
        }
      >
        {children}
      </Suspense>
    </FaultBoundary>
  );
}

/** Draws `render` with the charts' chunk once it is in. */
function Loaded({ render }: { render(charts: Charts): ReactNode }) {
  return render(use(loadCharts()));
}

/** A view of the charts' chunk: "Loading the charts…" until it is in, then `render` with it. */
function fromCharts<P>(render: (charts: Charts, props: P) => ReactNode) {
  return function ChartView(props: P) {
    return (
      <Pending>
        <Loaded render={(charts) => render(charts, props)} />
      </Pending>
    );
  };
}

export const CostCharts = fromCharts((charts, props: ComponentProps<Charts['CostCharts']>) => <charts.CostCharts {...props} />);
export const EnvBreakdowns = fromCharts((charts, props: ComponentProps<Charts['EnvBreakdowns']>) => <charts.EnvBreakdowns {...props} />);
export const SweepView = fromCharts((charts, props: ComponentProps<Charts['SweepView']>) => <charts.SweepView {...props} />);
export const TraceCompare = fromCharts((charts, props: ComponentProps<Charts['TraceCompare']>) => <charts.TraceCompare {...props} />);
export const TraceTokensChart = fromCharts((charts, props: ComponentProps<Charts['TraceTokensChart']>) => <charts.TraceTokensChart {...props} />);
/** The warm-up's chart shows nothing while it loads (it is never seen anyway), and only mounts once the chunk is in. */
export const WarmupChart = (props: ComponentProps<Charts['WarmupChart']>) => (
  <Suspense fallback={null}>
    <Loaded render={(charts) => <charts.WarmupChart {...props} />} />
  </Suspense>
);
