import { useId, useMemo, useRef, useState } from 'react';
import { useRovingRows } from '../common/roving-rows';
import type { TaskResult } from '../../../core/run/results';
import { traceKey } from '../../../core/run/results';
import { envLabel, envShortLabel, formatNumber, formatPercent, strategyColor, strategyLabel } from '../common/labels';
import { FilterSelect, SortHeader } from './table-controls';
import { distinctValues, filterRows, nextSort, sortRows, type Filters, type SortState, type SortValue } from './table-sort';
import { sortByLabel } from './sort-by-label';
import { metricHoverText } from '../../../core/run/glossary';

/** The columns that are not metrics, in words (the metric columns show their glossary entries). */
const COLUMN_WORDS = {
  env: 'Environment: the benchmark the task comes from (its tools, tasks and checks).',
  strategy: 'Strategy: the tool-selection method that ran the task (each from its paper).',
  seed: "Seed: the run's repeat; the same seed gives the same model draws, so two strategies on one task and seed form a pair.",
  taskId: "Task: the task's id in its environment's split.",
  taskKind: "Kind: the environment's grouping of its tasks (tool scale, task type), which the by-kind chart splits on.",
  ms: metricHoverText('msPerTask'),
};

/** Rows rendered at first; more on request, so that a long run does not slow the page. */
const PAGE = 100;

interface TaskTableProps {
  results: TaskResult[];
  /** The trace shown in Inspect, highlighted here. */
  selected: string | undefined;
  /** Picks a row's trace; absent while a run streams (traces arrive with the result). */
  onSelect?(key: string): void;
}

/** What each column sorts by: labels for names, numbers for counts, yes after no for success. */
const sortValue = sortByLabel<TaskResult>((result, column) => (column === 'tokens' ? result.promptTokens : (result as unknown as Record<string, SortValue>)[column]));

/** The value a filter compares: ids for environment and strategy, the kind, and the outcome. */
function filterField(result: TaskResult, key: string): string {
  switch (key) {
    case 'env':
      return result.env;
    case 'strategy':
      return result.strategy;
    case 'kind':
      return result.taskKind;
    default:
      return result.success ? 'success' : 'failed';
  }
}

const OUTCOMES = [
  { value: 'success', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
];

/**
 * One row per task run; clicking a row (or Enter on it) opens its trace in Inspect. The table is one
 * tab stop, its rows reached with the arrow keys (useRovingRows). Sorted by a click on a column's
 * header and filtered by environment, strategy, kind and outcome, before the rows are paged. As in
 * the means table, the strategy's column stays in view when the table scrolls sideways (a narrow
 * screen): a row is read by whose run it is.
 */
export function TaskTable({ results, selected, onSelect }: TaskTableProps) {
  const titleId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const roving = useRovingRows(tableRef);
  const [shown, setShown] = useState(PAGE);
  const [sort, setSort] = useState<SortState | undefined>();
  const [filters, setFilters] = useState<Filters>({});
  const envs = useMemo(() => distinctValues(results, (r) => r.env), [results]);
  const strategies = useMemo(() => distinctValues(results, (r) => r.strategy), [results]);
  const kinds = useMemo(() => distinctValues(results, (r) => r.taskKind), [results]);
  // A filter whose value left the table (another run on screen) keeps every row.
  const active: Filters = {
    env: filters.env && envs.includes(filters.env) ? filters.env : undefined,
    strategy: filters.strategy && strategies.includes(filters.strategy) ? filters.strategy : undefined,
    kind: filters.kind && kinds.includes(filters.kind) ? filters.kind : undefined,
    outcome: filters.outcome,
  };
  const matching = useMemo(
    () => sortRows(filterRows(results, active, filterField), sort, sortValue),
    [results, active.env, active.strategy, active.kind, active.outcome, sort],
  );
  const rows = matching.slice(0, shown);
  const filtered = Object.values(active).some(Boolean);
  const setFilter = (key: string) => (value: string | undefined) => {
    setFilters({ ...filters, [key]: value });
    setShown(PAGE);
  };
  const header = (column: string, label: string, className?: string, title?: string) => (
    <SortHeader column={column} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} className={className} title={title}>
      {label}
    </SortHeader>
  );
  return (
    <div className="table-block" data-testid="task-block">
      <div className="table-toolbar">
        <p className="table-title" id={titleId}>
          Task runs{onSelect ? ' (click a row, or move with the arrow keys and press Enter, to inspect its trace)' : ''}
        </p>
        <div className="table-filters" role="group" aria-label="Filter the task runs">
          {envs.length > 1 && (
            <FilterSelect label="Environment" all="All" value={active.env} options={envs.map((env) => ({ value: env, label: envLabel(env) }))} onChange={setFilter('env')} testId="task-filter-env" />
          )}
          {strategies.length > 1 && (
            <FilterSelect
              label="Strategy"
              all="All"
              value={active.strategy}
              options={strategies.map((strategy) => ({ value: strategy, label: strategyLabel(strategy) }))}
              onChange={setFilter('strategy')}
              testId="task-filter-strategy"
            />
          )}
          {kinds.length > 1 && <FilterSelect label="Kind" all="All" value={active.kind} options={[...kinds].sort().map((kind) => ({ value: kind, label: kind }))} onChange={setFilter('kind')} testId="task-filter-kind" />}
          <FilterSelect label="Outcome" all="All" value={active.outcome} options={OUTCOMES} onChange={setFilter('outcome')} testId="task-filter-outcome" />
          <span className="table-count muted" data-testid="task-filter-count">
            {filtered ? `${matching.length} of ${results.length} task runs` : `${results.length} task runs`}
          </span>
          {filtered && (
            <button type="button" className="link small" onClick={() => (setFilters({}), setShown(PAGE))} data-testid="task-filter-clear">
              Clear filters
            </button>
          )}
        </div>
      </div>
      <div className="table-scroll tall">
        <table className={`data-table sortable sticky-strategy ${onSelect ? 'clickable' : ''}`} data-testid="task-table" aria-labelledby={titleId} ref={tableRef} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
          <thead>
            <tr>
              {header('env', 'Environment', undefined, COLUMN_WORDS.env)}
              {header('strategy', 'Strategy', undefined, COLUMN_WORDS.strategy)}
              {header('seed', 'Seed', 'num', COLUMN_WORDS.seed)}
              {header('taskId', 'Task', undefined, COLUMN_WORDS.taskId)}
              {header('success', 'Success', undefined, metricHoverText('success'))}
              {header('progress', 'Progress', 'num', metricHoverText('progress'))}
              {header('steps', 'Steps', 'num', metricHoverText('steps'))}
              {header('invalidSteps', 'Invalid', 'num', metricHoverText('invalidSteps'))}
              {header('llmCalls', 'LLM calls', 'num', metricHoverText('llmCalls'))}
              {header('tokens', 'Tokens in / out', 'num', `Sorts by input (prompt) tokens. ${metricHoverText('promptTokens')} ${metricHoverText('completionTokens')}`)}
              {header('taskKind', 'Kind', undefined, COLUMN_WORDS.taskKind)}
              {header('ms', 'ms', 'num', COLUMN_WORDS.ms)}
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
                  aria-selected={onSelect ? key === selected : undefined}
                  data-key={key}
                >
                  <td title={envLabel(result.env)} data-column="env">
                    {envShortLabel(result.env)}
                  </td>
                  <td data-column="strategy">
                    <span className="swatch" style={{ background: strategyColor(result.strategy) }} /> {strategyLabel(result.strategy)}
                  </td>
                  <td className="num">{result.seed}</td>
                  <td className="mono">{result.taskId}</td>
                  <td>
                    <span className={result.success ? 'pill ok' : 'pill failed'}>{result.success ? 'yes' : 'no'}</span>
                    {result.outcome === 'context-overflow' && (
                      <>
                        {' '}
                        <span className="pill failed" data-testid="task-overflow" title="A prompt was longer than the model's context window, and the run's overflow setting ended the task run there: its calls and tokens stop at that prompt.">
                          context overflow
                        </span>
                      </>
                    )}
                  </td>
                  <td className="num">{formatPercent(result.progress)}</td>
                  <td className="num">{result.steps}</td>
                  <td className="num">{result.invalidSteps}</td>
                  <td className="num">
                    {result.llmCalls}
                    {result.trimmedCalls ? (
                      <>
                        {' '}
                        <span className="muted small" data-testid="task-trimmed" title="Calls whose prompt was longer than the model's context window: the run's overflow setting (trim) dropped their oldest steps, keeping the instruction.">
                          ({result.trimmedCalls} trimmed)
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td className="num">
                    {formatNumber(result.promptTokens)} / {formatNumber(result.completionTokens)}
                  </td>
                  <td>{result.taskKind}</td>
                  <td className="num">{formatNumber(result.ms)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {matching.length === 0 && <p className="table-empty muted small">No task runs match the filters.</p>}
      {matching.length > shown && (
        <button type="button" className="link" onClick={() => setShown(shown + PAGE * 5)} data-testid="more-rows">
          Show more ({matching.length - shown} not shown)
        </button>
      )}
    </div>
  );
}
