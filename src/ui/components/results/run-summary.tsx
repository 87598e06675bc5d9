import type { RunResult } from '../../../core/run/results';
import { envLabel, formatNumber, formatSeconds, strategyLabel } from '../common/labels';
import { SimulatedBadge } from '../common/simulated-badge';
import { modelWindowLine } from './run-limits';
import { describeModel } from '../../../core/llm/model-families';
import { INDICATIVE_BELOW } from '../../../core/run/stories';
import type { ResultOrigin, Status } from '../../store';
import { selectProgress, useThrottledStore } from '../common/use-throttled-store';
import { timeLeftText } from '../../live/run-estimate';

/** The label of a model as shown, stating plainly when it is simulated. */
function modelText(model: RunResult['model']): string {
  if (!model.simulated || /simulated/i.test(model.label)) return model.label;
  return `Simulated model: ${model.label}`;
}

/** The model of the run in progress, from the config. */
function liveModel(modelId: string): RunResult['model'] {
  return { id: modelId, ...describeModel(modelId) };
}

/** Model calls whose tokens were estimated because the server sent no usage. */
function estimatedCalls(result: RunResult): number {
  return result.results.reduce((sum, r) => sum + (r.estimatedUsageCalls ?? 0), 0);
}

/** Task runs per strategy and environment (the fewest, for a cancelled run). */
function runsPerCell(result: RunResult): number {
  return result.rows.length ? Math.min(...result.rows.map((row) => row.tasks)) : 0;
}

interface RunSummaryProps {
  status: Status;
  result: RunResult | undefined;
  liveCount: number;
  modelId: string;
  /** Where the result came from (shipped, stored, run here, opened file). */
  origin?: ResultOrigin;
  /** Why the last run failed, when it did. */
  error?: string;
}

/** Which model ran and how the run ended: done, cancelled with partial results, or still streaming. */
export function RunSummary({ status, result, liveCount, modelId, origin, error }: RunSummaryProps) {
  const running = status === 'running';
  // Time left, from the run's rate so far (issue 42 item 2).
  const progress = useThrottledStore(selectProgress);
  const left = running && progress ? timeLeftText(progress) : undefined;
  const model = running ? liveModel(modelId) : result?.model;
  return (
    <div className="run-summary">
      {model && (
        <p className="model-line" data-testid="model-label">
          {model.simulated && <SimulatedBadge />} {modelText(model)}
        </p>
      )}
      {!running && result?.data && Object.values(result.data).some((d) => d.source === 'imported') && (
        <p className="muted small" data-testid="data-label">
          Data:{' '}
          {Object.entries(result.data)
            .map(([env, d]) => `${envLabel(env)} ${d.source === 'imported' ? `imported (${d.files?.length ? `${d.files.join(', ')}, ` : ''}${formatNumber(d.tasks)} tasks${d.fingerprint ? `; data ${d.fingerprint}` : ''})` : 'bundled'}`)
            .join('; ')}
          .
        </p>
      )}
      {!running && result?.config.constrained && (
        <p className="muted small" data-testid="constrained-note">
          Constrained actions were on: each act reply was a JSON object naming a listed tool (structured output), so no reply was malformed.
        </p>
      )}
      {!running && result && modelWindowLine(result) && (
        // The window the run ran under and where the figure comes from (issue 28 items 1 and 6): a server's report, a WebLLM record, the run's setting; or that a server reported none.
        <p className="muted small" data-testid="model-window">
          {modelWindowLine(result)}
        </p>
      )}
      {!running && result?.embedder && (
        <p className="muted small" data-testid="embedder-label">
          Embedder: {result.embedder.label}
        </p>
      )}
      <p data-testid="run-status" className={`run-status ${running ? 'running' : (result?.status ?? '')}`} data-load-ms={running ? undefined : result?.loadMs?.toFixed(0)}>
        {running && `Streaming: ${liveCount} task run${liveCount === 1 ? '' : 's'} finished so far${progress ? ` of ${progress.total}` : ''}${left ? `, ${left}` : ''}; the 95% intervals come when the run is done.`}
        {/* The shipped result ran in Node, not here (issue 42 item 7): it does not read as a run of this page. */}
        {!running && result?.status === 'done' && origin?.kind === 'shipped' && `${formatNumber(result.results.length)} task runs computed in Node by npm run ship:default (${formatSeconds(result.elapsedMs)} there), not in this page.`}
        {!running && result?.status === 'done' && origin?.kind !== 'shipped' && `Done: ${result.results.length} task runs in ${formatSeconds(result.elapsedMs)}${result.loadMs !== undefined && result.loadMs >= 50 ? `, after ${formatSeconds(result.loadMs)} loading data and models` : ''}.`}
        {!running && result?.status === 'cancelled' && `Cancelled: partial results, ${result.results.length} task runs finished before the cancel.`}
        {!running && result?.status === 'error' && `Ended early: ${result.error ?? 'the model stopped answering'} The ${result.results.length} task runs that finished are shown.`}
      </p>
      {!running && status === 'error' && result && (
        <p className="error small" data-testid="failed-run-note">
          The last run failed, so these are still the results of the run before it. What failed: {error ?? 'the run stopped'}
        </p>
      )}
      {!running && result && origin?.kind === 'opened' && (
        <p className="muted small" data-testid="opened-note">
          Opened from {origin.file}: these numbers were read from the file, not computed in this page.
        </p>
      )}
      {!running && result && origin?.kind === 'shipped' && (
        <p className="muted small" data-testid="shipped-note">
          Shipped with the page{result.embedder ? ` (embedder ${result.embedder.label})` : ''}; its times are Node&rsquo;s. Press Run to compute it in this browser.
        </p>
      )}
      {!running && result?.tracesOmitted ? (
        <p className="muted small" data-testid="traces-omitted">
          Traces kept for the first {formatNumber(result.results.length - result.tracesOmitted)} task runs (an equal share per environment and strategy); the other{' '}
          {formatNumber(result.tracesOmitted)} were not kept, to keep the page light. Every number above counts all {formatNumber(result.results.length)}.
        </p>
      ) : null}
      {!running && result && result.results.length > 0 && runsPerCell(result) < INDICATIVE_BELOW && (
        <p className="notice small" data-testid="indicative-note">
          Indicative: {runsPerCell(result)} task run{runsPerCell(result) === 1 ? '' : 's'} per strategy and environment, so the intervals are wide. Differences whose intervals overlap may be noise; a story or
          60 tasks &times; 3 seeds gives intervals that separate real effects.
        </p>
      )}
      {!running && result && estimatedCalls(result) > 0 && (
        <p className="notice small" data-testid="usage-estimated">
          The server sent no token usage for {formatNumber(estimatedCalls(result))} model calls; their tokens are estimated with the Qwen2.5 tokenizer.
        </p>
      )}
      {!running && result && result.learning.length > 0 && (
        <p className="muted small" data-testid="learning-cost">
          Learning on the training split, not counted in the tables:{' '}
          {result.learning
            .map((l) => `${strategyLabel(l.strategy)} on ${envLabel(l.env)} (seed ${l.seed}): ${l.tasks} tasks, ${formatNumber(l.llmCalls)} LLM calls, ${formatNumber(l.promptTokens)} prompt tokens`)
            .join('; ')}
          .
        </p>
      )}
    </div>
  );
}
