import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

type Charts = typeof import('./charts');

let loading: Promise<Charts> | undefined;

/**
 * The charts' chunk (charts.ts), loaded once: the page starts it after its first paint, and any
 * chart that renders before it arrives waits for it. A failed load (the network went away) is
 * forgotten, so the next chart tries again; the panel's error boundary shows the failure.
 */
export function loadCharts(): Promise<Charts> {
  loading ??= import('./charts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** What stands in for a view while the charts' code arrives: the pending chart box. */
function Pending({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="chart-pending" aria-hidden="true" data-testid="charts-loading" />}>{children}</Suspense>;
}

const LazyCostCharts = lazy(() => loadCharts().then((m) => ({ default: m.CostCharts })));
const LazyEnvBreakdowns = lazy(() => loadCharts().then((m) => ({ default: m.EnvBreakdowns })));
const LazySweepView = lazy(() => loadCharts().then((m) => ({ default: m.SweepView })));
const LazyTraceCompare = lazy(() => loadCharts().then((m) => ({ default: m.TraceCompare })));
const LazyTraceTokensChart = lazy(() => loadCharts().then((m) => ({ default: m.TraceTokensChart })));
const LazyWarmupChart = lazy(() => loadCharts().then((m) => ({ default: m.WarmupChart })));

export const CostCharts = (props: ComponentProps<typeof LazyCostCharts>) => (
  <Pending>
    <LazyCostCharts {...props} />
  </Pending>
);
export const EnvBreakdowns = (props: ComponentProps<typeof LazyEnvBreakdowns>) => (
  <Pending>
    <LazyEnvBreakdowns {...props} />
  </Pending>
);
export const SweepView = (props: ComponentProps<typeof LazySweepView>) => (
  <Pending>
    <LazySweepView {...props} />
  </Pending>
);
export const TraceCompare = (props: ComponentProps<typeof LazyTraceCompare>) => (
  <Pending>
    <LazyTraceCompare {...props} />
  </Pending>
);
export const TraceTokensChart = (props: ComponentProps<typeof LazyTraceTokensChart>) => (
  <Pending>
    <LazyTraceTokensChart {...props} />
  </Pending>
);
/** The warm-up's chart shows nothing while it loads (it is never seen anyway). */
export const WarmupChart = (props: ComponentProps<typeof LazyWarmupChart>) => (
  <Suspense fallback={null}>
    <LazyWarmupChart {...props} />
  </Suspense>
);
