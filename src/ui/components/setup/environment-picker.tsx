import { ENV_CATALOG } from '../../../core/envs/catalog';
import { useStore } from '../../store';
import { toggleId } from './toggle-id';

/** Environment checkboxes with their descriptions, written to `config.envs`. */
export function EnvironmentPicker({ disabled }: { disabled: boolean }) {
  const envs = useStore((state) => state.config.envs);
  const setConfig = useStore((state) => state.setConfig);
  const ids = Object.keys(ENV_CATALOG);
  return (
    <fieldset className="choice-list" disabled={disabled}>
      <legend>Environments</legend>
      {ids.map((id) => (
        <label key={id} className="choice">
          <input
            type="checkbox"
            checked={envs.includes(id)}
            data-testid={`env-${id}`}
            onChange={(event) => setConfig({ envs: toggleId(envs, id, event.target.checked, ids) })}
          />
          <span className="choice-text">
            <strong>{ENV_CATALOG[id].label}</strong>
            <span className="muted">{ENV_CATALOG[id].description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
