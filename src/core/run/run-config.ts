import { ConfigError } from '../errors';
import { field } from './config-fields';
import { RUN_SETTINGS, wantedWords } from './settings';
import { MODEL_FAMILIES, familyOf, isSimModel, simPresetOf } from '../llm/model-families';
import type { EmbedDevice } from '../embed/embedder-catalog';
import { EMBEDDERS } from '../embed/embedder-catalog';
import type { HyperParameter, StrategyMeta } from '../strategies/strategy';
import { SIM_PRESETS, SIM_SKILLS, inSkillRange, isSimSkill, skillRangeText } from '../llm/sim/presets';
import type { EnvMeta } from '../envs/env-spec';
import type { CacheModel } from '../llm/prompt-cache';
import { parseDevice } from './device-profiles';
import type { OverflowPolicy } from '../llm/context-window';
import type { PromptLayout } from '../llm/prompts/prompt-layout';
import type { ListingMode } from '../llm/prompts/listing-mode';

/** Everything that defines a run; it round-trips through the page's URL hash, so a link replays it. */
export interface RunConfig {
  /** Environment ids, for example `household`. */
  envs: string[];
  /** Strategy ids, for example `react`. */
  strategies: string[];
  /** Tasks per environment, taken from the split in a fixed order. */
  tasks: number;
  /** Number of seeds; seed i is `seed + i`. */
  seeds: number;
  /** The base seed. */
  seed: number;
  /** Model id, for example `sim:small`. */
  model: string;
  /** Embedder id for the strategies (`lexical`, `toolwise-simcse`, ...; see embed/embedder-catalog). */
  embedder: string;
  /** Where a transformers.js embedder runs. */
  embedDevice: EmbedDevice;
  /** Which split the tasks come from; learning strategies learn on the other one. */
  split: 'test' | 'train';
  /** Hyperparameters by strategy id; missing ones take the paper defaults. */
  params: Record<string, Record<string, number>>;
  /**
   * Independent streams run at once, and requests in flight at most (a server model). Results
   * are the same at any value for the same seeds; only a server that is not the bottleneck runs
   * faster. Absent means 1.
   */
  concurrency?: number;
  /**
   * Constrained actions: the model answers an act request with a JSON object naming one of the
   * listed tools (a server's `response_format` JSON schema; SimLM honours it too), so it never
   * writes a malformed reply or an unlisted tool. Off (absent) by default.
   */
  constrained?: boolean;
  /**
   * SimLM skills set by hand in place of the preset's, by skill key (`kappa`, `historyUse`, ...;
   * see llm/sim/presets SimSkills): a sim: model only, for asking when a paper's effect would
   * show (docs/simulated-model.md). Absent (or empty) means the preset as calibrated.
   */
  dials?: Record<string, number>;
  /**
   * Which engine's prompt cache the cost assumes (`prompt-cache.ts`): `extend` (web-llm), `prefix`
   * (llama.cpp), `block` (vLLM), `provider` (OpenAI). Each call then records its cached prompt
   * tokens; a server's own count wins where it reports one. Absent means `none`.
   */
  cache?: CacheModel;
  /** Blocks the `block` and `provider` caches hold (an LRU); absent: `DEFAULT_CACHE_BLOCKS`. */
  cacheBlocks?: number;
  /**
   * How strategies lay out their prompts (`prompts/prompt-layout.ts`): `paper` as the papers write
   * them, `cache` static to growing so that a prompt cache can reuse them. Absent:
   * `DEFAULT_PROMPT_LAYOUT`.
   */
  layout?: PromptLayout;
  /**
   * What a prompt over the model's context window does (llm/context-window): `fail` ends the task
   * with the outcome `context-overflow`, `trim` drops its oldest steps, keeping the instruction.
   * Absent: windows are not checked (SimLM answers any length), as before windows existed.
   */
  overflow?: OverflowPolicy;
  /**
   * The device whose seconds the rows carry (`device-profiles.ts`): a profile's id, or its rates as
   * `<prefill tokens/s>,<decode tokens/s>,<overhead s>`. Each task run then has `localSeconds`.
   * Absent: no seconds.
   */
  localDevice?: string;
  /** The context window in tokens, in place of the model's own (a server that reports none). */
  window?: number;
  /**
   * Which tools a ReAct-style prompt lists (`prompts/listing-mode.ts`): `full` every tool, as the
   * papers do; `shortlist` the tools the run's embedder retrieves for the task; `fit` every tool
   * where the task's first prompt with them fits the model's window, else the shortlist. Absent: `full`.
   */
  listing?: ListingMode;
  /** Tools on the shortlist; absent: `DEFAULT_SHORTLIST_SIZE`. */
  shortlistSize?: number;
  /**
   * The sampling temperature of every model call (a call that sets its own keeps it: EGB-Sampling's
   * samples). Absent: each environment's paper temperature (EnvMeta.temperature, run/temperature.ts).
   */
  temperature?: number;
}

export const DEFAULT_RUN_CONFIG: RunConfig = {
  envs: ['household'],
  strategies: ['react', 'reflexion'],
  tasks: 10,
  seeds: 1,
  seed: 1,
  model: 'sim:small',
  // The fast embedder for the CLI and tests; the page starts on the bundled SimCSE model.
  embedder: 'lexical',
  embedDevice: 'wasm',
  split: 'test',
  params: {},
};

/** The whole-number ranges of tasks and seeds that `validateRunConfig` accepts (from the property table). */
export const RUN_LIMITS = {
  tasks: { min: field('tasks').min, max: field('tasks').max },
  seeds: { min: field('seeds').min, max: field('seeds').max },
} as const;

/** What `validateRunConfig` checks a config against: these environments and strategies, with their hyperparameters. */
export function knownFor(envs: Record<string, EnvMeta>, strategies: Record<string, StrategyMeta>) {
  return {
    envs: Object.keys(envs),
    strategies: Object.keys(strategies),
    planGuidedEnvs: Object.keys(envs).filter((id) => envs[id].planGuided),
    planGuidedOnlyStrategies: Object.keys(strategies).filter((id) => strategies[id].planGuidedOnly),
    params: Object.fromEntries(Object.values(strategies).map((spec) => [spec.id, spec.params])),
  };
}

/** Checks a config before any work starts; the error says how to fix it. */
export function validateRunConfig(
  config: RunConfig,
  known: { envs: string[]; strategies: string[]; planGuidedEnvs?: string[]; planGuidedOnlyStrategies?: string[]; params?: Record<string, HyperParameter[]> },
): void {
  if (config.envs.length === 0) throw new ConfigError('Choose at least one environment.');
  if (config.strategies.length === 0) throw new ConfigError('Choose at least one strategy.');
  for (const [what, ids] of [['environment', config.envs], ['strategy', config.strategies]] as const) {
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new ConfigError(`The ${what} "${twice}" is listed twice; list each once.`);
  }
  for (const env of config.envs) {
    if (!known.envs.includes(env)) throw new ConfigError(`Unknown environment "${env}". Known: ${known.envs.join(', ')}.`);
  }
  for (const strategy of config.strategies) {
    if (!known.strategies.includes(strategy)) throw new ConfigError(`Unknown strategy "${strategy}". Known: ${known.strategies.join(', ')}.`);
  }
  const plainEnvs = config.envs.filter((env) => !known.planGuidedEnvs?.includes(env));
  const planOnly = config.strategies.filter((strategy) => known.planGuidedOnlyStrategies?.includes(strategy));
  if (plainEnvs.length > 0 && planOnly.length > 0) {
    throw new ConfigError(`${planOnly.join(', ')} need${planOnly.length === 1 ? 's' : ''} a plan of substeps and run${planOnly.length === 1 ? 's' : ''} on SLATE only, not on ${plainEnvs.join(', ')}. Run SLATE on its own, or untick ${planOnly.length === 1 ? 'it' : 'them'}.`);
  }
  const family = familyOf(config.model);
  if (!family) throw new ConfigError(`Unknown model "${config.model}". Use ${Object.values(MODEL_FAMILIES).map((f) => `${f.prefix}…`).join(', ')} (for example sim:small).`);
  if (family.id === 'sim' && !simPresetOf(config.model)) throw new ConfigError(`Unknown SimLM preset "${config.model}". Presets: ${Object.keys(SIM_PRESETS).map((id) => `sim:${id}`).join(', ')}.`);
  if (!EMBEDDERS[config.embedder]) throw new ConfigError(`Unknown embedder "${config.embedder}". Known: ${Object.keys(EMBEDDERS).join(', ')}.`);
  // Numbers and choices within the settings schema's bounds, the same check a link, a flag and the
  // form make; a field the default config leaves out may be absent.
  for (const setting of RUN_SETTINGS) {
    if (setting.group !== 'run' || !(setting.type === 'int' || setting.type === 'number' || setting.type === 'choice')) continue;
    const value = setting.get!(config);
    if (value === undefined && setting.get!(DEFAULT_RUN_CONFIG) === undefined) continue;
    if (!setting.schema.safeParse(value).success) throw new ConfigError(`${setting.name} must be ${wantedWords(setting)} (${setting.label}), not ${typeof value === 'string' ? `"${value}"` : value}.`);
  }
  if (config.localDevice !== undefined) {
    const device = parseDevice(config.localDevice);
    if (!device.ok) throw new ConfigError(device.message);
  }
  if (known.params) checkParams(config, known.params);
  if (config.dials) checkDials(config.model, config.dials);
}

/**
 * Dials set SimLM skills, so they need a SimLM model; each must name a skill and stay in its range
 * (a temperature of 0 or a probability of 2 would make SimLM divide by zero or read nonsense).
 */
function checkDials(model: string, dials: Record<string, number>): void {
  const keys = Object.keys(dials);
  if (keys.length === 0) return;
  if (!isSimModel(model)) throw new ConfigError(`Dials (${keys.join(', ')}) set SimLM skills and need a SimLM model (sim:small, sim:medium, sim:strong), not "${model}".`);
  for (const [key, value] of Object.entries(dials)) {
    if (!isSimSkill(key)) throw new ConfigError(`SimLM has no skill "${key}". Its skills: ${SIM_SKILLS.join(', ')}.`);
    if (typeof value !== 'number' || !inSkillRange(key, value)) throw new ConfigError(`The dial ${key} = ${value} is out of range: give a number ${skillRangeText(key)}.`);
  }
}

/**
 * Each hyperparameter of a chosen strategy must be one it has, within the range its spec gives
 * (a whole number where its step is whole): `egb-sampling.m=0` or `reflexion.trials=0` would
 * otherwise crash or run silently wrong.
 */
function checkParams(config: RunConfig, specs: Record<string, HyperParameter[]>): void {
  for (const strategy of config.strategies) {
    const given = Object.hasOwn(config.params, strategy) ? config.params[strategy] : {};
    const params = Object.hasOwn(specs, strategy) ? specs[strategy] : [];
    for (const [key, value] of Object.entries(given)) {
      const spec = params.find((param) => param.key === key);
      if (!spec) throw new ConfigError(`${strategy} has no parameter "${key}". Its parameters: ${params.map((param) => param.key).join(', ') || 'none'}.`);
      const whole = Number.isInteger(spec.step);
      if (!Number.isFinite(value) || value < spec.min || value > spec.max || (whole && !Number.isInteger(value))) {
        throw new ConfigError(`${strategy}.${key} = ${value} is out of range: give ${whole ? 'a whole number' : 'a number'} from ${spec.min} to ${spec.max} (${spec.label}).`);
      }
    }
  }
}
