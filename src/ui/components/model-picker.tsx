import { SIM_PRESETS } from '../../core/llm/sim/presets';
import { useStore } from '../store';
import { SimulatedBadge } from './simulated-badge';

/** The model preset select (SimLM presets, ids `sim:<preset>`), with a clear "simulated" notice. */
export function ModelPicker({ disabled }: { disabled: boolean }) {
  const model = useStore((state) => state.config.model);
  const setConfig = useStore((state) => state.setConfig);
  const preset = SIM_PRESETS[model.replace(/^sim:/, '')];
  return (
    <fieldset className="model-picker" disabled={disabled}>
      <legend>Model</legend>
      <label className="field">
        <span>
          Preset <SimulatedBadge />
        </span>
        <select value={model} data-testid="model-select" onChange={(event) => setConfig({ model: event.target.value })}>
          {!preset && <option value={model}>{model} (unknown)</option>}
          {Object.values(SIM_PRESETS).map((option) => (
            <option key={option.id} value={`sim:${option.id}`}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {preset && <p className="muted small">{preset.description}</p>}
      <p className="notice small" data-testid="simulated-notice">
        SimLM is a simulated model, not a real LLM: a noisy expert that knows the right action and errs at this
        preset&rsquo;s rates. It shows how strategies behave and what they cost, not how a real model scores.
      </p>
    </fieldset>
  );
}
