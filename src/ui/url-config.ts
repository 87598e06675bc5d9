import { DEFAULT_RUN_CONFIG, type RunConfig } from '../core/run/run-config';
import { CONFIG_FIELDS, DIAL_PREFIX, PARAM_PREFIX, parseField, writeField } from '../core/run/config-fields';

/**
 * The run config in the URL hash, as a small property table (after TensorFlow Playground):
 * `#envs=household,academic&strategies=react,reflexion&tasks=10&seeds=1&seed=1&model=sim:small`.
 * Hyperparameters go as `p.<strategy>.<key>=<value>`, SimLM dials as `d.<skill>=<value>`. A shared link replays the same run.
 */
export function configToHash(config: RunConfig): string {
  const params = new URLSearchParams();
  // The server's URL and model are in `model`; its API key never is.
  for (const f of CONFIG_FIELDS) {
    const text = writeField(f, config);
    if (text !== undefined) params.set(f.name, text);
  }
  for (const [strategy, values] of Object.entries(config.params)) {
    for (const [key, value] of Object.entries(values)) params.set(`${PARAM_PREFIX}${strategy}.${key}`, String(value));
  }
  // SimLM skills set by hand, as `d.<skill>=<value>`.
  for (const [skill, value] of Object.entries(config.dials ?? {})) params.set(`${DIAL_PREFIX}${skill}`, String(value));
  return `#${params.toString()}`;
}

/** Reads a config from a hash; missing or malformed fields keep their defaults. */
export function configFromHash(hash: string, base: RunConfig = DEFAULT_RUN_CONFIG): RunConfig {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const config: RunConfig = { ...base, params: {} };
  delete config.dials;
  for (const f of CONFIG_FIELDS) {
    const text = params.get(f.name);
    const value = text === null ? undefined : parseField(f, text);
    if (value === undefined) continue;
    if (f.kind === 'switch') {
      if (value) config.constrained = true;
      else delete config.constrained;
    } else (config as unknown as Record<string, unknown>)[f.key] = value;
  }
  for (const [name, value] of params) {
    const match = name.startsWith(PARAM_PREFIX) ? /^([\w-]+)\.(\w+)$/.exec(name.slice(PARAM_PREFIX.length)) : null;
    if (match && Number.isFinite(Number(value))) {
      config.params[match[1]] = { ...config.params[match[1]], [match[2]]: Number(value) };
    }
    const dial = name.startsWith(DIAL_PREFIX) ? /^(\w+)$/.exec(name.slice(DIAL_PREFIX.length)) : null;
    if (dial && value.trim() !== '' && Number.isFinite(Number(value))) config.dials = { ...(config.dials ?? {}), [dial[1]]: Number(value) };
  }
  return config;
}
