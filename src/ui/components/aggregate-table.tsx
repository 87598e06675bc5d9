import type { AggregateRow } from '../../core/run/results';
import { envLabel, formatNumber, formatPercent, strategyColor, strategyLabel } from './labels';

/** Per-task means by environment and strategy: success, progress and cost. */
export function AggregateTable({ rows }: { rows: AggregateRow[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="aggregate-table">
        <caption>Means per task run (tasks × seeds)</caption>
        <thead>
          <tr>
            <th scope="col">Environment</th>
            <th scope="col">Strategy</th>
            <th scope="col" className="num">Task runs</th>
            <th scope="col" className="num">Success</th>
            <th scope="col" className="num">Progress</th>
            <th scope="col" className="num">LLM calls</th>
            <th scope="col" className="num">Prompt tokens</th>
            <th scope="col" className="num">Completion tokens</th>
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
              <td className="num">{formatNumber(row.llmCalls)}</td>
              <td className="num">{formatNumber(row.promptTokens)}</td>
              <td className="num">{formatNumber(row.completionTokens)}</td>
              <td className="num">{formatNumber(row.msPerTask)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
