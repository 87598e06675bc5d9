import type { CostRow } from './cost-charts';
import { envLabel, formatNumber, formatPercent, formatUsd, strategyColor, strategyLabel } from './labels';

/** Labels of the metrics environments and strategies report; shares print as percentages. */
const METRIC_LABELS: Record<string, { label: string; title: string; share?: boolean }> = {
  toolMatch: { label: 'Tool match', title: 'SLATE: among substeps that need a tool, share where the chosen tool is the reference tool', share: true },
  actionIdAcc: { label: 'Action ID acc.', title: 'SLATE: share of substeps where tool or no tool was decided right', share: true },
  correctPath: { label: 'Correct path', title: 'RestBench: share of tasks whose gold path is a subsequence of the calls made', share: true },
  deltaSL: { label: 'Δ solution length', title: 'RestBench: calls made minus gold path length, on correct paths' },
  inertialCalls: { label: 'Inertial calls', title: 'AutoTool: steps taken from the inertia graph without the model, per task' },
  inertialOk: { label: 'Inertial OK', title: 'AutoTool: inertial calls the environment accepted, per task' },
  recoveryCalls: { label: 'Recovery calls', title: 'AutoTool: recovery calls made without the model, per task' },
  registeredTools: { label: 'Registered tools', title: 'EcoAct: tools registered per query' },
  availableTools: { label: 'Available tools', title: 'EcoAct: candidate tools per query' },
  poolSize: { label: 'Pool size', title: 'toolbench: candidate tools per query' },
};

const PARAM_FILL = /^param(Tried|Ok)_(.+)$/;

const INTERVAL_TITLE = '95% interval: Wilson for rates (0 or 1 on every run), a bootstrap over tasks for means (a task\'s seeds resampled together)';

/** A value with its 95% interval below it, when the row has one (rows stored by older versions do not). */
function WithInterval({ row, column, format }: { row: CostRow; column: string; format: (value: number) => string }) {
  const value = column in row.metrics && !(column in row) ? row.metrics[column] : (row as unknown as Record<string, number>)[column];
  const interval = row.intervals?.[column];
  return (
    <>
      {format(value)}
      {interval && (
        <span className="ci" title={INTERVAL_TITLE}>
          {' '}[{format(interval[0])}, {format(interval[1])}]
        </span>
      )}
    </>
  );
}

/**
 * Per-task means by environment and strategy: success, progress and cost, and every metric an
 * environment or strategy reported (SLATE's step-wise metrics, RestBench's correct path, AutoTool's
 * inertial calls and parameter filling as in its Table 8, EcoAct's registrations), plus logits-only
 * passes counted apart from generation calls (EGB Table 4).
 */
export function AggregateTable({ rows }: { rows: CostRow[] }) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.metrics)))].filter((key) => key !== 'progress' && !PARAM_FILL.test(key));
  const metrics = keys.map((key) => ({ key, ...(METRIC_LABELS[key] ?? { label: key, title: key }) }));
  const fills = rows.some((row) => Object.keys(row.metrics).some((key) => PARAM_FILL.test(key)));
  const fillText = (row: CostRow) => {
    const sources = [...new Set(Object.keys(row.metrics).map((key) => PARAM_FILL.exec(key)?.[2]).filter((source): source is string => Boolean(source)))].sort();
    return sources.map((source) => `${source} ${formatNumber(row.metrics[`paramTried_${source}`] ?? 0)}/${formatNumber(row.metrics[`paramOk_${source}`] ?? 0)}`).join(' · ');
  };
  const passes = rows.some((row) => row.logitPasses > 0);
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="aggregate-table">
        <caption title={INTERVAL_TITLE}>Means per task run (tasks × seeds) with 95% intervals; on SLATE, success is execution success</caption>
        <thead>
          <tr>
            <th scope="col">Environment</th>
            <th scope="col">Strategy</th>
            <th scope="col" className="num">Task runs</th>
            <th scope="col" className="num">Success</th>
            <th scope="col" className="num">Progress</th>
            {metrics.map((column) => (
              <th key={column.key} scope="col" className="num" title={column.title}>
                {column.label}
              </th>
            ))}
            {fills && (
              <th scope="col" title="AutoTool Table 8: parameters filled per task by source, tried / in calls that succeeded">
                Parameter filling
              </th>
            )}
            <th scope="col" className="num">LLM calls</th>
            {passes && (
              <th scope="col" className="num" title="Logits-only forward passes (EGB-Logits), not counted as LLM calls">
                Logit passes
              </th>
            )}
            <th scope="col" className="num">Prompt tokens</th>
            {passes && (
              <th scope="col" className="num" title="Prompt tokens of the logits-only passes, included in Prompt tokens (EGB Table 4)">
                of which logit passes
              </th>
            )}
            <th scope="col" className="num">Completion tokens</th>
            <th scope="col" className="num" title="Estimated from the price table above">
              Cost / task
            </th>
            <th scope="col" className="num">ms / task</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.env}/${row.strategy}`}>
              <td>{envLabel(row.env)}</td>
              <td>
                <span className="swatch" style={{ background: strategyColor(row.strategy) }} /> {strategyLabel(row.strategy)}
              </td>
              <td className="num">{row.tasks}</td>
              <td className="num">
                <WithInterval row={row} column="success" format={formatPercent} />
              </td>
              <td className="num">
                <WithInterval row={row} column="progress" format={formatPercent} />
              </td>
              {metrics.map((column) => (
                <td key={column.key} className="num">
                  {row.metrics[column.key] === undefined ? '' : <WithInterval row={row} column={column.key} format={column.share ? formatPercent : formatNumber} />}
                </td>
              ))}
              {fills && <td className="small">{fillText(row)}</td>}
              <td className="num">
                <WithInterval row={row} column="llmCalls" format={formatNumber} />
              </td>
              {passes && <td className="num">{formatNumber(row.logitPasses)}</td>}
              <td className="num">{formatNumber(row.promptTokens)}</td>
              {passes && <td className="num">{formatNumber(row.logitPromptTokens ?? 0)}</td>}
              <td className="num">{formatNumber(row.completionTokens)}</td>
              <td className="num">{formatUsd(row.costUsd)}</td>
              <td className="num">{formatNumber(row.msPerTask)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
