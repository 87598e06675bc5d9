import type { DataApi } from '../../imports';
import { useStore } from '../../store';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { DatasetImport } from './dataset-import';
import { EnvironmentPicker } from './environment-picker';
import { ModelPicker } from './model-picker';
import type { WebLlmApi } from './webllm-picker';
import type { ServerApi } from './server-picker';
import { EmbedderPicker, type ProbeEmbedder } from './embedder-picker';
import { NumberField } from '../common/number-field';
import { RunControls } from './run-controls';
import { StrategyPicker } from './strategy-picker';
import { QUICK_SIZE } from '../../../core/run/stories';
import { field } from '../../../core/run/config-fields';

interface SetupPanelProps {
  onRun(): void;
  onCancel(): void;
  /** Where imported data go (the worker), kept and restored by ui/imports.ts. */
  data: DataApi;
  probeEmbedder: ProbeEmbedder;
  webllm: WebLlmApi;
  server: ServerApi;
}

/**
 * Setup: environments, the task matrix (tasks, seeds, base seed, split), strategies with their
 * hyperparameters, the model, and the run controls. Inputs are locked while a run goes.
 */
export function SetupPanel({ onRun, onCancel, data, probeEmbedder, webllm, server }: SetupPanelProps) {
  const config = useStore((state) => state.config);
  const setConfig = useStore((state) => state.setConfig);
  const running = useStore((state) => state.status === 'running');
  return (
    <section className="panel setup" aria-labelledby="setup-title">
      <h2 id="setup-title">Setup</h2>
      <RunControls onRun={onRun} onCancel={onCancel} />
      <EnvironmentPicker disabled={running} />
      {config.envs
        .filter((id) => ENV_CATALOG[id]?.importFiles)
        .map((id) => (
          <DatasetImport key={id} spec={ENV_CATALOG[id]} api={data} />
        ))}
      <fieldset className="matrix" disabled={running}>
        <legend>Tasks and seeds</legend>
        <NumberField label="Tasks per environment" value={config.tasks} min={field('tasks').min} max={field('tasks').max} integer testId="tasks-input" onCommit={(tasks) => setConfig({ tasks })} />
        <NumberField label="Seeds" value={config.seeds} min={field('seeds').min} max={field('seeds').max} integer testId="seeds-input" onCommit={(seeds) => setConfig({ seeds })} />
        <div className="size-presets">
          <button type="button" className="small-button" data-testid="size-quick" onClick={() => setConfig({ ...QUICK_SIZE })} title="Wide intervals: a first look, not a finding">
            Quick: {QUICK_SIZE.tasks} &times; {QUICK_SIZE.seeds} (indicative)
          </button>
          <button type="button" className="small-button" data-testid="size-full" onClick={() => setConfig({ tasks: 60, seeds: 3 })} title="Intervals narrow enough to separate the stories' effects">
            Full: 60 &times; 3
          </button>
        </div>
        <NumberField label="Base seed" value={config.seed} min={field('seed').min} max={field('seed').max} integer testId="seed-input" onCommit={(seed) => setConfig({ seed })} />
        <label className="number-field">
          <span>Split</span>
          <select value={config.split} data-testid="split-select" onChange={(event) => setConfig({ split: event.target.value === 'train' ? 'train' : 'test' })}>
            <option value="test">test</option>
            <option value="train">train</option>
          </select>
        </label>
      </fieldset>
      <ModelPicker disabled={running} webllm={webllm} server={server} />
      <EmbedderPicker disabled={running} probe={probeEmbedder} />
      <StrategyPicker disabled={running} />
    </section>
  );
}
