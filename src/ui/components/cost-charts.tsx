import { memo } from 'react';
import { CartesianGrid, LabelList, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AggregateRow } from '../../core/run/results';
import { envLabel, formatNumber, formatPercent, formatUsd, strategyColor, strategyLabel } from './labels';

/** The cost axes charted against success and progress (per-task means). */
const COSTS = [
  { key: 'llmCalls', title: 'LLM calls per task' },
  { key: 'promptTokens', title: 'Input (prompt) tokens per task' },
  { key: 'completionTokens', title: 'Output (completion) tokens per task' },
  { key: 'costUsd', title: 'Estimated cost per task ($)' },
] as const;

/** An aggregate row with its estimated dollar cost per task (from the editable price table). */
export type CostRow = AggregateRow & { costUsd: number };

type Cost = (typeof COSTS)[number]['key'];

interface Point {
  x: number;
  y: number;
  /** Shown beside success points only, to keep the chart legible. */
  label: string;
  strategy: string;
  metric: 'success' | 'progress';
}

/** Round axis ticks from 0 with room for the labels: the bound is 1, 2, 2.5 or 5 times a power of ten. */
function niceTicks(max: number): number[] {
  const target = max > 0 ? max * 1.3 : 1;
  const power = 10 ** Math.floor(Math.log10(target));
  const lead = [1, 2, 2.5, 5, 10].find((step) => step * power >= target)!;
  const intervals = lead < 2.5 ? 4 : 5;
  return Array.from({ length: intervals + 1 }, (_, i) => (i * lead * power) / intervals);
}

/**
 * Where each strategy's label goes: the leftmost point's to its left, the rightmost's to its right
 * (so two labels never cross each other's points), those between above or below.
 */
function labelPositions(rows: CostRow[], cost: Cost): Map<string, 'left' | 'right' | 'top' | 'bottom'> {
  const sorted = [...rows].sort((a, b) => a[cost] - b[cost]);
  return new Map(
    sorted.map((row, rank) => [
      row.strategy,
      sorted.length === 1 || rank === sorted.length - 1 ? 'right' : rank === 0 ? 'left' : rank % 2 ? 'top' : 'bottom',
    ]),
  );
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function points(row: CostRow, cost: Cost, metric: Point['metric']): Point[] {
  return [{ x: row[cost], y: row[metric], label: metric === 'success' ? strategyLabel(row.strategy) : '', strategy: row.strategy, metric }];
}

function PointTooltip({ active, payload, costTitle }: { active?: boolean; payload?: readonly { payload?: Point }[]; costTitle: string }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="chart-tooltip">
      <strong>{strategyLabel(point.strategy)}</strong>
      <div>
        {point.metric === 'success' ? 'Success rate' : 'Progress rate'}: {formatPercent(point.y)}
      </div>
      <div>
        {costTitle}: {costTitle.includes('$') ? formatUsd(point.x) : formatNumber(point.x)}
      </div>
    </div>
  );
}

/** One scatter: a cost on x, success (filled circle) and progress (hollow diamond) on y, per strategy. */
function CostChart({ rows, cost, title }: { rows: CostRow[]; cost: Cost; title: string }) {
  const xTicks = niceTicks(Math.max(0, ...rows.map((row) => row[cost])));
  const positions = labelPositions(rows, cost);
  return (
    <figure className="chart" data-testid={`chart-${cost}`}>
      <figcaption>{title}</figcaption>
      <div className="chart-box">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 230 }}>
          <ScatterChart margin={{ top: 26, right: 24, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
            <XAxis type="number" dataKey="x" name={title} domain={[0, xTicks[xTicks.length - 1]]} ticks={xTicks} tickFormatter={(value: number) => (cost === 'costUsd' ? `$${Number(value.toPrecision(2))}` : compact.format(value))} fontSize={11} />
            <YAxis type="number" dataKey="y" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={formatPercent} width={42} fontSize={11} />
            <Tooltip content={(props) => <PointTooltip active={props.active} payload={props.payload as readonly { payload?: Point }[]} costTitle={title} />} />
            {rows.map((row) => (
              <Scatter key={`${row.strategy}-progress`} name={`${strategyLabel(row.strategy)} progress`} data={points(row, cost, 'progress')} shape="diamond" fill="#ffffff" stroke={strategyColor(row.strategy)} strokeWidth={2} isAnimationActive={false} />
            ))}
            {rows.map((row) => (
              <Scatter key={`${row.strategy}-success`} name={`${strategyLabel(row.strategy)} success`} data={points(row, cost, 'success')} shape="circle" fill={strategyColor(row.strategy)} isAnimationActive={false}>
                <LabelList dataKey="label" position={positions.get(row.strategy)} offset={8} fontSize={11} fill="#333" />
              </Scatter>
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The strategies' colours and the two marker kinds. */
function ChartLegend({ strategies }: { strategies: string[] }) {
  return (
    <ul className="chart-legend">
      {strategies.map((strategy) => (
        <li key={strategy}>
          <span className="swatch" style={{ background: strategyColor(strategy) }} /> {strategyLabel(strategy)}
        </li>
      ))}
      <li className="muted">● success rate</li>
      <li className="muted">◇ progress rate</li>
    </ul>
  );
}

/**
 * For each environment, success and progress rate against cost (LLM calls, input tokens, output
 * tokens, estimated dollars per task), one point per strategy: up and to the left is better.
 */
export function CostCharts({ rows }: { rows: CostRow[] }) {
  const envs = [...new Set(rows.map((row) => row.env))];
  return (
    <div className="cost-charts">
      {envs.map((env) => {
        const envRows = rows.filter((row) => row.env === env);
        return <EnvCharts key={env} env={env} rows={envRows} signature={signature(envRows)} />;
      })}
    </div>
  );
}

/** What an environment's charts draw, as text: while a run streams, only the environment whose numbers moved is drawn again. */
function signature(rows: CostRow[]): string {
  return rows.map((row) => [row.strategy, ...COSTS.map((cost) => row[cost.key]), row.success, row.progress].join(',')).join(';');
}

/** One environment's four charts; recharts is the page's heaviest rendering, so it redraws only when `signature` changes. */
const EnvCharts = memo(
  function EnvCharts({ env, rows }: { env: string; rows: CostRow[]; signature: string }) {
    return (
      <section className="env-charts" data-testid={`charts-${env}`}>
        <h3>{envLabel(env)}</h3>
        <ChartLegend strategies={rows.map((row) => row.strategy)} />
        <div className="chart-grid">
          {COSTS.map((cost) => (
            <CostChart key={cost.key} rows={rows} cost={cost.key} title={cost.title} />
          ))}
        </div>
      </section>
    );
  },
  (before, after) => before.env === after.env && before.signature === after.signature,
);
