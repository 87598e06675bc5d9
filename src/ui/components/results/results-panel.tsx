import { useMemo, type ReactNode } from 'react';
import { VIEWS, type View } from '../../page-link';
import type { ClaimRun } from '../../../core/run/claims';
import { PapersView } from './papers-view';
import { PairedView } from './paired-view';
import { liveRows, useStore, type AppState } from '../../store';
import { AggregateTable } from './aggregate-table';
import type { CostRow } from '../charts/cost-charts';
import { CostCharts, EnvBreakdowns } from '../charts/lazy-charts';
import { PriceEditor } from './price-editor';
import { costUsd, priceOf, priceWords, shortPriceWords } from '../../../core/run/prices';
import { ExportButtons } from './export-buttons';
import { OpenRun } from './open-run';
import { StaleNotice } from './stale-notice';
import { RunSummary } from './run-summary';
import { StagedRelease } from '../charts/staged-release';
import { TaskTable } from './task-table';
import { useThrottledStore } from '../common/use-throttled-store';
import { exportContext } from './export-context';
import { limitsOnScreen } from './run-limits';
import { LimitsNotice } from './limits-notice';
import { usePredictCovered } from '../../lessons/predict-cover';

const selectLiveResults = (state: AppState) => state.liveResults;

/** Brings the Inspect section into view after a row was picked. */
function showInspect() {
  document.getElementById('inspect')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

const VIEW_TITLES: Record<View, string> = { results: 'Results', paired: 'Paired comparison', papers: 'Papers', sweep: 'Sweep' };

/** The views of Results as tabs; the open one travels in the link. */
function ViewTabs({ view, onView }: { view: View; onView(view: View): void }) {
  return (
    <div className="view-tabs" role="tablist" aria-label="Results views">
      {VIEWS.map((v) => (
        <button key={v} type="button" role="tab" aria-selected={view === v} className={`view-tab${view === v ? ' active' : ''}`} data-testid={`view-${v}`} onClick={() => onView(v)}>
          {VIEW_TITLES[v]}
        </button>
      ))}
    </div>
  );
}

/**
 * Results: success and progress against cost per environment, the aggregate table and the
 * per-task table. While a run streams they fill from the live task results; afterwards they show
 * the stored result (also after a reload), which can be exported.
 */
export function ResultsPanel({
  onOpenClaim,
  sweep,
  consent,
  predictCover,
}: {
  onOpenClaim(run: ClaimRun): void;
  sweep: ReactNode;
  consent?: ReactNode;
  /** In place of the views while a lesson is at Predict and a result (or a run) on screen may answer its question. */
  predictCover?: ReactNode;
}) {
  const view = useStore((state) => state.view);
  const setView = useStore((state) => state.setView);
  const baseline = useStore((state) => state.baseline);
  const setBaseline = useStore((state) => state.setBaseline);
  const status = useStore((state) => state.status);
  const notice = useStore((state) => state.notice);
  // Charts and tables are the heaviest part of the page: they follow a streaming run a few times a second.
  const liveResults = useThrottledStore(selectLiveResults);
  const result = useStore((state) => state.result);
  const origin = useStore((state) => state.origin);
  const error = useStore((state) => state.error);
  const selectedTrace = useStore((state) => state.selectedTrace);
  const selectTrace = useStore((state) => state.selectTrace);
  const modelId = useStore((state) => state.config.model);
  const running = status === 'running';
  const live = useMemo(() => (running ? liveRows(liveResults) : []), [running, liveResults]);
  const prices = useStore((state) => state.prices);
  const model = running ? modelId : (result?.config.model ?? modelId);
  const aggregateRows = running ? live : (result?.rows ?? []);
  const rows: CostRow[] = useMemo(
    () =>
      aggregateRows.map((row) => {
        const price = priceOf(model, prices);
        // Dollars with the cache the run models, and as if no prompt token were cached.
        const uncached = row.cachedPromptTokens === undefined ? {} : { costUsdUncached: costUsd({ promptTokens: row.promptTokens, completionTokens: row.completionTokens }, price) };
        return { ...row, costUsd: costUsd(row, price), ...uncached };
      }),
    [aggregateRows, model, prices],
  );
  const chartPrices = useMemo(() => {
    const price = priceOf(model, prices);
    return { short: shortPriceWords(price), words: priceWords(model, price) };
  }, [model, prices]);
  const config = useStore((state) => state.config);
  // The run's record names the window it ran under (a server's report, a WebLLM record); a streaming run tells it before its first task.
  const liveWindow = useStore((state) => state.liveWindow);
  const limits = useMemo(() => limitsOnScreen(running, config, result, liveWindow), [running, config, result, liveWindow]);
  const results = running ? liveResults : (result?.results ?? []);
  // A lesson at Predict: the views are covered (src/ui/lessons/predict-cover.tsx), the charts leave as for another view.
  const covered = usePredictCovered() && predictCover !== undefined;
  // The Results view's tables follow a streaming run; its charts show the finished run only.
  const tables = !covered && view === 'results' && rows.length > 0;
  const charted = tables && !running;
  // What each environment's chart files say about the run (model, encoder, tasks × seeds).
  const contexts = useMemo(() => (result ? Object.fromEntries([...new Set(result.rows.map((row) => row.env))].map((env) => [env, exportContext(result, env)])) : undefined), [result]);

  return (
    <section className="panel results" aria-labelledby="results-title">
      <div className="panel-head">
        <h2 id="results-title">Results</h2>
        <div className="export-buttons">
          <OpenRun disabled={running} />
          {!running && result && <ExportButtons result={result} />}
        </div>
      </div>
      {consent}
      {notice && (
        <p className="notice small" data-testid="stored-notice">
          {notice}
        </p>
      )}
      <RunSummary status={status} result={result} liveCount={liveResults.length} modelId={modelId} origin={origin} error={error} />
      {!running && result && <StaleNotice result={result} />}
      {!covered && <ViewTabs view={view} onView={setView} />}
      {covered ? (
        predictCover
      ) : view === 'papers' ? (
        <PapersView result={running ? undefined : result} onOpen={onOpenClaim} />
      ) : view === 'paired' ? (
        running || !result ? (
          <p className="empty muted">{running ? 'The paired comparison shows once the run is done.' : 'No results yet: choose a setup and press Run.'}</p>
        ) : (
          <PairedView
            result={result}
            baseline={baseline}
            onBaseline={setBaseline}
            onCompare={(key, other) => {
              selectTrace(key, other);
              showInspect();
            }}
          />
        )
      ) : view === 'sweep' ? (
        sweep
      ) : rows.length === 0 ? (
        <p className="empty muted">{running ? 'Waiting for the first task to finish…' : 'No results yet: choose a setup and press Run.'}</p>
      ) : (
        running && (
          <p className="muted small" data-testid="charts-after-run">
            The charts draw when the run ends: redrawing them as tasks stream in would slow the run. The table below follows it.
          </p>
        )
      )}
      {tables && <LimitsNotice rows={rows} limits={limits} />}
      {/* The charts of the run before leave in slices when a run starts or another view opens (issue 13):
          hidden at once, then a chart per task; for that they stay in one place in the tree. */}
      <StagedRelease show={charted}>{charted && <CostCharts rows={rows} contexts={contexts} limits={limits} prices={chartPrices} />}</StagedRelease>
      {tables && (
        <>
          <PriceEditor model={model} />
          <AggregateTable rows={rows} limits={limits} />
        </>
      )}
      <StagedRelease show={charted}>{charted && <EnvBreakdowns results={results} price={priceOf(model, prices)} contexts={contexts} limits={limits} />}</StagedRelease>
      {tables && (
        <TaskTable
          results={results}
          selected={running ? undefined : selectedTrace}
          onSelect={
            running
              ? undefined
              : (key) => {
                  selectTrace(key);
                  showInspect();
                }
          }
        />
      )}
    </section>
  );
}
