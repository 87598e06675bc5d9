import { DEFAULT_RUN_CONFIG, type RunConfig } from '../core/run/run-config';

/**
 * The run config in the URL hash, as a small property table (after TensorFlow Playground):
 * `#envs=household,academic&strategies=react,reflexion&tasks=10&seeds=1&seed=1&model=sim:small`.
 * Hyperparameters go as `p.<strategy>.<key>=<value>`, SimLM dials as `d.<skill>=<value>`. A shared link replays the same run.
 */
export function configToHash(config: RunConfig): string {
  const params = new URLSearchParams();
  params.set('envs', config.envs.join(','));
  params.set('strategies', config.strategies.join(','));
  params.set('tasks', String(config.tasks));
  params.set('seeds', String(config.seeds));
  params.set('seed', String(config.seed));
  params.set('model', config.model);
  params.set('embedder', config.embedder);
  params.set('device', config.embedDevice);
  params.set('split', config.split);
  // The server's URL and model are in `model`; its API key never is.
  if (config.concurrency !== undefined && config.concurrency !== 1) params.set('concurrency', String(config.concurrency));
  if (config.constrained) params.set('constrained', '1');
  for (const [strategy, values] of Object.entries(config.params)) {
    for (const [key, value] of Object.entries(values)) params.set(`p.${strategy}.${key}`, String(value));
  }
  // SimLM skills set by hand, as `d.<skill>=<value>`.
  for (const [skill, value] of Object.entries(config.dials ?? {})) params.set(`d.${skill}`, String(value));
  return `#${params.toString()}`;
}

const list = (text: string | null) => (text ? text.split(',').filter(Boolean) : undefined);
const integer = (text: string | null) => (text !== null && /^-?\d+$/.test(text) ? Number(text) : undefined);

/** Reads a config from a hash; missing or malformed fields keep their defaults. */
export function configFromHash(hash: string, base: RunConfig = DEFAULT_RUN_CONFIG): RunConfig {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const config: RunConfig = {
    envs: list(params.get('envs')) ?? base.envs,
    strategies: list(params.get('strategies')) ?? base.strategies,
    tasks: integer(params.get('tasks')) ?? base.tasks,
    seeds: integer(params.get('seeds')) ?? base.seeds,
    seed: integer(params.get('seed')) ?? base.seed,
    model: params.get('model') ?? base.model,
    embedder: params.get('embedder') ?? base.embedder,
    embedDevice: params.get('device') === 'webgpu' ? 'webgpu' : params.get('device') === 'wasm' ? 'wasm' : base.embedDevice,
    split: params.get('split') === 'train' ? 'train' : base.split,
    params: {},
  };
  const concurrency = integer(params.get('concurrency'));
  if (concurrency !== undefined && concurrency >= 1 && concurrency <= 256) config.concurrency = concurrency;
  if (params.get('constrained') === '1') config.constrained = true;
  for (const [name, value] of params) {
    const match = /^p\.([\w-]+)\.(\w+)$/.exec(name);
    if (match && Number.isFinite(Number(value))) {
      config.params[match[1]] = { ...config.params[match[1]], [match[2]]: Number(value) };
    }
    const dial = /^d\.(\w+)$/.exec(name);
    if (dial && value.trim() !== '' && Number.isFinite(Number(value))) config.dials = { ...config.dials, [dial[1]]: Number(value) };
  }
  return config;
}
