import { SIM_PREFIX, simPresetOf, simWindowOf } from '../../../core/llm/model-families';
import { SIM_PRESETS } from '../../../core/llm/sim/presets';
import { DEFAULT_RUN_CONFIG } from '../../../core/run/run-config';
import { useStore } from '../../store';
import { SimulatedBadge } from '../common/simulated-badge';
import { WebLlmPicker, type WebLlmApi } from './webllm-picker';
import { WEBLLM_PREFIX, webllmModelOf } from '../../../core/llm/webllm';
import { OPENAI_PREFIX } from '../../../core/llm/openai/openai-id';
import { WLLAMA_PREFIX } from '../../../core/llm/wllama/wllama-id';
import { WllamaPicker, type WllamaApi } from './wllama-picker';
import { DEFAULT_SERVER_URL, ServerPicker, type ServerApi } from './server-picker';
import { CACHE_MODELS, CACHE_MODEL_LABELS, type CacheModel } from '../../../core/llm/prompt-cache';
import type { OverflowPolicy } from '../../../core/llm/context-window';
import { SettingLabel, SettingNumberField, SettingSelect, setting } from '../common/setting-field';
import { settingTitle } from '../../../core/run/settings';
import { DevicePicker } from './device-picker';
import { LayoutPicker } from './layout-picker';
import { ListingPicker } from './listing-picker';

/**
 * The model: a SimLM preset (ids `sim:<preset>`, labelled as simulated), a local WebLLM model
 * (ids `webllm:<model id>`), which needs WebGPU and a download the first time, a GGUF file run by
 * llama.cpp in WebAssembly on the CPU (ids `wllama:<file or URL>`), or a model on an
 * OpenAI-compatible server (ids `openai:<base URL>#<model>`).
 */
export function ModelPicker({ disabled, webllm, wllama, server }: { disabled: boolean; webllm: WebLlmApi; wllama: WllamaApi; server: ServerApi }) {
  const model = useStore((state) => state.config.model);
  const setConfig = useStore((state) => state.setConfig);
  const confirmServer = useStore((state) => state.confirmServer);
  const local = webllmModelOf(model) !== undefined;
  const remote = model.startsWith(OPENAI_PREFIX);
  const gguf = model.startsWith(WLLAMA_PREFIX);
  const constrained = useStore((state) => state.config.constrained ?? false);
  const cache = useStore((state) => state.config.cache ?? 'none');
  const overflow = useStore((state) => state.config.overflow);
  const windowTokens = useStore((state) => state.config.window);
  const preset = simPresetOf(model);
  const presetWindow = simWindowOf(model);
  const useSimulated = () => setConfig({ model: DEFAULT_RUN_CONFIG.model });
  return (
    <fieldset className="model-picker" disabled={disabled}>
      <legend>
        <SettingLabel name="model" />
      </legend>
      <div className="segmented" role="radiogroup" aria-label="Model kind">
        <label>
          <input type="radio" name="model-kind" data-testid="model-kind-sim" checked={!local && !remote && !gguf} onChange={useSimulated} /> Simulated (SimLM, no download)
        </label>
        <label>
          <input type="radio" name="model-kind" data-testid="model-kind-webllm" checked={local} onChange={() => setConfig({ model: WEBLLM_PREFIX })} /> Local LLM in this browser (WebLLM, WebGPU)
        </label>
        <label>
          <input type="radio" name="model-kind" data-testid="model-kind-wllama" checked={gguf} onChange={() => setConfig({ model: WLLAMA_PREFIX })} /> GGUF file in this browser (wllama, CPU)
        </label>
        <label>
          <input
            type="radio"
            name="model-kind"
            data-testid="model-kind-server"
            checked={remote}
            onChange={() => {
              // Picked here, so confirmed: only a server a link names waits for a confirmation.
              confirmServer(DEFAULT_SERVER_URL);
              setConfig({ model: `${OPENAI_PREFIX}${DEFAULT_SERVER_URL}#` });
            }}
          />{' '}
          OpenAI-compatible server (Ollama, llama.cpp, vLLM)
        </label>
      </div>
      {local ? (
        <WebLlmPicker api={webllm} disabled={disabled} onFallback={useSimulated} />
      ) : gguf ? (
        <WllamaPicker api={wllama} disabled={disabled} onFallback={useSimulated} />
      ) : remote ? (
        <ServerPicker api={server} disabled={disabled} />
      ) : (
        <>
          <label className="field">
            <span>
              Preset <SimulatedBadge />
            </span>
            <select value={model} data-testid="model-select" onChange={(event) => setConfig({ model: event.target.value })}>
              {!preset && <option value={model}>{model} (unknown)</option>}
              {Object.values(SIM_PRESETS).map((option) => (
                <option key={option.id} value={`${SIM_PREFIX}${option.id}`}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {preset && <p className="muted small">{preset.description}</p>}
          <p className="notice small" data-testid="simulated-notice">
            SimLM is a simulated model, not a real LLM. It reads only the prompt a strategy sends: a text advisor
            stands in for its common sense, and fixed preferences, slips and loops for its mistakes, at this
            preset&rsquo;s skill levels (fitted on plain ReAct). It shows how strategies behave and what they cost,
            not how a real model scores.
          </p>
        </>
      )}
      {!local && (
        <label className="choice small" title={settingTitle(setting('constrained'))} data-gloss={settingTitle(setting('constrained'))}>
          <input type="checkbox" aria-description={settingTitle(setting('constrained'))} data-testid="constrained-toggle" checked={constrained} onChange={(event) => setConfig({ constrained: event.target.checked || undefined })} /> <SettingLabel name="constrained" />:{' '}
          {setting('constrained').help}
        </label>
      )}
      <SettingSelect
        name="cache"
        value={cache}
        testId="cache-select"
        options={CACHE_MODELS.map((id) => ({ value: id, label: CACHE_MODEL_LABELS[id] }))}
        onChange={(value) => setConfig({ cache: value === 'none' ? undefined : (value as CacheModel) })}
      />
      <LayoutPicker />
      <DevicePicker />
      <SettingSelect
        name="overflow"
        note={presetWindow ? `(window ${presetWindow.tokens.toLocaleString('en-US')} tokens: ${presetWindow.source})` : undefined}
        value={overflow ?? 'off'}
        testId="overflow-select"
        options={[
          { value: 'off', label: 'not checked' },
          { value: 'fail', label: 'over the window: the task fails' },
          { value: 'trim', label: 'over the window: drop the oldest steps' },
        ]}
        onChange={(value) => setConfig({ overflow: value === 'off' ? undefined : (value as OverflowPolicy) })}
      />
      {(overflow || local || gguf) && (
        <SettingNumberField
          name="window"
          note={
            local
              ? "(tokens; 0: the model record's; web-llm loads the model with it, and a larger window takes more GPU memory)"
              : gguf
                ? "(tokens; 0: the file's trained length; wllama loads the model with it, and a larger window takes more memory)"
                : "(tokens; 0: the model's own)"
          }
          min={0}
          value={windowTokens ?? 0}
          testId="window-input"
          onCommit={(tokens) => setConfig({ window: tokens >= setting('window').range!.min ? tokens : undefined })}
        />
      )}
      <ListingPicker />
    </fieldset>
  );
}
