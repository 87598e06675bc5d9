import { DEFAULT_RUN_CONFIG, type RunConfig } from '../core/run/run-config';
import { runConfigFromPairs, runSettingPairs } from '../core/run/settings';

/**
 * The run config in the URL hash, one `name=value` per setting of the settings schema
 * (core/run/settings.ts), after TensorFlow Playground:
 * `#envs=household,academic&strategies=react,reflexion&tasks=10&seeds=1&seed=1&model=sim:small&egb-logits.tau=0.3&sim.kappa=3`.
 * A shared link replays the same run. The server's URL and model are in `model`; its API key never is.
 */
export function configToHash(config: RunConfig): string {
  return `#${new URLSearchParams(runSettingPairs(config)).toString()}`;
}

/**
 * Reads a config from a hash, with what it refused: a value that does not fit its setting
 * (`tasks=NaN`, `egb-logits.tau=7`) is a problem and the setting keeps its default. Older
 * spellings (`p.<strategy>.<key>`, `d.<skill>`) are read too. Hyperparameters and dials come from
 * the link only, never from `base`.
 */
export function readConfigHash(hash: string, base: RunConfig = DEFAULT_RUN_CONFIG): { config: RunConfig; problems: string[] } {
  const { params: _params, dials: _dials, ...rest } = base;
  return runConfigFromPairs(new URLSearchParams(hash.replace(/^#/, '')), { ...rest, params: {} });
}

/** A config from a hash; what does not fit keeps its default (readConfigHash says why). */
export function configFromHash(hash: string, base: RunConfig = DEFAULT_RUN_CONFIG): RunConfig {
  return readConfigHash(hash, base).config;
}
