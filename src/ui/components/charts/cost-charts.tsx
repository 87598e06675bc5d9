import { memo, useRef } from 'react';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, useXAxisScale, useYAxisScale } from 'recharts';
import type { AggregateRow } from '../../../core/run/results';
import { LABEL_FONT, placeLabels, type Box, type LabelSide } from './label-placement';
import { envLabel, formatNumber, formatPercent, formatUsd, strategyColor, strategyLabel } from '../common/labels';
import { ChartExportButtons } from './chart-export-buttons';
import { StagedChart } from './staged-chart';
import { xTitle, yTitle } from './axis-titles';
import { metricHoverText } from '../../../core/run/glossary';
import type { LegendItem } from './chart-export';
import { contextLine, type ExportContext } from '../results/export-context';
import { overflowedRuns, windowWords, type RunLimits } from '../results/run-limits';
import { leftOutWords, LeftOutNote } from './left-out';
import { dollarTick, dollarTicks, niceTicks } from './cost-ticks';

/** The cost axes charted against success and progress (per-task means). */
const COSTS = [
  { key: 'llmCalls', title: 'LLM calls per task' },
  { key: 'promptTokens', title: 'Input (prompt) tokens per task' },
  { key: 'completionTokens', title: 'Output (completion) tokens per task' },
  { key: 'costUsd', title: 'Estimated cost per task ($)' },
] as const;

/** What the error bars show (under the legend, and in the downloaded charts). */
const INTERVALS_NOTE = 'bars: 95% intervals (Wilson for rates, bootstrap over tasks for means)';

/** An aggregate row with its estimated dollar cost per task (from the editable price table). */
/** A row with its dollars at the page's prices, and, where the run models a cache, without it. */
export type CostRow = AggregateRow & { costUsd: number; costUsdUncached?: number };

type Cost = (typeof COSTS)[number]['key'];

/** The prices the dollar chart is at: in brief for the page, in full for its files. */
export interface ChartPrices {
  short: string;
  words: string;
}
type Interval = [number, number];

interface Point {
  x: number;
  y: number;
  /** Shown beside success points only, to keep the chart legible. */
  label: string;
  strategy: string;
  metric: 'success' | 'progress';
  /** 95% intervals of x and y, where the row has them. */
  xInterval?: Interval;
  yInterval?: Interval;
}

/**
 * A row's 95% interval of a column. Rows from older stored runs have none; the dollar cost has none
 * either (a bootstrap interval of a price-weighted sum of two means is not the weighted sum of
 * their intervals), so its points get no horizontal bars.
 */
function intervalOf(row: CostRow, key: string): Interval | undefined {
  const interval = row.intervals?.[key];
  return interval && Number.isFinite(interval[0]) && Number.isFinite(interval[1]) ? interval : undefined;
}

/** Half the length of an error bar's end caps, in pixels. */
const CAP = 4;

/**
 * The 95% interval bars of a chart's points, drawn in one component from the axes' scales. recharts'
 * ErrorBar registers each bar through its store, and every registration re-ran every subscriber:
 * a third of each chart's mount, a task over 50 ms on a full matrix's page. The bars are the same:
 * from the interval's low end to its high end (never past the point), with end caps.
 */
function IntervalBars({ points }: { points: Point[] }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  const lines: { key: string; d: string; color: string }[] = [];
  for (const point of points) {
    const color = strategyColor(point.strategy);
    const px = x(point.x);
    const py = y(point.y);
    if (px === undefined || py === undefined) continue;
    if (point.yInterval) {
      const low = y(Math.min(point.yInterval[0], point.y));
      const high = y(Math.max(point.yInterval[1], point.y));
      if (low !== undefined && high !== undefined) lines.push({ key: `${point.strategy}:${point.metric}:y`, color, d: `M${px - CAP},${high}H${px + CAP}M${px},${low}V${high}M${px - CAP},${low}H${px + CAP}` });
    }
    if (point.xInterval) {
      const low = x(Math.min(point.xInterval[0], point.x));
      const high = x(Math.max(point.xInterval[1], point.x));
      if (low !== undefined && high !== undefined) lines.push({ key: `${point.strategy}:${point.metric}:x`, color, d: `M${high},${py - CAP}V${py + CAP}M${low},${py}H${high}M${low},${py - CAP}V${py + CAP}` });
    }
  }
  return (
    <g className="interval-bars" data-testid="interval-bars">
      {lines.map((line) => (
        <path key={line.key} d={line.d} stroke={line.color} strokeWidth={1.5} strokeOpacity={0.8} fill="none" />
      ))}
    </g>
  );
}

/** Line height of a label's lines, in em. */
const LINE_EM = 1.1;

/** A long label breaks before its parenthesis ("AutoTool" over "(ReAct)"), so it stays beside its point. */
function labelLines(label: string): string[] {
  const at = label.indexOf(' (');
  return label.length > 10 && at > 0 ? [label.slice(0, at), label.slice(at + 1)] : [label];
}

/** The cost charts' margins around the plot, in pixels (the point labels keep inside the right and top ones). */
const MARGIN = { top: 26, right: 24, bottom: 4, left: 0 };

let measurer: CanvasRenderingContext2D | null | undefined;

/**
 * A label's widest line in pixels, measured in the page's font at the labels' size (a canvas's
 * measureText); undefined where there is no canvas, and the placement estimates it instead.
 */
function measuredWidth(lines: string[], element: Element | null): number | undefined {
  if (measurer === undefined) measurer = typeof document !== 'undefined' ? (document.createElement('canvas').getContext('2d') ?? null) : null;
  if (!measurer || !element) return undefined;
  measurer.font = `${LABEL_FONT}px ${getComputedStyle(element).fontFamily}`;
  // A pixel of room for anti-aliasing and the SVG's own rounding.
  return Math.max(...lines.map((line) => measurer!.measureText(line).width)) + 1;
}

/** Half the size of the box a marker and its surroundings take (marker radius 6 and a pixel). */
const MARKER = 7;

/**
 * The strategies' names beside their success points, drawn in one component from the axes' scales
 * (like the interval bars): one LabelList per strategy registered one more series of labels in
 * recharts' store, and a full matrix's chart of 18 strategies took over 50 ms to mount. Each label
 * takes its preferred side unless that covers a marker, an interval bar or another label
 * (label-placement.ts).
 */
function PointLabels({ points, sides, xMax }: { points: Point[]; sides: Map<string, LabelSide>; xMax: number }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  const screen = points.map((point) => ({ point, px: x(point.x), py: y(point.y) }));
  const obstacles: Box[] = screen.flatMap(({ point, px, py }) => {
    if (px === undefined || py === undefined) return [];
    const boxes: Box[] = [{ left: px - MARKER, right: px + MARKER, top: py - MARKER, bottom: py + MARKER }];
    const [ylo, yhi] = point.yInterval ? [y(point.yInterval[0]), y(point.yInterval[1])] : [undefined, undefined];
    if (ylo !== undefined && yhi !== undefined) boxes.push({ left: px - 4, right: px + 4, top: Math.min(ylo, yhi), bottom: Math.max(ylo, yhi) });
    const [xlo, xhi] = point.xInterval ? [x(point.xInterval[0]), x(point.xInterval[1])] : [undefined, undefined];
    if (xlo !== undefined && xhi !== undefined) boxes.push({ left: Math.min(xlo, xhi), right: Math.max(xlo, xhi), top: py - 4, bottom: py + 4 });
    return boxes;
  });
  const [x0, x1, y0, y1] = [x(0), x(xMax), y(0), y(1)];
  const plot: Box = { left: x0 ?? 0, right: (x1 ?? 0) + 20, top: (y1 ?? 0) - 22, bottom: y0 ?? 0 };
  // The SVG's own edges at the right and the top (the chart's margins past the axes' ends): a label past them is cut off.
  const drawing: Box = { left: -Infinity, right: (x1 ?? 0) + MARGIN.right, top: (y1 ?? 0) - MARGIN.top, bottom: Infinity };
  const labelled = screen.filter((item): item is { point: Point; px: number; py: number } => Boolean(item.point.label) && item.px !== undefined && item.py !== undefined);
  const placed = placeLabels(
    labelled.map(({ point, px, py }) => {
      const lines = labelLines(point.label);
      return { x: px, y: py, lines, preferred: sides.get(point.strategy) ?? 'right', width: measuredWidth(lines, typeof document === 'undefined' ? null : document.body) };
    }),
    obstacles,
    plot,
    drawing,
  );
  return (
    <g className="point-labels" data-testid="point-labels">
      {labelled.map(({ point }, index) => {
        const { side, box, hidden } = placed[index];
        if (hidden) return null;
        const lines = labelLines(point.label);
        // Anchored at the box's edge nearest the point; the first baseline 0.8 em under the box's top.
        const x = side.endsWith('left') ? box.right : side.endsWith('right') ? box.left : (box.left + box.right) / 2;
        const textAnchor = side.endsWith('left') ? ('end' as const) : side.endsWith('right') ? ('start' as const) : ('middle' as const);
        const first = 0.8;
        const at = { x, y: box.top, textAnchor };
        return (
          <text key={`${point.strategy}:${point.metric}`} className="point-label" data-side={side} x={at.x} y={at.y} textAnchor={at.textAnchor} fontSize={LABEL_FONT} fill="#333">
            {lines.map((line, i) => (
              <tspan key={i} x={at.x} dy={`${i === 0 ? first : LINE_EM}em`}>
                {line}
              </tspan>
            ))}
          </text>
        );
      })}
    </g>
  );
}


/**
 * Where each strategy's label goes: the leftmost point's to its left, the rightmost's to its right
 * (so two labels never cross each other's points), those between above or below. A point close to
 * the y axis gets its label above it, where the axis's tick labels cannot run into it ("75%ReAct").
 */
function labelPositions(rows: CostRow[], cost: Cost, xMax: number): Map<string, LabelSide> {
  const sorted = [...rows].sort((a, b) => a[cost] - b[cost]);
  const nearAxis = (row: CostRow) => xMax > 0 && row[cost] / xMax < 0.3;
  return new Map(
    sorted.map((row, rank) => [
      row.strategy,
      sorted.length === 1 || rank === sorted.length - 1 ? 'right' : rank === 0 ? (nearAxis(row) ? 'top' : 'left') : rank % 2 ? 'top' : 'bottom',
    ]),
  );
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function points(row: CostRow, cost: Cost, metric: Point['metric']): Point[] {
  const x = row[cost];
  const y = row[metric];
  const xInterval = cost === 'costUsd' ? undefined : intervalOf(row, cost);
  const yInterval = intervalOf(row, metric);
  return [
    {
      x,
      y,
      label: metric === 'success' ? strategyLabel(row.strategy) : '',
      strategy: row.strategy,
      metric,
      xInterval,
      yInterval,
    },
  ];
}

/** A success point as a filled circle, a progress point as a hollow diamond, in the strategy's colour. */
function PointShape(props: { cx?: number; cy?: number; payload?: Point }) {
  const { cx = 0, cy = 0, payload } = props;
  const fill = payload ? strategyColor(payload.strategy) : '#333';
  if (payload?.metric === 'progress') {
    const r = 6;
    // White in the attribute (downloads are drawn light); the page's theme fills it with its panel colour.
    return <path className="hollow-marker" d={`M${cx},${cy - r}L${cx + r},${cy}L${cx},${cy + r}L${cx - r},${cy}Z`} fill="#ffffff" stroke={fill} strokeWidth={2} />;
  }
  return <circle cx={cx} cy={cy} r={5.5} fill={fill} />;
}

/** A value and, where known, its interval: "40% [27%, 55%]". */
function withInterval(value: number, interval: Interval | undefined, format: (value: number) => string): string {
  return interval ? `${format(value)} [${format(interval[0])}, ${format(interval[1])}]` : format(value);
}

function PointTooltip({ active, payload, costTitle }: { active?: boolean; payload?: readonly { payload?: Point }[]; costTitle: string }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  const formatCost = costTitle.includes('$') ? formatUsd : formatNumber;
  return (
    <div className="chart-tooltip">
      <strong>{strategyLabel(point.strategy)}</strong>
      <div>
        {point.metric === 'success' ? 'Success rate' : 'Progress rate'}: {withInterval(point.y, point.yInterval, formatPercent)}
      </div>
      <div>
        {costTitle}: {withInterval(point.x, point.xInterval, formatCost)}
      </div>
    </div>
  );
}

/** The legend as the downloaded charts draw it: strategy swatches, then the marker kinds. */
function exportLegend(rows: CostRow[]): LegendItem[] {
  return [
    ...rows.map((row) => ({ label: strategyLabel(row.strategy), color: strategyColor(row.strategy) })),
    { label: 'success rate', color: '#6b7680', marker: 'circle' as const },
    { label: 'progress rate', color: '#6b7680', marker: 'diamond' as const },
  ];
}

/** The y axis's title on the page (short: the chart is narrow), and in the chart files. */
const Y_TITLE = 'Success ●, progress ◇';
const Y_FILE_TITLE = 'Success rate (●), progress rate (◇)';

/** One scatter: a cost on x, success (filled circle) and progress (hollow diamond) on y, per strategy, with 95% interval bars. */
function CostChart({ env, rows, cost, title, context, leftOut, prices }: { env: string; rows: CostRow[]; cost: Cost; title: string; context?: ExportContext; leftOut?: string; prices?: ChartPrices }) {
  // The dollar chart says at which prices (issue 42 item 7): briefly on the page, in full in its files.
  const priced = cost === 'costUsd' && prices ? prices : undefined;
  const figure = useRef<HTMLElement>(null);
  // The axis reaches the highest interval too, so no bar is cut off.
  const highs = cost === 'costUsd' ? [] : rows.map((row) => intervalOf(row, cost)?.[1] ?? 0);
  const highest = Math.max(0, ...rows.map((row) => row[cost]), ...highs.map((high) => high / 1.15));
  const xTicks = cost === 'costUsd' ? dollarTicks(highest) : niceTicks(highest);
  const positions = labelPositions(rows, cost, xTicks[xTicks.length - 1]);
  const hasIntervals = rows.some((row) => row.intervals);
  const pointsOf = (row: CostRow) => [...points(row, cost, 'progress'), ...points(row, cost, 'success')];
  const all = rows.flatMap(pointsOf);
  return (
    <figure className="chart" data-testid={`chart-${cost}`} ref={figure}>
      <figcaption>
        {title}
        {priced && (
          <span className="chart-prices muted small" data-testid="cost-prices" title={`Prices: ${priced.words}.`}>
            At {priced.short} (edit below)
          </span>
        )}
      </figcaption>
      <div className="chart-box">
        <StagedChart>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 230 }}>
            <ScatterChart margin={MARGIN}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
              {/* Axis titles on the page (issue 29 item 1); the chart files draw their own (page-axis-title is left out of them).
                  Every tick is drawn: dollar ticks are few enough (cost-ticks.ts) not to run into each other. */}
              <XAxis type="number" dataKey="x" name={title} domain={[0, xTicks[xTicks.length - 1]]} ticks={xTicks} interval={0} tickFormatter={(value: number) => (cost === 'costUsd' ? dollarTick(value) : compact.format(value))} fontSize={11} height={40} label={xTitle(title, undefined, metricHoverText(cost))} />
              <YAxis type="number" dataKey="y" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} interval={0} tickFormatter={formatPercent} width={54} fontSize={11} label={yTitle(Y_TITLE, undefined, `${metricHoverText('success')} ${metricHoverText('progress')}`)} />
              <Tooltip content={(props) => <PointTooltip active={props.active} payload={props.payload as readonly { payload?: Point }[]} costTitle={title} />} />
              {hasIntervals && <IntervalBars points={all} />}
              {/* One series for every strategy's points (recharts' cost grows with each series it
                  registers, and these charts are the page's heaviest render): the shape's colour and
                  form tell strategies and metrics apart, and the labels are drawn beside them. */}
              <Scatter name={title} data={all} shape={PointShape} isAnimationActive={false} />
              <PointLabels points={all} sides={positions} xMax={xTicks[xTicks.length - 1]} />
            </ScatterChart>
          </ResponsiveContainer>
        </StagedChart>
      </div>
      <ChartExportButtons
        figure={figure}
        env={env}
        chart={cost}
        title={`${envLabel(env)}: ${title}`}
        subtitle={context ? contextLine(context) : undefined}
        axes={{ x: title, y: Y_FILE_TITLE }}
        legend={exportLegend(rows)}
        notes={hasIntervals || leftOut || priced ? [...(priced ? [`Prices: ${priced.words}.`] : []), ...(hasIntervals ? [INTERVALS_NOTE] : []), ...(leftOut ? [leftOut] : [])] : undefined}
      />
    </figure>
  );
}

/** The strategies' colours and the two marker kinds; a note on the error bars where the rows have intervals. */
function ChartLegend({ strategies, intervals }: { strategies: string[]; intervals: boolean }) {
  return (
    <>
      <ul className="chart-legend">
        {strategies.map((strategy) => (
          <li key={strategy}>
            <span className="swatch" style={{ background: strategyColor(strategy) }} /> {strategyLabel(strategy)}
          </li>
        ))}
        <li className="muted">● success rate</li>
        <li className="muted">◇ progress rate</li>
      </ul>
      {intervals && (
        <p className="chart-intervals-note muted small" data-testid="chart-intervals-note">
          {INTERVALS_NOTE}
        </p>
      )}
    </>
  );
}

/**
 * For each environment, success and progress rate against cost (LLM calls, input tokens, output
 * tokens, estimated dollars per task), one point per strategy: up and to the left is better.
 * A strategy whose task runs overflowed the context window is left out, and a note above the
 * charts says so (`leftOutWords`): its costs stop at the prompt that did not fit.
 */
export function CostCharts({ rows, contexts, limits = {}, prices }: { rows: CostRow[]; contexts?: Record<string, ExportContext>; limits?: RunLimits; prices?: ChartPrices }) {
  const envs = [...new Set(rows.map((row) => row.env))];
  return (
    <div className="cost-charts">
      {envs.map((env) => {
        const envRows = rows.filter((row) => row.env === env);
        const drawn = envRows.filter((row) => overflowedRuns(row) === 0);
        const leftOut = leftOutWords(
          env,
          envRows.filter((row) => overflowedRuns(row) > 0).map((row) => ({ strategy: row.strategy, runs: overflowedRuns(row), tasks: row.tasks })),
          windowWords(limits),
        );
        return <EnvCharts key={env} env={env} rows={drawn} leftOut={leftOut} context={contexts?.[env]} prices={prices} signature={`${signature(drawn)}|${leftOut ?? ''}|${prices?.words ?? ''}`} />;
      })}
    </div>
  );
}

/** The intervals the charts draw. */
const CHARTED_INTERVALS = ['success', 'progress', ...COSTS.map((cost) => cost.key)];

/** What an environment's charts draw, as text: while a run streams, only the environment whose numbers moved is drawn again. */
function signature(rows: CostRow[]): string {
  return rows
    .map((row) =>
      [
        row.strategy,
        ...COSTS.map((cost) => row[cost.key]),
        row.success,
        row.progress,
        ...(row.intervals ? CHARTED_INTERVALS.map((key) => row.intervals?.[key]?.join(':') ?? '') : ['-']),
      ].join(','),
    )
    .join(';');
}

/** One environment's four charts; recharts is the page's heaviest rendering, so it redraws only when `signature` changes. */
const EnvCharts = memo(
  function EnvCharts({ env, rows, context, leftOut, prices }: { env: string; rows: CostRow[]; context?: ExportContext; leftOut?: string; prices?: ChartPrices; signature: string }) {
    return (
      <section className="env-charts" data-testid={`charts-${env}`}>
        <h3>{envLabel(env)}</h3>
        <LeftOutNote words={leftOut} />
        {rows.length > 0 && (
          <>
            <ChartLegend strategies={rows.map((row) => row.strategy)} intervals={rows.some((row) => row.intervals)} />
            <div className="chart-grid">
              {COSTS.map((cost) => (
                <CostChart key={cost.key} env={env} rows={rows} cost={cost.key} title={cost.title} context={context} leftOut={leftOut} prices={prices} />
              ))}
            </div>
          </>
        )}
      </section>
    );
  },
  (before, after) => before.env === after.env && before.signature === after.signature && before.context === after.context && before.leftOut === after.leftOut,
);
