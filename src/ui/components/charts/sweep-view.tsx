import { useMemo, useRef, useState } from 'react';
import { CartesianGrid, ErrorBar, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseSweepKey, sweepableKeys, sweepKeyInfo, sweepKeyText, sweepValues, type SweepKeyInfo, type SweepPoint, type SweepResult } from '../../../core/run/sweep';
import type { RunConfig } from '../../../core/run/run-config';
import { envLabel, formatNumber, formatPercent, strategyColor, strategyLabel } from '../common/labels';
import { ChartExportButtons } from './chart-export-buttons';
import { xTitle, yTitle } from './axis-titles';
import { metricHoverText, settingHoverText } from '../../../core/run/glossary';
import { settingNamed, settingTitle } from '../../../core/run/settings';
import { sweepContextLine, type ExportContext } from '../results/export-context';

/** What a sweep run on the page reports while it goes and when it ends. */
export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  /** The value being run now, and how many of how many are done. */
  running?: { value: number; index: number; of: number };
  result?: SweepResult;
  /** The model, encoder and size of each run that finished, in order (for the chart files). */
  contexts?: ExportContext[];
  error?: string;
}

export interface SweepControls {
  state: SweepState;
  start(config: RunConfig, key: string, values: number[]): void;
  cancel(): void;
}

const METRICS = [
  { key: 'success', interval: 'successInterval', title: 'Success rate (%)', rate: true },
  { key: 'progress', interval: 'progressInterval', title: 'Progress rate (%)', rate: true },
  { key: 'llmCalls', interval: 'llmCallsInterval', title: 'LLM calls per task', rate: false },
  { key: 'promptTokens', interval: 'promptTokensInterval', title: 'Input tokens per task', rate: false },
] as const;

type Metric = (typeof METRICS)[number];

/** A first range for a key: its whole range where that is small, else a useful stretch of it. */
function defaultRange(info: SweepKeyInfo): { from: string; to: string; steps: string } {
  if (info.text === 'tasks') return { from: '10', to: '60', steps: '6' };
  if (info.text === 'seeds') return { from: '1', to: '5', steps: '5' };
  if (info.text === 'sim.kappa') return { from: '1', to: '6', steps: '6' };
  const top = info.max > 20 ? Math.min(info.max, 10) : info.max;
  const low = info.aboveMin ? Number((info.min + (top - info.min) / 10).toPrecision(3)) : info.min;
  return { from: String(low), to: String(top), steps: info.integer && top - low < 5 ? String(top - low + 1) : '5' };
}

/**
 * The swept setting as an axis title, short enough for a narrow chart: its label before any
 * parenthesis ("SimLM: Competence"), tasks and seeds in words.
 */
function sweepAxisTitle(key: string, label: string): string {
  if (key === 'tasks') return 'Tasks per environment';
  if (key === 'seeds') return 'Seeds per task';
  return label.split(' (')[0];
}

/** One row per swept value: each strategy's value of the metric and its error as distances below and above. */
function chartRows(points: SweepPoint[], metric: Metric) {
  const values = [...new Set(points.map((p) => p.value))].sort((a, b) => a - b);
  return values.map((value) => {
    const row: Record<string, number | [number, number]> = { value };
    for (const p of points.filter((q) => q.value === value)) {
      const v = p[metric.key];
      const [low, high] = p[metric.interval];
      row[p.strategy] = v;
      row[`${p.strategy}:error`] = [Math.max(0, v - low), Math.max(0, high - v)];
    }
    return row;
  });
}

/** The swept setting's glossary entry (a hyperparameter or dial), else its schema words (tasks, seeds, temperature). */
function sweptSettingGloss(key: string, label: string): string | undefined {
  const setting = settingNamed(key);
  return settingHoverText(key) ?? (setting ? `${label}: ${settingTitle(setting)}` : undefined);
}

function SweepChart({ env, points, metric, label, axis, gloss, subtitle }: { env: string; points: SweepPoint[]; metric: Metric; label: string; axis: string; gloss?: string; subtitle?: string }) {
  const figure = useRef<HTMLElement>(null);
  const strategies = [...new Set(points.map((p) => p.strategy))];
  const rows = chartRows(points, metric);
  const format = (v: number) => (metric.rate ? formatPercent(v) : formatNumber(v));
  return (
    <figure className="chart" ref={figure} data-testid={`sweep-chart-${metric.key}`}>
      <figcaption>{metric.title}</figcaption>
      <div className="chart-box">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 230 }}>
          <LineChart data={rows} margin={{ top: 16, right: 20, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
            <XAxis type="number" dataKey="value" domain={['dataMin', 'dataMax']} fontSize={11} height={40} label={xTitle(axis, undefined, gloss)} />
            <YAxis type="number" domain={metric.rate ? [0, 1] : [0, 'auto']} tickFormatter={format} width={62} fontSize={11} label={yTitle(metric.title, undefined, metricHoverText(metric.key))} />
            <Tooltip formatter={(value, name) => [format(Number(value)), strategyLabel(String(name))]} labelFormatter={(value) => `${label} = ${value}`} />
            {strategies.map((strategy) => (
              <Line key={strategy} dataKey={strategy} name={strategy} stroke={strategyColor(strategy)} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false}>
                <ErrorBar dataKey={`${strategy}:error`} direction="y" width={4} stroke={strategyColor(strategy)} isAnimationActive={false} />
              </Line>
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ChartExportButtons
        figure={figure}
        env={env}
        chart={`sweep-${metric.key}`}
        title={`${envLabel(env)}: ${metric.title} against ${label}`}
        subtitle={subtitle}
        axes={{ x: axis, y: metric.title }}
        legend={strategies.map((s) => ({ label: strategyLabel(s), color: strategyColor(s) }))}
        notes={['bars: 95% intervals (Wilson for rates, bootstrap over tasks for means)']}
      />
    </figure>
  );
}

/** The points as a table: the charts' text alternative. */
function SweepTable({ points, label, settingKey }: { points: SweepPoint[]; label: string; settingKey: string }) {
  const f = (v: number, [low, high]: [number, number], rate: boolean) => {
    const g = rate ? formatPercent : formatNumber;
    return (
      <>
        {g(v)} <span className="ci">[{g(low)}, {g(high)}]</span>
      </>
    );
  };
  return (
    <div className="table-scroll">
      <table data-testid="sweep-table">
        <caption>
          Each value of {label} (<code>{settingKey}</code>): per-task means with 95% intervals
        </caption>
        <thead>
          <tr>
            <th>{label}</th>
            <th>Environment</th>
            <th>Strategy</th>
            <th>Runs</th>
            {METRICS.map((m) => (
              <th key={m.key}>{m.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={`${p.value}/${p.env}/${p.strategy}`}>
              <td className="num">{p.value}</td>
              <td>{envLabel(p.env)}</td>
              <td>{strategyLabel(p.strategy)}</td>
              <td className="num">{p.n}</td>
              {METRICS.map((m) => (
                <td key={m.key} className="num">
                  {f(p[m.key], p[m.interval], m.rate)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Sweep: one setting of the Setup (tasks, seeds, a strategy hyperparameter or a SimLM skill) over a
 * range, one run per value, and each strategy's success and cost against it with 95% intervals.
 */
export function SweepView({ config, controls }: { config: RunConfig; controls: SweepControls }) {
  const keys = useMemo(() => sweepableKeys(config), [config]);
  const [keyText, setKeyText] = useState(() => sweepKeyText(keys.find((k) => k.kind === 'dial' && k.skill === 'kappa') ?? keys[0]));
  const key = keys.find((k) => sweepKeyText(k) === keyText) ?? keys[0];
  const info = sweepKeyInfo(key);
  const [range, setRange] = useState(() => defaultRange(sweepKeyInfo(key)));
  const { from, to, steps } = range;
  const setFrom = (text: string) => setRange({ ...range, from: text });
  const setTo = (text: string) => setRange({ ...range, to: text });
  const setSteps = (text: string) => setRange({ ...range, steps: text });
  const { state } = controls;
  const running = state.status === 'running';
  let values: number[] | undefined;
  let problem: string | undefined;
  try {
    values = sweepValues(parseSweepKey(info.text), Number(from), Number(to), Number(steps));
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const result = state.result;
  const envs = result ? [...new Set(result.points.map((p) => p.env))] : [];
  const subtitle = useMemo(() => sweepContextLine(state.contexts ?? []), [state.contexts]);
  return (
    <div className="sweep-view" data-testid="sweep-view">
      <p className="small">
        Runs the Setup once per value of one setting, on the same tasks and seeds, and plots each strategy against it: &ldquo;when does EGB-Logits
        pay off?&rdquo; (sweep the simulated model&rsquo;s <span className="mono">kappa</span>, how often it knows the right tool), &ldquo;at how many
        tools does EcoAct win?&rdquo; (ToolBench&rsquo;s scale breakdown at growing task counts). Each value is a whole run.
      </p>
      <fieldset className="sweep-form" disabled={running}>
        <label className="inline-field sweep-setting">
          Setting
          <select value={info.text} data-testid="sweep-key" onChange={(event) => {
              setKeyText(event.target.value);
              setRange(defaultRange(sweepKeyInfo(parseSweepKey(event.target.value))));
            }}>
            {keys.map((k) => {
              const i = sweepKeyInfo(k);
              return (
                <option key={i.text} value={i.text}>
                  {i.label} ({i.text})
                </option>
              );
            })}
          </select>
        </label>
        <label className="inline-field">
          from <input type="number" value={from} data-testid="sweep-from" onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="inline-field">
          to <input type="number" value={to} data-testid="sweep-to" onChange={(event) => setTo(event.target.value)} />
        </label>
        <label className="inline-field">
          steps <input type="number" value={steps} min={2} max={50} data-testid="sweep-steps" onChange={(event) => setSteps(event.target.value)} />
        </label>
        <button type="button" className="primary" data-testid="sweep-run" disabled={!values} onClick={() => values && controls.start(config, info.text, values)}>
          Run sweep{values ? ` (${values.length} runs)` : ''}
        </button>
      </fieldset>
      <p className="muted small">
        {info.label} takes {info.integer ? 'whole numbers' : 'numbers'} {info.aboveMin ? 'above' : 'from'} {info.min} to {info.max}.
        {values && ` Values: ${values.join(', ')}.`}
      </p>
      {problem && (
        <p className="error small" role="alert" data-testid="sweep-problem">
          {problem}
        </p>
      )}
      {running && (
        <p data-testid="sweep-status">
          Running {info.text} = {state.running?.value} ({(state.running?.index ?? 0) + 1} of {state.running?.of}).{' '}
          <button type="button" data-testid="sweep-cancel" onClick={controls.cancel}>
            Cancel
          </button>
        </p>
      )}
      {!running && state.status === 'cancelled' && <p className="notice small">The sweep was cancelled; the values that finished are shown.</p>}
      {!running && state.status === 'error' && (
        <p className="error small" role="alert">
          The sweep stopped: {state.error}
        </p>
      )}
      {result && result.points.length > 0 && (
        <>
          {envs.map((env) => (
            <section key={env} className="env-charts" data-testid={`sweep-${env}`}>
              <h3>
                {envLabel(env)}: against {result.label}
              </h3>
              <ul className="chart-legend">
                {[...new Set(result.points.filter((p) => p.env === env).map((p) => p.strategy))].map((strategy) => (
                  <li key={strategy}>
                    <span className="swatch" style={{ background: strategyColor(strategy) }} /> {strategyLabel(strategy)}
                  </li>
                ))}
                <li className="muted">bars: 95% intervals</li>
              </ul>
              <div className="chart-grid">
                {METRICS.map((metric) => (
                  <SweepChart key={metric.key} env={env} metric={metric} label={sweepAxisTitle(result.key, result.label)} axis={sweepAxisTitle(result.key, result.label)} gloss={sweptSettingGloss(result.key, sweepAxisTitle(result.key, result.label))} subtitle={subtitle} points={result.points.filter((p) => p.env === env)} />
                ))}
              </div>
            </section>
          ))}
          {/* The setting's words, as Setup and the axes say it; the key (what a link writes) in the caption. */}
          <SweepTable points={result.points} label={sweepAxisTitle(result.key, result.label)} settingKey={result.key} />
        </>
      )}
    </div>
  );
}
