import { byKindTitle, runOrderTitle } from '../../../core/run/breakdown-titles';
import { windowWords, type RunLimits } from '../results/run-limits';
import { leftOutWords, LeftOutNote } from './left-out';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TaskResult } from '../../../core/run/results';
import { priceWords, type Price } from '../../../core/run/prices';
import { byKind, callsInRunOrder, tickLines } from './breakdowns';
import { StagedChart } from './staged-chart';
import { envLabel, formatCount, formatNumber, formatPercent, formatUsd, strategyColor, strategyLabel } from '../common/labels';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { ChartExportButtons } from './chart-export-buttons';
import { xTitle, yTitle } from './axis-titles';
import { metricHoverText } from '../../../core/run/glossary';
import { contextLine, type ExportContext } from '../results/export-context';

/** The by-kind chart's x title: the environment's kind in words ("Tool scale (candidate tools)" on ToolBench). */
function kindAxisTitle(env: string): string {
  const kind = ENV_CATALOG[env]?.kindLabel;
  return kind === 'tool scale' ? 'Tool scale (candidate tools per task)' : kind ? kind[0].toUpperCase() + kind.slice(1) : 'Task kind';
}

const COST_TITLE = 'Estimated cost per task ($)';
const CALLS_TITLE = 'LLM calls per task (mean over seeds)';
const RUN_ORDER_X = 'Task, in run order (position)';

/** A table head: the row label's column, then one column per strategy. */
function StrategyHead({ first, strategies }: { first: string; strategies: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {strategies.map((s) => (
          <th key={s} scope="col" className="num">
            {strategyLabel(s)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The width of an element, kept as it resizes (undefined before it is measured). */
function useWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The kind chart's margins and y axis width, in pixels (what its bars' band width is computed from). */
const KIND_MARGIN = { top: 12, right: 16, bottom: 4, left: 8 };
const KIND_Y_WIDTH = 70;
const TICK_LINE = 12;

function KindTick({ x, y, payload, band }: { x?: number; y?: number; payload?: { value: string }; band: number }) {
  if (x === undefined || y === undefined || !payload) return null;
  return (
    <text x={x} y={y + 4} textAnchor="middle" fontSize={11} className="recharts-cartesian-axis-tick-value" fill="#666">
      {tickLines(String(payload.value), band).map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? '0.71em' : `${TICK_LINE}px`}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** Cost per task and success by task kind (tool-scale level on toolbench, as in EcoAct Figure 3). */
function KindBreakdown({ env, results, price, context }: { env: string; results: TaskResult[]; price: Price; context?: ExportContext }) {
  const figure = useRef<HTMLElement>(null);
  const { kinds, cells } = byKind(results, price);
  // Each kind's group of bars is this wide; its name breaks into lines that fit it, and the axis grows to hold them.
  const width = useWidth(figure);
  const band = Math.max(24, ((width ?? 480) - KIND_Y_WIDTH - KIND_MARGIN.left - KIND_MARGIN.right - 24) / Math.max(1, kinds.length) - 8);
  const tickRows = Math.max(1, ...kinds.map((kind) => tickLines(kind, band).length));
  const strategies = [...new Set(cells.map((c) => c.strategy))];
  const data = kinds.map((kind) => ({
    kind,
    ...Object.fromEntries(
      cells
        .filter((c) => c.kind === kind)
        .flatMap((c) => [
          [c.strategy, c.costUsd],
          // ErrorBar takes distances below and above the bar.
          [`${c.strategy}:error`, [Math.max(0, c.costUsd - c.intervals.costUsd[0]), Math.max(0, c.intervals.costUsd[1] - c.costUsd)]],
        ]),
    ),
  }));
  return (
    <div className="kind-breakdown" data-testid="kind-breakdown">
      <figure className="chart" ref={figure} data-testid="kind-chart">
      <figcaption>{COST_TITLE}, by {ENV_CATALOG[env]?.kindLabel ?? 'task kind'}</figcaption>
      <div className="chart-box" style={tickRows > 1 ? { height: 230 + (tickRows - 1) * TICK_LINE } : undefined}>
        <StagedChart>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 230 }}>
            <BarChart data={data} margin={KIND_MARGIN}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
              <XAxis dataKey="kind" fontSize={11} height={40 + (tickRows - 1) * TICK_LINE} interval={0} tick={<KindTick band={band} />} label={xTitle(kindAxisTitle(env))} />
              <YAxis tickFormatter={(value: number) => `$${Number(value.toPrecision(2))}`} fontSize={11} width={KIND_Y_WIDTH} label={yTitle(COST_TITLE, undefined, metricHoverText('costUsd'))} />
              <Tooltip formatter={(value, name) => [formatUsd(Number(value)), strategyLabel(String(name))]} />
              <Legend formatter={(name) => strategyLabel(String(name))} />
              {strategies.map((strategy) => (
                <Bar key={strategy} dataKey={strategy} fill={strategyColor(strategy)} isAnimationActive={false}>
                  <ErrorBar dataKey={`${strategy}:error`} width={4} stroke="#333" strokeWidth={1} isAnimationActive={false} />
                </Bar>
              ))}
            </BarChart>
          </ResponsiveContainer>
        </StagedChart>
      </div>
      <ChartExportButtons
        figure={figure}
        env={env}
        chart="cost-by-kind"
        title={`${envLabel(env)}: ${COST_TITLE.toLowerCase()}, by ${ENV_CATALOG[env]?.kindLabel ?? 'task kind'}`}
        subtitle={context ? contextLine(context) : undefined}
        axes={{ x: kindAxisTitle(env), y: COST_TITLE }}
        legend={strategies.map((s) => ({ label: strategyLabel(s), color: strategyColor(s) }))}
        notes={[`Prices: ${priceWords(context?.model ?? 'the run\u2019s model', price)}.`, 'bars: 95% intervals (bootstrap over tasks)']}
      />
      </figure>
      {/* Its title above the box that scrolls sideways, not a caption inside it (a phone cut the caption at the box's edge). */}
      <p className="table-title" id={`kind-table-${env}`} title="95% intervals: Wilson for the success rate, a bootstrap over tasks for the means">
        Per task kind: task runs, success, input tokens and estimated cost per task, with 95% intervals (bars in the chart)
      </p>
      <div className="table-scroll">
        {/* A row per kind and strategy, a column per measure (issue 42: four figures and two intervals in one cell, joined by dots, read as one line broken anywhere). */}
        <table className="data-table kind-table" data-testid="kind-table" aria-labelledby={`kind-table-${env}`}>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Strategy</th>
              <th scope="col" className="num">Task runs</th>
              <th scope="col" className="num">Success</th>
              <th scope="col" className="num">Input tokens</th>
              <th scope="col" className="num">Cost / task</th>
            </tr>
          </thead>
          {kinds.map((kind) => {
            const ran = strategies.map((s) => cells.find((c) => c.kind === kind && c.strategy === s)!).filter((cell) => cell.tasks > 0);
            return (
              <tbody key={kind}>
                {ran.map((cell, i) => (
                  <tr key={cell.strategy}>
                    {i === 0 && (
                      <th scope="rowgroup" rowSpan={ran.length}>
                        {/* A long kind breaks after its underscores on a phone, not the table's width. */}
                        {kind.split(/(?<=_)/).map((part, j) => (
                          <span key={j}>
                            {j > 0 && <wbr />}
                            {part}
                          </span>
                        ))}
                      </th>
                    )}
                    <td>
                      <span className="swatch" style={{ background: strategyColor(cell.strategy) }} /> {strategyLabel(cell.strategy)}
                    </td>
                    <td className="num">{cell.tasks}</td>
                    <td className="num">
                      {formatPercent(cell.success)} <span className="ci">[{formatPercent(cell.intervals.success[0])}, {formatPercent(cell.intervals.success[1])}]</span>
                    </td>
                    <td className="num">
                      {formatCount(cell.promptTokens)} <span className="ci">[{formatCount(cell.intervals.promptTokens[0])}, {formatCount(cell.intervals.promptTokens[1])}]</span>
                    </td>
                    <td className="num">{formatUsd(cell.costUsd)}</td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </div>
    </div>
  );
}

/** LLM calls per task in the order tasks ran: AutoTool's learning curve against its base strategy. */
function RunOrderChart({ env, results, context }: { env: string; results: TaskResult[]; context?: ExportContext }) {
  const figure = useRef<HTMLElement>(null);
  const data = callsInRunOrder(results);
  const strategies = [...new Set(results.map((r) => r.strategy))];
  return (
    <>
    <figure className="chart run-order" ref={figure} data-testid="run-order-figure">
    <figcaption>LLM calls per task, in the order the tasks ran</figcaption>
    <div className="chart-box wide" data-testid="run-order-chart">
      <StagedChart>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 230 }}>
          <LineChart data={data} margin={{ top: 12, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
            <XAxis dataKey="position" fontSize={11} height={40} label={xTitle(RUN_ORDER_X)} />
            <YAxis fontSize={11} width={56} label={yTitle('LLM calls per task', undefined, metricHoverText('llmCalls'))} />
            <Tooltip formatter={(value, name) => [formatNumber(Number(value)), strategyLabel(String(name))]} labelFormatter={(label) => `task ${label}`} />
            <Legend verticalAlign="top" formatter={(name) => strategyLabel(String(name))} />
            {strategies.map((strategy) => (
              <Line key={strategy} dataKey={strategy} stroke={strategyColor(strategy)} dot={false} strokeWidth={2} isAnimationActive={false} connectNulls />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </StagedChart>
    </div>
    <ChartExportButtons
      figure={figure}
      env={env}
      chart="run-order"
      title={`${envLabel(env)}: LLM calls per task in run order`}
      subtitle={context ? contextLine(context) : undefined}
      axes={{ x: RUN_ORDER_X, y: CALLS_TITLE }}
      legend={strategies.map((s) => ({ label: strategyLabel(s), color: strategyColor(s) }))}
    />
    </figure>
    <details className="chart-table" data-testid="run-order-table">
      <summary>The chart as a table</summary>
      <div className="table-scroll">
        <table className="data-table">
          <caption>LLM calls per task at each position in run order, averaged over seeds</caption>
          <StrategyHead first="Task" strategies={strategies} />
          <tbody>
            {data.map((row) => (
              <tr key={row.position}>
                <th scope="row">{row.position}</th>
                {strategies.map((s) => (
                  <td key={s} className="num">
                    {row[s] === undefined ? '' : formatNumber(row[s])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
    </>
  );
}

/** A fold whose content is built only once opened: closed folds cost the page nothing (issue 13). */
function Fold({ testId, title, children }: { testId: string; title: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="breakdown" data-testid={testId} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open && children()}
    </details>
  );
}

/**
 * Per environment, two closer looks that fold open: cost and success by task kind, and LLM calls
 * per task over the run (the learning curve of strategies that learn as they go).
 */
export function EnvBreakdowns({ results, price, contexts, limits = {} }: { results: TaskResult[]; price: Price; contexts?: Record<string, ExportContext>; limits?: RunLimits }) {
  const envs = [...new Set(results.map((r) => r.env))];
  return (
    <div className="env-breakdowns">
      {envs.map((env) => {
        const all = results.filter((r) => r.env === env);
        // A strategy a prompt over the window stopped is left out, as in the charts above (its costs stop at that prompt).
        const overflowed = [...new Set(all.filter((r) => r.outcome === 'context-overflow').map((r) => r.strategy))];
        const leftOut = leftOutWords(
          env,
          overflowed.map((strategy) => ({ strategy, runs: all.filter((r) => r.strategy === strategy && r.outcome === 'context-overflow').length, tasks: all.filter((r) => r.strategy === strategy).length })),
          windowWords(limits),
        );
        const envResults = all.filter((r) => !overflowed.includes(r.strategy));
        return (
          <section key={env} data-testid={`breakdowns-${env}`}>
            <Fold testId={`by-kind-${env}`} title={byKindTitle(env)}>
              {() => (
                <>
                  <LeftOutNote words={leftOut} testId="breakdown-left-out" />
                  {envResults.length > 0 && <KindBreakdown env={env} results={envResults} price={price} context={contexts?.[env]} />}
                </>
              )}
            </Fold>
            <Fold testId={`run-order-${env}`} title={runOrderTitle(env)}>
              {() => (
                <>
                  <LeftOutNote words={leftOut} testId="breakdown-left-out" />
                  {envResults.length > 0 && <RunOrderChart env={env} results={envResults} context={contexts?.[env]} />}
                </>
              )}
            </Fold>
          </section>
        );
      })}
    </div>
  );
}
