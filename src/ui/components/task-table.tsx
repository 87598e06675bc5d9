import { useState } from 'react';
import type { TaskResult } from '../../core/run/results';
import { traceKey } from '../../core/run/results';
import { envLabel, formatNumber, formatPercent, strategyLabel } from './labels';

/** Rows rendered at first; more on request, so that a long run does not slow the page. */
const PAGE = 100;

interface TaskTableProps {
  results: TaskResult[];
  /** The trace shown in Inspect, highlighted here. */
  selected: string | undefined;
  /** Picks a row's trace; absent while a run streams (traces arrive with the result). */
  onSelect?(key: string): void;
}

/** One row per task run; clicking a row opens its trace in Inspect. */
export function TaskTable({ results, selected, onSelect }: TaskTableProps) {
  const [shown, setShown] = useState(PAGE);
  const rows = results.slice(0, shown);
  return (
    <div className="table-scroll tall">
      <table className={`data-table ${onSelect ? 'clickable' : ''}`} data-testid="task-table">
        <caption>Task runs{onSelect ? ' (click a row to inspect its trace)' : ''}</caption>
        <thead>
          <tr>
            <th scope="col">Environment</th>
            <th scope="col">Strategy</th>
            <th scope="col" className="num">Seed</th>
            <th scope="col">Task</th>
            <th scope="col">Kind</th>
            <th scope="col">Success</th>
            <th scope="col" className="num">Progress</th>
            <th scope="col" className="num">Steps</th>
            <th scope="col" className="num">Invalid</th>
            <th scope="col" className="num">LLM calls</th>
            <th scope="col" className="num">Tokens in / out</th>
            <th scope="col" className="num">ms</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((result) => {
            const key = traceKey(result);
            return (
              <tr
                key={key}
                className={key === selected ? 'selected' : undefined}
                onClick={onSelect && (() => onSelect(key))}
                onKeyDown={
                  onSelect &&
                  ((event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    onSelect(key);
                  })
                }
                tabIndex={onSelect ? 0 : undefined}
                aria-selected={onSelect ? key === selected : undefined}
                data-key={key}
              >
                <td>{envLabel(result.env)}</td>
                <td>{strategyLabel(result.strategy)}</td>
                <td className="num">{result.seed}</td>
                <td className="mono">{result.taskId}</td>
                <td>{result.taskKind}</td>
                <td>
                  <span className={result.success ? 'pill ok' : 'pill failed'}>{result.success ? 'yes' : 'no'}</span>
                </td>
                <td className="num">{formatPercent(result.progress)}</td>
                <td className="num">{result.steps}</td>
                <td className="num">{result.invalidSteps}</td>
                <td className="num">{result.llmCalls}</td>
                <td className="num">
                  {formatNumber(result.promptTokens)} / {formatNumber(result.completionTokens)}
                </td>
                <td className="num">{formatNumber(result.ms)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {results.length > shown && (
        <button type="button" className="link" onClick={() => setShown(shown + PAGE * 5)} data-testid="more-rows">
          Show more ({results.length - shown} not shown)
        </button>
      )}
    </div>
  );
}
