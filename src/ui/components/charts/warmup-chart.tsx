import { useEffect } from 'react';
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';

/** Two points, only to run the chart code once; never shown. */
const POINTS = [
  { x: 1, y: 0.5 },
  { x: 2, y: 0.75 },
];

/**
 * A small chart of the results' kind for chart-warmup.tsx, built up over five `step`s (a bare
 * scatter, then an axis at a time, the grid, the tooltip), so that no one step runs all of the
 * chart's cold code; `onStep` is called once each step is on the page.
 */
export function WarmupChart({ step, onStep }: { step: number; onStep(step: number): void }) {
  useEffect(() => onStep(step), [step, onStep]);
  return (
    <ScatterChart width={320} height={230} margin={{ top: 26, right: 24, bottom: 4, left: 0 }}>
      {step >= 4 && <CartesianGrid strokeDasharray="3 3" />}
      {step >= 2 && <XAxis type="number" dataKey="x" domain={[0, 2]} fontSize={11} />}
      {step >= 3 && <YAxis type="number" dataKey="y" domain={[0, 1]} width={42} fontSize={11} />}
      {step >= 5 && <Tooltip />}
      <Scatter data={POINTS} isAnimationActive={false} />
    </ScatterChart>
  );
}
