import { startTransition, useEffect, useState } from 'react';
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { stagedViewMounted } from './staged-mount';

/** Two points, only to run the chart code once; never shown (the box is off-screen and hidden from readers). */
const POINTS = [
  { x: 1, y: 0.5 },
  { x: 2, y: 0.75 },
];

/**
 * The first recharts chart a page mounts runs cold code: about twice the time of later ones, which
 * made it the one main-thread task over 50 ms when a run's results appeared (issue 13). While the
 * page is idle after opening, and only if no chart has mounted yet, this mounts one small chart of
 * the results' kind off-screen and removes it after its effects ran, so the results' charts find the
 * code warm.
 */
export function ChartWarmup() {
  const [phase, setPhase] = useState<'waiting' | 'mounted' | 'done'>('waiting');
  useEffect(() => {
    if (phase === 'waiting') {
      const start = () => (stagedViewMounted() ? setPhase('done') : startTransition(() => setPhase('mounted')));
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(start, { timeout: 3000 });
        return () => cancelIdleCallback(id);
      }
      const timer = setTimeout(start, 1000);
      return () => clearTimeout(timer);
    }
    if (phase === 'mounted') {
      // A frame, then a task: the chart's own effects (its measuring re-render) have run by then.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPhase('done'), 0)));
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }
  }, [phase]);
  if (phase !== 'mounted') return null;
  return (
    <div className="chart-warmup" aria-hidden="true" data-testid="chart-warmup">
      <ScatterChart width={320} height={230} margin={{ top: 26, right: 24, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" dataKey="x" domain={[0, 2]} fontSize={11} />
        <YAxis type="number" dataKey="y" domain={[0, 1]} width={42} fontSize={11} />
        <Tooltip />
        <Scatter data={POINTS} isAnimationActive={false} />
      </ScatterChart>
    </div>
  );
}
