import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TraceEvent } from '../../../core/trace';
import { traceKey, type RunResult } from '../../../core/run/results';
import { loadTrace } from '../../../backends/run-store';
import { useStore, type AppState } from '../../store';
import { StrategyGraphView } from '../graphs/strategy-graph-view';
import { TracePicker } from './trace-picker';
import { TraceSteps } from './trace-steps';
import { traceBlocks } from './trace-blocks';
import { blockLine } from './trace-summary';
import { useThrottledStore } from '../common/use-throttled-store';
import { TraceCompare } from '../charts/lazy-charts';
import { StagedRelease } from '../charts/staged-release';
import { isShipped, loadShippedTrace } from '../../shipped-result';
import { promptsOf } from '../../../core/llm/prompt-delta';
import { exportContext, traceContextLine, type TraceChartFile } from '../results/export-context';
import { envLabel, strategyLabel } from '../common/labels';
import { usePredictCovered } from '../../lessons/predict-cover';
import { traceModel, type TraceModel } from './trace-model';
import { TraceModelBadge } from './trace-model-badge';
import { traceFile } from './trace-file';
import { describeModel } from '../../../core/llm/model-families';
import { download } from '../common/download';

// The drawing library loads with the first branch tree opened, not with the page.
const EgbBranchTree = lazy(() => import('../graphs/egb-branch-tree').then((module) => ({ default: module.EgbBranchTree })));

const selectLiveTrace = (state: AppState) => state.liveTrace;

/** How many of the running task's latest steps the live view lists. */
const LIVE_STEPS = 8;

/**
 * The task running now, its latest steps one line each, as its events stream in. Light on purpose:
 * the full trace (search, token chart, prompts) is for a finished run; drawing it twice a second
 * took main-thread time the run needed (issue 13).
 */
function LiveTrace() {
  const liveTrace = useThrottledStore(selectLiveTrace);
  const modelId = useStore((state) => state.config.model);
  const dials = useStore((state) => state.config.dials);
  const model = useMemo(() => traceModel({ id: modelId, ...describeModel(modelId) }, dials), [modelId, dials]);
  const lines = useMemo(() => {
    const blocks = liveTrace ? traceBlocks(liveTrace.events) : [];
    const folded = blocks.filter((block) => block.kind === 'step' || block.kind === 'reflection');
    return { total: folded.length, shown: folded.slice(-LIVE_STEPS).map((block) => blockLine(block)) };
  }, [liveTrace]);
  if (!liveTrace) return <p className="muted">Waiting for the first task…</p>;
  return (
    <div className="live-trace" data-testid="live-trace">
      <TraceModelBadge model={model} />
      <p>
        <span className="badge badge-live">live</span> <span className="mono">{liveTrace.key}</span>{' '}
        <span className="muted small">
          {lines.total > LIVE_STEPS ? `the last ${LIVE_STEPS} of ${lines.total} steps` : `${lines.total} ${lines.total === 1 ? 'step' : 'steps'}`}; the full trace opens here when the run is done
        </span>
      </p>
      <ol className="trace live-steps">
        {lines.shown.map((line, index) => (
          <li key={lines.total - lines.shown.length + index} className="block-line-static small">
            {line.text}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The EGB branch tree, drawn only once opened (the graph needs a visible, sized box). */
function BranchTreeDetails({ events, open, setOpen }: { events: TraceEvent[]; open: boolean; setOpen(open: boolean): void }) {
  return (
    <details className="branch-tree-details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>EGB branch tree</summary>
      {open && (
        <Suspense fallback={<p className="muted">Loading the branch tree…</p>}>
          <EgbBranchTree events={events} />
        </Suspense>
      )}
    </details>
  );
}

/** The trace with each model call's full prompt as `messages` (the trace stores the change from the call before). */
function withPrompts(events: TraceEvent[]): TraceEvent[] {
  const prompts = promptsOf(events);
  return events.map((event) => (event.type === 'llm-call' && prompts.has(event) ? { ...event, messages: prompts.get(event) } : event));
}

/**
 * The trace of a task: in the result, or read from the run store (the worker keeps traces there).
 * `missing` once the store was read and did not have it (removed from this browser, say).
 */
function useTrace(result: RunResult | undefined, key: string | undefined): { events: TraceEvent[] | undefined; missing: boolean } {
  const [loaded, setLoaded] = useState<{ runId: string; key: string; events: TraceEvent[] | undefined } | undefined>(undefined);
  const inResult = result && key && Object.hasOwn(result.traces, key) ? result.traces[key] : undefined;
  useEffect(() => {
    if (!result || !key || inResult) return;
    let current = true;
    // The shipped result's traces ship apart, gzipped; a run's are in the run store.
    void (isShipped(result) ? loadShippedTrace(key) : loadTrace(result, key)).then((events) => current && setLoaded({ runId: result.id, key, events }));
    return () => {
      current = false;
    };
  }, [result, key, inResult]);
  if (inResult) return { events: inResult, missing: false };
  const read = loaded && result && loaded.runId === result.id && loaded.key === key ? loaded : undefined;
  return { events: read?.events, missing: read !== undefined && read.events === undefined };
}

/** Downloads the trace on screen as JSON, the model that wrote it stated before its events. */
function TraceExport({ traceKey: key, model, events }: { traceKey: string; model: TraceModel; events: TraceEvent[] }) {
  return (
    <button
      type="button"
      className="small-button"
      data-testid="trace-export-json"
      title="This trace as JSON: which task run, the model that wrote it, then every event"
      onClick={() => download(`toolwise-trace-${key.replaceAll('/', '_')}.json`, JSON.stringify(traceFile(key, model, events), null, 2), 'application/json')}
    >
      Download trace (JSON)
    </button>
  );
}

/**
 * Inspect: pick an environment, strategy, seed and task of the last run and read its trace step by
 * step (EGB runs also as a branch tree). While a run streams, the running task's trace is shown live.
 */
export function TraceView({
  onReproduce,
  predictCover,
}: {
  onReproduce(): void;
  /** In place of the traces while a lesson is at Predict, as over Results' views: a trace's end is the task's outcome. */
  predictCover?: ReactNode;
}) {
  const running = useStore((state) => state.status === 'running');
  const result = useStore((state) => state.result);
  const selectedTrace = useStore((state) => state.selectedTrace);
  const compareTrace = useStore((state) => state.compareTrace);
  const selectTrace = useStore((state) => state.selectTrace);
  const current = useMemo(() => result?.results.find((r) => traceKey(r) === selectedTrace), [result, selectedTrace]);
  // The trace charts' files say which task run of which run they show (issue 29: exports keep their context).
  const file = useMemo((): TraceChartFile | undefined => {
    if (!result || !current) return undefined;
    const subtitle = traceContextLine(exportContext(result, current.env), current.taskId, current.seed);
    return { env: current.env, about: `${envLabel(current.env)}, ${strategyLabel(current.strategy)}, task ${current.taskId}, seed ${current.seed}`, subtitle };
  }, [result, current]);
  const { events: stored, missing } = useTrace(result, selectedTrace);
  // Each model call's prompt, read back whole from the trace's deltas, for Inspect to show on demand.
  const events = useMemo(() => stored && withPrompts(stored), [stored]);
  const compared = useTrace(result, compareTrace).events;
  const hasEntropy = events?.some((event) => event.type === 'entropy') ?? false;
  // The branch tree stays open from task to task of an EGB strategy, also while the next trace loads.
  const [treeOpen, setTreeOpen] = useState(false);
  const lastTree = useRef<{ strategy?: string; entropy: boolean }>({ entropy: false });
  if (events) lastTree.current = { strategy: current?.strategy, entropy: hasEntropy };
  // A lesson at Predict (src/ui/lessons/predict-cover.tsx): no trace, live or stored, until its Run or a reveal.
  const covered = usePredictCovered() && predictCover !== undefined;
  const shown = !covered && !running && result !== undefined && result.results.length > 0;
  const model = useMemo(() => result && traceModel(result.model, result.config.dials), [result]);
  const showTree = hasEntropy || (!events && lastTree.current.entropy && lastTree.current.strategy === current?.strategy);

  return (
    <section className="panel inspect" id="inspect" aria-labelledby="inspect-title">
      <h2 id="inspect-title">Inspect</h2>
      {covered ? (
        predictCover
      ) : running ? (
        <LiveTrace />
      ) : (
        !shown && <p className="muted">Run something first; then pick a task here, or click a row of the task table.</p>
      )}
      {/* A trace and its token chart leave in slices when a run starts (issue 13), like the results' charts. */}
      <StagedRelease show={shown}>
        {shown && (
          <>
            <TracePicker results={result.results} current={current} onPick={selectTrace} />
            {model && (
              <div className="trace-model-row">
                <TraceModelBadge model={model} />
                {events && selectedTrace && <TraceExport traceKey={selectedTrace} model={model} events={stored ?? events} />}
              </div>
            )}
            {compareTrace && selectedTrace && (events || compared) && (
              <TraceCompare leftKey={selectedTrace} rightKey={compareTrace} left={events} right={compared} file={file} model={model} onClose={() => selectTrace(selectedTrace)} />
            )}
            {showTree && <BranchTreeDetails events={events ?? []} open={treeOpen} setOpen={setTreeOpen} />}
            <StrategyGraphView result={result} />
            {isShipped(result) && !events ? (
              <p className="notice small" data-testid="trace-missing">
                {missing ? 'The shipped traces could not be read. ' : 'Loading the shipped trace\u2026 '}
                {missing && (
                  <>
                    <button type="button" className="small-button" data-testid="reproduce" onClick={onReproduce}>
                      Reproduce the run here
                    </button>{' '}
                    to read every trace; it gives the same numbers.
                  </>
                )}
              </p>
            ) : events ? (
              <TraceSteps events={events} file={file} />
            ) : (
              <p className="muted" data-testid="trace-missing">
                {result.traceKeys?.includes(selectedTrace ?? '')
                  ? missing
                    ? 'This trace is listed with the run but is no longer stored in this browser (its site data was cleared, or an older version of the page removed it). The numbers above still count it; run the setup again to read it.'
                    : 'Loading the trace…'
                  : result.tracesOmitted
                    ? 'This task run\u2019s trace was not kept: the run had more task runs than the page keeps traces for. Run fewer tasks or strategies to read it.'
                    : 'No trace was recorded for this task.'}
              </p>
            )}
          </>
        )}
      </StagedRelease>
    </section>
  );
}
