import { ENV_CATALOG } from '../../../core/envs/catalog';
import { STRATEGY_CATALOG, type StrategyMeta } from '../../../core/strategies/catalog';
import { useStore } from '../../store';
import { SettingNumberField } from '../common/setting-field';
import { toggleId } from './toggle-id';

/** The hyperparameters of one chosen strategy, as number inputs that write `config.params`. */
function StrategyParams({ spec }: { spec: StrategyMeta }) {
  const params = useStore((state) => state.config.params);
  const setConfig = useStore((state) => state.setConfig);
  if (spec.params.length === 0) return <p className="muted small">No hyperparameters.</p>;
  return (
    <div className="params">
      {/* Label, tooltip, bounds, step and whole-number rule from the settings schema (the link and the CLI check the same). */}
      {spec.params.map((param) => (
        <SettingNumberField
          key={param.key}
          name={`${spec.id}.${param.key}`}
          value={params[spec.id]?.[param.key] ?? param.default}
          testId={`param-${spec.id}-${param.key}`}
          onCommit={(value) => setConfig({ params: { ...params, [spec.id]: { ...params[spec.id], [param.key]: value } } })}
        />
      ))}
    </div>
  );
}

/** A strategy's entry: what it does and the paper it follows. */
function strategyGloss(spec: { label: string; description: string; paper: string }): string {
  return `${spec.label}: ${spec.description} Paper: ${spec.paper}.`;
}

/**
 * Strategy checkboxes with description and paper; a chosen strategy shows its hyperparameters.
 * Strategies that need a plan of substeps are offered only while every chosen environment has one.
 */
export function StrategyPicker({ disabled }: { disabled: boolean }) {
  const strategies = useStore((state) => state.config.strategies);
  const envs = useStore((state) => state.config.envs);
  const setConfig = useStore((state) => state.setConfig);
  const ids = Object.keys(STRATEGY_CATALOG);
  const planOnlyAllowed = envs.length > 0 && envs.every((env) => ENV_CATALOG[env]?.planGuided);
  return (
    <fieldset className="choice-list" disabled={disabled}>
      <legend>Strategies</legend>
      {ids.map((id) => {
        const spec = STRATEGY_CATALOG[id];
        const checked = strategies.includes(id);
        const blocked = spec.planGuidedOnly === true && !planOnlyAllowed;
        return (
          <div key={id} className={`strategy ${checked ? 'chosen' : ''} ${blocked ? 'blocked' : ''}`}>
            {/* Its entry on hover (title) and on keyboard focus (data-gloss, styles.css), as Setup's labels. */}
            <label className="choice" title={strategyGloss(spec)} data-gloss={strategyGloss(spec)}>
              <input
                type="checkbox"
                aria-description={strategyGloss(spec)}
                checked={checked}
                disabled={blocked && !checked}
                data-testid={`strategy-${id}`}
                onChange={(event) => setConfig({ strategies: toggleId(strategies, id, event.target.checked, ids) })}
              />
              <span className="choice-text">
                <strong>{spec.label}</strong>
                <span className="paper">{spec.paper}</span>
                {spec.planGuidedOnly && (
                  <span className={`plan-only ${blocked ? 'warn' : 'muted'} small`} data-testid={`plan-only-${id}`}>
                    {blocked ? (checked ? 'Needs a plan of substeps: choose SLATE alone, or untick this.' : 'SLATE only: choose SLATE alone to use it.') : 'Plan-guided (SLATE).'}
                  </span>
                )}
                <span className="muted">{spec.description}</span>
              </span>
            </label>
            {checked && <StrategyParams spec={spec} />}
          </div>
        );
      })}
    </fieldset>
  );
}
