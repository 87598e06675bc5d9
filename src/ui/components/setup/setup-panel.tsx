import type { DataApi } from '../../imports';
import { useStore } from '../../store';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { DatasetImport } from './dataset-import';
import { EnvironmentPicker } from './environment-picker';
import { ModelPicker } from './model-picker';
import type { WebLlmApi } from './webllm-picker';
import type { ServerApi } from './server-picker';
import type { WllamaApi } from './wllama-picker';
import { EmbedderPicker, type ProbeEmbedder } from './embedder-picker';
import { SettingNumberField, SettingSelect, setting } from '../common/setting-field';
import { RunControls } from './run-controls';
import { StrategyPicker } from './strategy-picker';
import { QUICK_SIZE } from '../../../core/run/stories';

interface SetupPanelProps {
  onRun(): void;
  onCancel(): void;
  /** Where imported data go (the worker), kept and restored by ui/imports.ts. */
  data: DataApi;
  probeEmbedder: ProbeEmbedder;
  webllm: WebLlmApi;
  wllama: WllamaApi;
  server: ServerApi;
}

/**
 * Setup: environments, the task matrix (tasks, seeds, base seed, split), strategies with their
 * hyperparameters, the model, and the run controls. Inputs are locked while a run goes.
 */
export function SetupPanel({ onRun, onCancel, data, probeEmbedder, webllm, wllama, server }: SetupPanelProps) {
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
        {/* Labels, tooltips and bounds come from the settings schema (core/run/settings.ts). */}
        <SettingNumberField name="tasks" value={config.tasks} testId="tasks-input" onCommit={(tasks) => setConfig({ tasks })} />
        <SettingNumberField name="seeds" value={config.seeds} testId="seeds-input" onCommit={(seeds) => setConfig({ seeds })} />
        <div className="size-presets">
          <button type="button" className="small-button" data-testid="size-quick" onClick={() => setConfig({ ...QUICK_SIZE })} title="Wide intervals: a first look, not a finding">
            Quick: {QUICK_SIZE.tasks} &times; {QUICK_SIZE.seeds} (indicative)
          </button>
          <button type="button" className="small-button" data-testid="size-full" onClick={() => setConfig({ tasks: 60, seeds: 3 })} title="Intervals narrow enough to separate the stories' effects">
            Full: 60 &times; 3
          </button>
        </div>
        <SettingNumberField name="seed" value={config.seed} testId="seed-input" onCommit={(seed) => setConfig({ seed })} />
        <SettingSelect
          name="split"
          value={config.split}
          testId="split-select"
          options={setting('split').choices!.map((choice) => ({ value: choice, label: choice }))}
          onChange={(split: string) => setConfig({ split: split === 'train' ? 'train' : 'test' })}
        />
      </fieldset>
      <ModelPicker disabled={running} webllm={webllm} wllama={wllama} server={server} />
      <EmbedderPicker disabled={running} probe={probeEmbedder} />
      <StrategyPicker disabled={running} />
    </section>
  );
}
