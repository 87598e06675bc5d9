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
        // Its entry on hover (title) and on keyboard focus (data-gloss, styles.css), as Setup's labels.
        <label key={id} className="choice" title={`${ENV_CATALOG[id].label}: ${ENV_CATALOG[id].description}`} data-gloss={`${ENV_CATALOG[id].label}: ${ENV_CATALOG[id].description}`}>
          <input
            type="checkbox"
            aria-description={`${ENV_CATALOG[id].label}: ${ENV_CATALOG[id].description}`}
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
