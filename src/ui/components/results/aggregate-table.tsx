import { metricHoverText } from '../../../core/run/glossary';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CostRow } from '../charts/cost-charts';
import { metricSpec } from '../../catalog';
import { envLabel, formatNumber, formatPercent, formatterOf, formatUsd, strategyColor, strategyLabel } from '../common/labels';
import { FilterSelect, SortHeader } from './table-controls';
import { ColumnPicker } from './column-picker';
import { useColumnChoice } from './column-choice';
import { isShown, shownByDefault } from './table-columns';
import { useRovingRows } from '../common/roving-rows';
import { activeStory } from '../common/story-bar';
import { useStore } from '../../store';
import { distinctValues, filterRows, nextSort, sortRows, type Filters, type SortState, type SortValue } from './table-sort';
import { sortByLabel } from './sort-by-label';
import { cacheWords, overflowedRuns, overflowWords, secondsNote, trimWords, windowNote, type RunLimits } from './run-limits';
import { foldsOwnMetrics, ownMetricOwners } from './own-metrics';

const PARAM_FILL = /^param(Tried|Ok)_(.+)$/;

/** Seconds on the run's device, as the dollars beside them: enough digits for a short task. */
const formatLocalSeconds = (value: number) => `${value < 10 ? value.toFixed(2) : formatNumber(value)} s`;

/** Tokens per task as whole numbers: with one decimal, an interval read "[33,172.8, 36,371.1]". */
const formatTokens = (value: number) => Math.round(value).toLocaleString('en-US');

const INTERVAL_TITLE = '95% interval by the metric\'s kind: Wilson for rates (an outcome per run), a bootstrap over tasks for shares, counts and means (a task\'s seeds resampled together)';

/** A column's value: a field of the row, else one of its metrics. */
function cell(row: CostRow, column: string): number {
  return column in row.metrics && !(column in row) ? row.metrics[column] : (row as unknown as Record<string, number>)[column];
}

/** A value with its 95% interval below it, when the row has one (rows stored by older versions do not). */
function WithInterval({ row, column, format }: { row: CostRow; column: string; format: (value: number) => string }) {
  const value = cell(row, column);
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

/** The parameter-filling cell of a row: per source, filled tried / in calls that succeeded (AutoTool Table 8). */
function fillText(row: CostRow): string {
  const sources = [...new Set(Object.keys(row.metrics).map((key) => PARAM_FILL.exec(key)?.[2]).filter((source): source is string => Boolean(source)))].sort();
  return sources.map((source) => `${source} ${formatNumber(row.metrics[`paramTried_${source}`] ?? 0)}/${formatNumber(row.metrics[`paramOk_${source}`] ?? 0)}`).join(' · ');
}

/** What each column sorts by: labels for the names, the numbers behind the formatted cells. */
const sortValue = sortByLabel<CostRow>((row, column): SortValue => {
  switch (column) {
    case 'fills':
      return fillText(row) || undefined;
    case OWN_COLUMN:
      return ownText(row) || undefined;
    case 'logitPromptTokens':
      return row.logitPromptTokens ?? 0;
    default:
      return cell(row, column);
  }
});

/** The column that holds the strategies' own measures where several strategies bring some (`foldsOwnMetrics`). */
const OWN_COLUMN = 'ownMetrics';

/** A row's own measures (the metrics its strategy declares), in the order the table met them. */
function ownEntries(row: CostRow): { key: string; label: string; kind: ReturnType<typeof metricKindOf> }[] {
  return Object.keys(row.metrics)
    .filter((key) => ownMetricOwners(key) !== undefined)
    .map((key) => ({ key, label: metricSpec(key)?.label ?? key, kind: metricKindOf(key) }));
}

const metricKindOf = (key: string) => metricSpec(key)?.kind ?? 'mean';

/** A row's own measures as one line of text (its sort value, and what a screen reader hears first). */
function ownText(row: CostRow): string {
  return ownEntries(row)
    .map((entry) => `${entry.label} ${formatterOf(entry.kind)(row.metrics[entry.key])}`)
    .join(' · ');
}

/** A row's own measures, each on its own line with its interval: "Inertial calls 7 [7, 7]". */
function OwnMeasures({ row }: { row: CostRow }) {
  return (
    <>
      {ownEntries(row).map((entry) => (
        <span key={entry.key} className="own-measure" data-metric={entry.key} title={metricHoverText(entry.key)}>
          {entry.label} <WithInterval row={row} column={entry.key} format={formatterOf(entry.kind)} />
        </span>
      ))}
    </>
  );
}

const filterField = (row: CostRow, key: string) => (key === 'env' ? row.env : row.strategy);

/** A column of the means table: its header, and its cell in a row. */
interface Column {
  key: string;
  label: string;
  className?: string;
  title?: string;
  /** Said of this run before the column's glossary words on hover (the cache, the device). */
  note?: string;
  /** The metrics a folded column holds: it shows by default where one of them would. */
  folds?: string[];
  cell(row: CostRow): ReactNode;
}

/**
 * Said next to a strategy whose prompts listed a retrieved shortlist of tools in place of every
 * tool (a run with listing shortlist or fit, issue 28 item 1): a deviation from its paper.
 */
function ListingNote({ row }: { row: CostRow }) {
  if (!row.shortlisted) return null;
  const share = row.shortlisted === 1 ? '' : ` in ${formatPercent(row.shortlisted)}`;
  return (
    <span className="muted small" data-testid="listing-note" title={`${strategyLabel(row.strategy)}'s prompts listed the tools the embedder retrieved for the task${share ? `${share} of its task runs` : ''}, not every tool: the full listing did not fit the context window, or the run asked for the shortlist (setting listing). Its paper lists every tool.`}>
      {' '}
      (shortlist{share})
    </span>
  );
}

/**
 * Said next to a strategy whose task runs met the model's context window (issue 28 items 1 and 6):
 * a prompt over it ended task runs (`overflow` fail), or prompts were trimmed to fit (`trim`). The
 * words, with the window and the strategy and environment that did not fit, are its title; the
 * columns Context overflows and Trimmed calls carry the figures with their intervals.
 */
function LimitNotes({ row, limits }: { row: CostRow; limits: RunLimits }) {
  const overflow = overflowWords(row, limits);
  const trim = trimWords(row, limits);
  return (
    <>
      {overflow && (
        <span className="limit-note" data-testid="overflow-note" title={overflow}>
          did not fit the window: {overflowedRuns(row)} of {row.tasks}
        </span>
      )}
      {trim && (
        <span className="limit-note trim" data-testid="trim-note" title={trim}>
          prompts trimmed to the window
        </span>
      )}
    </>
  );
}

/** A header's hover and focus words: what this run makes of the column, then its glossary entry. */
function headerTitle(column: Column): string | undefined {
  const words = metricHoverText(column.key) ?? column.title;
  return column.note ? `${column.note}. ${words ?? ''}`.trim() : words;
}

/** Every column the rows can fill, in the table's order. */
function columnsOf(rows: CostRow[], limits: RunLimits): Column[] {
  const present = [...new Set(rows.flatMap((row) => Object.keys(row.metrics)))].filter((key) => key !== 'progress' && !PARAM_FILL.test(key));
  // Where two or more strategies each bring measures of their own (AutoTool's inertial calls,
  // EcoAct's registered tools), a column each was a block of empty cells: they share one column.
  const fold = foldsOwnMetrics(present);
  const keys = fold ? present.filter((key) => ownMetricOwners(key) === undefined) : present;
  const metrics = keys.map((key) => ({ key, ...(metricSpec(key) ?? { label: key, title: key, kind: 'mean' as const }) }));
  const fills = rows.some((row) => Object.keys(row.metrics).some((key) => PARAM_FILL.test(key)));
  const passes = rows.some((row) => row.logitPasses > 0);
  // Columns only runs that model a prompt cache (--cache) or name a device (--local-device) have.
  const uncached = rows.some((row) => row.uncachedPromptTokens !== undefined);
  const seconds = rows.some((row) => row.localSeconds !== undefined);
  // Columns only runs that check context windows (--overflow) have: overflows where any, trims under trim or where any.
  const windowed = rows.some((row) => row.contextOverflows !== undefined);
  const trimmed = windowed && (limits.overflow === 'trim' || rows.some((row) => (row.trimmedCalls ?? 0) > 0));
  const shortlisted = rows.some((row) => row.shortlisted !== undefined);
  const interval = (key: string, format: (value: number) => string) => (row: CostRow) => <WithInterval row={row} column={key} format={format} />;
  // A column some rows lack (a cell of another run's kind): empty there.
  const optional = (key: keyof CostRow, format: (value: number) => string) => (row: CostRow) => (row[key] === undefined ? '' : <WithInterval row={row} column={key} format={format} />);
  const columns: (Column | false)[] = [
    { key: 'env', label: 'Environment', className: 'env-cell', cell: (row) => envLabel(row.env) },
    {
      key: 'strategy',
      label: 'Strategy',
      cell: (row) => (
        <>
          <span className="swatch" style={{ background: strategyColor(row.strategy) }} /> {strategyLabel(row.strategy)}
          <ListingNote row={row} />
          <LimitNotes row={row} limits={limits} />
        </>
      ),
    },
    { key: 'tasks', label: 'Task runs', className: 'num', cell: (row) => row.tasks },
    { key: 'success', label: 'Success', className: 'num', cell: interval('success', formatPercent) },
    { key: 'progress', label: 'Progress', className: 'num', cell: interval('progress', formatPercent) },
    windowed && { key: 'contextOverflows', label: 'Context overflows', className: 'num', note: windowNote(limits), cell: optional('contextOverflows', formatPercent) },
    shortlisted && { key: 'shortlisted', label: 'Shortlisted', className: 'num', cell: optional('shortlisted', formatPercent) },
    ...metrics.map((metric) => ({
      key: metric.key,
      label: metric.label,
      className: 'num',
      title: metric.title,
      cell: (row: CostRow) => (row.metrics[metric.key] === undefined ? '' : <WithInterval row={row} column={metric.key} format={formatterOf(metric.kind)} />),
    })),
    fold && {
      key: OWN_COLUMN,
      label: "Strategy's own measures",
      className: 'own-cell',
      folds: present.filter((key) => ownMetricOwners(key) !== undefined),
      title: "The measures only some strategies report, each the strategy's own (AutoTool's inertial calls, EcoAct's registered tools...), in one column with their 95% intervals: a column each would be empty in every other strategy's row",
      cell: (row: CostRow) => <OwnMeasures row={row} />,
    },
    fills && { key: 'fills', label: 'Parameter filling', className: 'small', title: 'AutoTool Table 8: parameters filled per task by source, tried / in calls that succeeded', cell: fillText },
    { key: 'llmCalls', label: 'LLM calls', className: 'num', cell: interval('llmCalls', formatNumber) },
    trimmed && { key: 'trimmedCalls', label: 'Trimmed calls', className: 'num', note: windowNote(limits), cell: optional('trimmedCalls', formatNumber) },
    passes && { key: 'logitPasses', label: 'Logit passes', className: 'num', title: 'Logits-only forward passes (EGB-Logits), not counted as LLM calls', cell: (row) => formatNumber(row.logitPasses) },
    { key: 'promptTokens', label: 'Prompt tokens', className: 'num', cell: interval('promptTokens', formatTokens) },
    passes && { key: 'logitPromptTokens', label: 'of which logit passes', className: 'num', title: 'Prompt tokens of the logits-only passes, included in Prompt tokens (EGB Table 4)', cell: (row) => formatNumber(row.logitPromptTokens ?? 0) },
    uncached && { key: 'cachedPromptTokens', label: 'of which cached', className: 'num', cell: optional('cachedPromptTokens', formatTokens) },
    uncached && { key: 'uncachedPromptTokens', label: 'of which uncached', className: 'num', title: 'Prompt tokens the run\'s prompt cache did not find cached: what the engine prefills', cell: optional('uncachedPromptTokens', formatTokens) },
    { key: 'completionTokens', label: 'Completion tokens', className: 'num', cell: (row) => formatNumber(row.completionTokens) },
    {
      key: 'costUsd',
      label: 'Cost / task',
      className: 'num',
      title: 'Estimated from the price table above',
      note: uncached && limits.cache ? `This run: cached prompt tokens at the cached-input price, under the cache model ${cacheWords(limits.cache)}; below it, the same tokens with none cached, every prompt token at the input price` : undefined,
      cell: (row) => (
        <>
          {formatUsd(row.costUsd)}
          {row.costUsdUncached !== undefined && (
            <span className="ci" data-testid="cost-uncached" title="The same task runs with no prompt token cached: every prompt token at the input price">
              no cache {formatUsd(row.costUsdUncached)}
            </span>
          )}
        </>
      ),
    },
    seconds && { key: 'localSeconds', label: 'Seconds / task', className: 'num', note: secondsNote(rows, limits), cell: optional('localSeconds', formatLocalSeconds) },
    { key: 'msPerTask', label: 'ms / task', className: 'num', cell: (row) => formatNumber(row.msPerTask) },
  ];
  return columns.filter((column): column is Column => column !== false);
}

/**
 * One means table: the given rows under the given columns, sorted as the block says. Its own tab
 * stop (arrow keys between rows), under a heading naming its environment where the run has several.
 */
function MeansTable({ rows, columns, sort, onSort, labelledBy, env }: { rows: CostRow[]; columns: Column[]; sort: SortState | undefined; onSort(column: string): void; labelledBy: string; env?: string }) {
  const tableRef = useRef<HTMLTableElement>(null);
  const roving = useRovingRows(tableRef);
  const captionId = useId();
  const table = (
    <div className="table-scroll capped">
      <table
        className="data-table sortable sticky-strategy"
        data-testid="aggregate-table"
        data-env={env}
        aria-labelledby={env === undefined ? labelledBy : `${captionId} ${labelledBy}`}
        ref={tableRef}
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column.key} sort={sort} onSort={onSort} className={column.className === 'env-cell' ? undefined : column.className} title={headerTitle(column)}>
                {column.label}
              </SortHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.env}/${row.strategy}`}>
              {columns.map((column) => (
                <td key={column.key} className={column.className} data-column={column.key} title={column.key === 'env' ? envLabel(row.env) : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (env === undefined) return table;
  // The environment's name above its box, where it stays while the table scrolls sideways.
  return (
    <>
      <h4 className="means-env-title" id={captionId} data-testid="aggregate-env-title">
        {envLabel(env)}
      </h4>
      {table}
    </>
  );
}

/**
 * Per-task means by environment and strategy: success, progress and cost, and every metric an
 * environment or strategy reported (SLATE's step-wise metrics, RestBench's correct path, AutoTool's
 * inertial calls and parameter filling as in its Table 8, EcoAct's registrations), plus logits-only
 * passes counted apart from generation calls (EGB Table 4). The columns the story on screen names
 * show, with outcome and cost; the others are one click away in the column picker (table-columns.ts).
 * Sorted by a click on a column's header and filtered by environment and strategy; one tab stop
 * per table, arrow keys between rows; the table scrolls inside its box, its header row and the
 * strategy's column staying in view.
 *
 * A run over several environments gets one table per environment, as its charts are, each under
 * its environment's name and with only the columns its rows fill: one table with every
 * environment's own metrics side by side was mostly empty cells, and at 1440 px it scrolled
 * sideways until the strategy left the screen (household and SLATE: 16 columns in 988 px).
 */
export function AggregateTable({ rows, limits = {} }: { rows: CostRow[]; limits?: RunLimits }) {
  const titleId = useId();
  const [sort, setSort] = useState<SortState | undefined>();
  const [filters, setFilters] = useState<Filters>({});
  const config = useStore((state) => state.config);
  const storyId = activeStory(config)?.id;
  const { choice, set: setChoice, reset: resetChoice } = useColumnChoice();
  const all = columnsOf(rows, limits);
  const shownColumns = (columns: Column[]) =>
    columns.filter((column) => (column.folds ? (choice[column.key] ?? column.folds.some((key) => shownByDefault(key, storyId))) : isShown(column.key, storyId, choice)));
  const envs = distinctValues(rows, (row) => row.env);
  const strategies = distinctValues(rows, (row) => row.strategy);
  // A filter whose value left the table (another run on screen) keeps every row.
  const active: Filters = {
    env: filters.env && envs.includes(filters.env) ? filters.env : undefined,
    strategy: filters.strategy && strategies.includes(filters.strategy) ? filters.strategy : undefined,
  };
  const shown = useMemo(() => sortRows(filterRows(rows, active, filterField), sort, sortValue), [rows, active.env, active.strategy, sort]);
  const filtered = active.env !== undefined || active.strategy !== undefined;
  const grouped = envs.length > 1;
  const onSort = (column: string) => setSort(nextSort(sort, column));
  // Every column some table shows, for the picker.
  const pickable = all.filter((column) => column.key !== 'env' && column.key !== 'strategy');
  const shownKeys = new Set(shownColumns(all).map((column) => column.key));
  return (
    <div className="table-block" data-testid="aggregate-block">
      <div className="table-toolbar">
        <p className="table-title" id={titleId} title={INTERVAL_TITLE}>
          Means per task run (tasks × seeds) with 95% intervals; on SLATE, success is execution success
        </p>
        <div className="table-filters" role="group" aria-label="Filter the means">
          {envs.length > 1 && (
            <FilterSelect label="Environment" all="All" value={active.env} options={envs.map((env) => ({ value: env, label: envLabel(env) }))} onChange={(env) => setFilters({ ...filters, env })} testId="aggregate-filter-env" />
          )}
          {strategies.length > 1 && (
            <FilterSelect
              label="Strategy"
              all="All"
              value={active.strategy}
              options={strategies.map((strategy) => ({ value: strategy, label: strategyLabel(strategy) }))}
              onChange={(strategy) => setFilters({ ...filters, strategy })}
              testId="aggregate-filter-strategy"
            />
          )}
          {filtered && (
            <span className="table-count muted" data-testid="aggregate-filter-count">
              {shown.length} of {rows.length} rows
            </span>
          )}
          <ColumnPicker columns={pickable.map((column) => ({ key: column.key, label: column.label, shown: shownKeys.has(column.key) }))} onToggle={setChoice} onReset={resetChoice} />
        </div>
      </div>
      {grouped ? (
        envs
          .filter((env) => shown.some((row) => row.env === env))
          .map((env) => {
            const envRows = shown.filter((row) => row.env === env);
            // This environment's columns: the ones its own rows fill, without the environment (the caption names it).
            const columns = shownColumns(columnsOf(rows.filter((row) => row.env === env), limits)).filter((column) => column.key !== 'env');
            return <MeansTable key={env} env={env} rows={envRows} columns={columns} sort={sort} onSort={onSort} labelledBy={titleId} />;
          })
      ) : (
        <MeansTable rows={shown} columns={shownColumns(all)} sort={sort} onSort={onSort} labelledBy={titleId} />
      )}
      {shown.length === 0 && <p className="table-empty muted small">No rows match the filters.</p>}
    </div>
  );
}

