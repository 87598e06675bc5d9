import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { queueTurn, stagedViewMounted } from './staged-mount';
import { loadCharts, WarmupChart } from './lazy-charts';
import { afterFirstPaint } from '../../first-paint';

/** The warm-up chart's steps (warmup-chart.tsx). */
const WARMUP_STEPS = 5;

/**
 * The first recharts chart a page mounts runs cold code: about twice the time of later ones, which
 * made it the one main-thread task over 50 ms when a run's results appeared (issue 13). While the
 * page is idle after opening, and only if no chart has mounted yet, this loads the charts' code
 * and builds one small chart of the results' kind off-screen, a part per task (mounted whole, the
 * warm-up was itself a task of 70-120 ms), then removes it, so the results' charts find the code warm.
 */
export function ChartWarmup() {
  // 0: waiting; 1 to WARMUP_STEPS: the chart's step on the page; past that: done.
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step !== 0) return;
    let live = true;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () =>
      void loadCharts().then(
        () => live && (stagedViewMounted() ? setStep(WARMUP_STEPS + 1) : startTransition(() => setStep(1))),
        () => live && setStep(WARMUP_STEPS + 1),
      );
    // Not before the first paint: an idle period can come first, and the chunk's load must not delay it.
    const cancel = afterFirstPaint(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(start, { timeout: 3000 });
      else timer = setTimeout(start, 1000);
    });
    return () => {
      live = false;
      cancel();
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [step]);
  const pending = useRef<() => void>(undefined);
  useEffect(() => () => pending.current?.(), []);
  // The next step in a turn of the staged-mount queue (a frame, then a task: the chart's own effects,
  // its measuring re-render, ran by then), after any result chart already waiting there.
  const stepped = useCallback((done: number) => {
    pending.current = queueTurn(() => startTransition(() => setStep(stagedViewMounted() ? WARMUP_STEPS + 1 : done + 1)));
  }, []);
  if (step < 1 || step > WARMUP_STEPS) return null;
  return (
    <div className="chart-warmup" aria-hidden="true" data-testid="chart-warmup">
      <WarmupChart step={step} onStep={stepped} />
    </div>
  );
}
