import type { TraceEvent } from '../../../core/trace';
import { alignSteps, endOf, firstDifference } from './trace-align';
import { formatNumber, strategyColor, strategyLabel } from '../common/labels';
import { useRef } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartExportButtons } from '../charts/chart-export-buttons';
import { STEP_TOKENS_GLOSS, xTitle, yTitle } from '../charts/axis-titles';
import type { TraceChartFile } from '../results/export-context';
import { tokensPerStep } from './trace-tokens';
import { traceBlocks } from './trace-blocks';
import type { TraceModel } from './trace-model';
import { TraceModelBadge } from './trace-model-badge';

function Outcome({ events }: { events: TraceEvent[] | undefined }) {
  if (!events) return <span className="muted">loading…</span>;
  const end = endOf(events);
  if (!end) return <span className="muted">no end recorded</span>;
  return <span className={`pill ${end.success ? 'ok' : 'failed'}`}>{end.success ? 'solved' : 'not solved'} after {end.steps} steps</span>;
}

function StepCell({ step }: { step: Extract<TraceEvent, { type: 'step' }> | undefined }) {
  if (!step) return <td className="muted">—</td>;
  return (
    <td className={step.ok ? 'ok' : 'failed'}>
      <code>{step.action}</code>
      <div className="small observation" title={step.observation}>
        {step.observation.length > 140 ? `${step.observation.slice(0, 140)}…` : step.observation}
      </div>
    </td>
  );
}

/**
 * Input tokens per step of both traces on one chart: EcoAct beside ReAct is the same task with and
 * without names-only listing; any two strategies show where their prompts grow apart.
 */
function TokensBySide({ left, right, leftName, rightName, file }: { left: TraceEvent[]; right: TraceEvent[]; leftName: string; rightName: string; file?: TraceChartFile }) {
  const figure = useRef<HTMLElement>(null);
  const a = tokensPerStep(traceBlocks(left));
  const b = tokensPerStep(traceBlocks(right));
  const length = Math.max(a.length, b.length);
  if (length === 0) return null;
  const data = Array.from({ length }, (_, i) => ({ n: i + 1, left: a[i]?.input, right: b[i]?.input }));
  const names: Record<string, string> = { left: strategyLabel(leftName), right: strategyLabel(rightName) };
  return (
    <figure className="chart compare-tokens" data-testid="compare-tokens" ref={figure}>
      <figcaption>Input tokens per step, side by side</figcaption>
      <div className="chart-box wide">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 560, height: 200 }}>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
            <XAxis dataKey="n" fontSize={11} height={36} label={xTitle(X_TITLE)} />
            <YAxis fontSize={11} width={64} tickFormatter={(v: number) => formatNumber(v)} label={yTitle(Y_TITLE, undefined, STEP_TOKENS_GLOSS)} />
            <Tooltip formatter={(value, name) => [`${formatNumber(Number(value))} tokens`, names[String(name)] ?? String(name)]} labelFormatter={(n) => `step ${n}`} />
            <Legend verticalAlign="top" formatter={(name) => names[String(name)] ?? String(name)} />
            <Line dataKey="left" stroke={strategyColor(leftName)} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />
            <Line dataKey="right" stroke={strategyColor(rightName)} strokeWidth={2} strokeDasharray="5 3" dot={false} isAnimationActive={false} connectNulls />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {file && (
        <ChartExportButtons
          figure={figure}
          env={file.env}
          chart="compare-tokens"
          title={`Input tokens per step, ${names.left} and ${names.right}: ${file.about.split(', ').filter((part) => part !== names.left).join(', ')}`}
          subtitle={file.subtitle}
          axes={{ x: X_TITLE, y: Y_TITLE }}
          legend={[{ label: names.left, color: strategyColor(leftName) }, { label: `${names.right} (dashed)`, color: strategyColor(rightName) }]}
        />
      )}
    </figure>
  );
}

const X_TITLE = 'Step, in order';
const Y_TITLE = 'Input tokens per step';

/** Parses `env/strategy/seed/task` for the column heads. */
const strategyOf = (key: string) => key.split('/')[1] ?? key;

/**
 * Two traces of the same task and seed, aligned by step, with the rows where the actions differ
 * highlighted (a paired comparison's "solved by one, not the other" opens here).
 */
export function TraceCompare({
  leftKey,
  rightKey,
  left,
  right,
  file,
  model,
  onClose,
}: {
  leftKey: string;
  rightKey: string;
  left: TraceEvent[] | undefined;
  right: TraceEvent[] | undefined;
  file?: TraceChartFile;
  /** The model that wrote both traces (they are of one run). */
  model?: TraceModel;
  onClose(): void;
}) {
  const rows = left && right ? alignSteps(left, right) : [];
  const parted = firstDifference(rows);
  return (
    <section className="trace-compare" data-testid="trace-compare" aria-label="Two traces side by side">
      <div className="trace-compare-head">
        <h3>Side by side</h3>
        <button type="button" className="small-button" onClick={onClose} data-testid="close-compare">
          Close
        </button>
      </div>
      <p className="small muted">
        The same task and seed; rows where the actions differ are highlighted
        {parted !== undefined ? `: they part at step ${parted}` : rows.length ? ': the two took the same actions' : ''}. Reflections and model calls are in
        each trace alone.
      </p>
      {model && <TraceModelBadge model={model} testId="compare-model" prefix="Both written by" />}
      {left && right && <TokensBySide left={left} right={right} leftName={strategyOf(leftKey)} rightName={strategyOf(rightKey)} file={file} />}
      <div className="table-scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <th>Step</th>
              <th>
                {strategyLabel(strategyOf(leftKey))} <Outcome events={left} />
              </th>
              <th>
                {strategyLabel(strategyOf(rightKey))} <Outcome events={right} />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className={row.differs ? 'differs' : ''} data-testid="compare-row">
                <td className="num">{row.row}</td>
                <StepCell step={row.left} />
                <StepCell step={row.right} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
