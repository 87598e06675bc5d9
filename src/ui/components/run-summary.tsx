import type { RunResult } from '../../core/run/results';
import { SIM_PRESETS } from '../../core/llm/sim/presets';
import type { Status } from '../store';
import { envLabel, formatNumber, formatSeconds, strategyLabel } from './labels';
import { SimulatedBadge } from './simulated-badge';
import { modelLabel, webllmModelOf } from '../../core/llm/webllm';

/** The label of a model as shown, stating plainly when it is simulated. */
function modelText(model: RunResult['model']): string {
  if (!model.simulated || model.label.startsWith('Simulated model')) return model.label;
  return `Simulated model: ${model.label}`;
}

/** The model of the run in progress, from the config. */
function liveModel(modelId: string): RunResult['model'] {
  const local = webllmModelOf(modelId);
  if (local !== undefined) return { id: modelId, label: `WebLLM: ${modelLabel(local)}`, simulated: false };
  const preset = SIM_PRESETS[modelId.replace(/^sim:/, '')];
  return { id: modelId, label: preset ? `Simulated model: ${preset.label}` : modelId, simulated: modelId.startsWith('sim:') };
}

interface RunSummaryProps {
  status: Status;
  result: RunResult | undefined;
  liveCount: number;
  modelId: string;
}

/** Which model ran and how the run ended: done, cancelled with partial results, or still streaming. */
export function RunSummary({ status, result, liveCount, modelId }: RunSummaryProps) {
  const running = status === 'running';
  const model = running ? liveModel(modelId) : result?.model;
  return (
    <div className="run-summary">
      {model && (
        <p className="model-line" data-testid="model-label">
          {model.simulated && <SimulatedBadge />} {modelText(model)}
        </p>
      )}
      {!running && result?.embedder && (
        <p className="muted small" data-testid="embedder-label">
          Embedder: {result.embedder.label}
        </p>
      )}
      <p data-testid="run-status" className={`run-status ${running ? 'running' : (result?.status ?? '')}`}>
        {running && `Streaming: ${liveCount} task run${liveCount === 1 ? '' : 's'} finished so far.`}
        {!running && result?.status === 'done' && `Done: ${result.results.length} task runs in ${formatSeconds(result.elapsedMs)}.`}
        {!running && result?.status === 'cancelled' && `Cancelled: partial results, ${result.results.length} task runs finished before the cancel.`}
        {!running && status === 'error' && result && ' The last run failed; these are the results of the run before it.'}
      </p>
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
