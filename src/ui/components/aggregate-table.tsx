import type { CostRow } from './cost-charts';
import { envLabel, formatNumber, formatPercent, formatUsd, strategyColor, strategyLabel } from './labels';

/** Environment metrics the table shows when some row has them (SLATE's step-wise metrics, EGB Table 3). */
const METRIC_COLUMNS: { key: string; label: string; title: string }[] = [
  { key: 'toolMatch', label: 'Tool match', title: 'Among substeps that need a tool: share where the chosen tool is the reference tool' },
  { key: 'actionIdAcc', label: 'Action ID acc.', title: 'Share of substeps where tool or no tool was decided right' },
];

/**
 * Per-task means by environment and strategy: success, progress and cost, plus SLATE's step-wise
 * metrics and logits-only passes (counted apart from generation calls, as in EGB Table 4) when present.
 */
export function AggregateTable({ rows }: { rows: CostRow[] }) {
  const metrics = METRIC_COLUMNS.filter((column) => rows.some((row) => row.metrics[column.key] !== undefined));
  const passes = rows.some((row) => row.logitPasses > 0);
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="aggregate-table">
        <caption>Means per task run (tasks × seeds); on SLATE, success is execution success</caption>
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
              <td className="num">{formatPercent(row.success)}</td>
              <td className="num">{formatPercent(row.progress)}</td>
              {metrics.map((column) => (
                <td key={column.key} className="num">
                  {row.metrics[column.key] === undefined ? '' : formatPercent(row.metrics[column.key])}
                </td>
              ))}
              <td className="num">{formatNumber(row.llmCalls)}</td>
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
