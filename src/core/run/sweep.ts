/**
 * Sweeps: one setting of a run config over a range of values, one run per value, and each
 * strategy's success and cost at every value with its 95% interval (docs/reporting.md). They answer
 * "when does EGB-Logits pay off?" (a sweep of a SimLM dial, docs/simulated-model.md: where a paper's effect does
 * not show under a preset, a sweep of the skill it depends on shows when it would) and "at how many
 * tools does EcoAct win?" (a sweep of tasks or of a hyperparameter).
 *
 *   const sweep = parseSweep('sim.kappa=1:6:6');          // or parseSweepKey + your own values
 *   const result = await runSweep(config, sweep, (c) => runner.run(c), { signal, onPoint });
 *   result.points  // one SweepPoint per value, environment and strategy
 *
 * Everything here is pure except runSweep, which only calls the `run` it is given, so the page
 * can pass its worker runner and Node the in-thread one.
 */
import { ConfigError } from '../errors';
import { isSimModel } from '../llm/model-families';
import type { SimSkill } from '../llm/sim/presets';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import type { StrategyMeta } from '../strategies/strategy';
import { intervalsOf } from './aggregate';
import type { Interval } from './intervals';
import type { RunResult, RunStatus } from './results';
import type { RunConfig } from './run-config';
import { SETTINGS, buildSettings, type Setting } from './settings';

/** The setting a sweep changes: written `tasks`, `seeds`, `<strategy>.<param>` or `sim.<skill>`. */
export type SweepKey =
  | { kind: 'tasks' }
  | { kind: 'seeds' }
  /** A strategy hyperparameter (StrategyMeta.params), e.g. `egb-logits.tau`. */
  | { kind: 'param'; strategy: string; param: string }
  /** A SimLM skill set as a dial (RunConfig.dials), e.g. `sim.kappa`. */
  | { kind: 'dial'; skill: SimSkill };

/** What values a key takes, for a form's inputs and for checking a sweep. */
export interface SweepKeyInfo {
  /** The key as text, e.g. `sim.kappa`. */
  text: string;
  /** A label for an axis, e.g. `egb-logits: Branch threshold tau`. */
  label: string;
  min: number;
  max: number;
  /** The value must be above `min`, not equal to it (SimLM's temperature). */
  aboveMin?: boolean;
  /** Whole numbers only: values are rounded and repeats dropped. */
  integer: boolean;
}

/** A parsed sweep: the key and the values it takes, in order. */
export interface Sweep {
  key: SweepKey;
  values: number[];
}

/** One strategy on one environment at one value of the swept setting: per-task means with 95% intervals. */
export interface SweepPoint {
  value: number;
  env: string;
  strategy: string;
  /** Success rate in [0, 1], with its Wilson interval. */
  success: number;
  successInterval: Interval;
  /** Mean progress rate, with its bootstrap interval over tasks. */
  progress: number;
  progressInterval: Interval;
  /** Mean LLM calls per task. */
  llmCalls: number;
  llmCallsInterval: Interval;
  /** Mean prompt tokens per task. */
  promptTokens: number;
  promptTokensInterval: Interval;
  /** Task runs behind the point (tasks x seeds). */
  n: number;
}

/** A sweep as far as it went: every point of the values that finished, in order. */
export interface SweepResult {
  /** The key as text, e.g. `sim.kappa` (parseSweepKey reads it back). */
  key: string;
  /** The axis label (SweepKeyInfo.label). */
  label: string;
  /** Every value the sweep was to run, finished or not. */
  values: number[];
  /** Points of the finished values only: a cancelled or failed run adds none (its rows cover part of its tasks). */
  points: SweepPoint[];
  /** `done` when every value ran; `cancelled` or `error` when one stopped the sweep. */
  status: RunStatus;
  /** Why the run that stopped the sweep failed. */
  error?: string;
}

/** The most values one sweep runs: each is a whole run. */
export const MAX_SWEEP_STEPS = 50;

const KEY_FORMS = 'tasks, seeds, <strategy>.<param> (e.g. egb-logits.tau) or sim.<skill> (e.g. sim.kappa)';

/** The settings a sweep may change, from the settings schema (`where.sweep`), with these strategies' hyperparameters. */
function sweepSettings(strategies: Record<string, StrategyMeta>): Setting[] {
  return (strategies === STRATEGY_CATALOG ? SETTINGS : buildSettings(strategies)).filter((setting) => setting.where.sweep);
}

/** The key of a sweepable setting: its name is `tasks`, `seeds`, `<strategy>.<param>` or `sim.<skill>`. */
function keyOf(setting: Setting): SweepKey {
  const dot = setting.name.indexOf('.');
  if (setting.group === 'dial') return { kind: 'dial', skill: setting.name.slice(dot + 1) as SimSkill };
  if (setting.group === 'hyperparameter') return { kind: 'param', strategy: setting.name.slice(0, dot), param: setting.name.slice(dot + 1) };
  return { kind: setting.name as 'tasks' | 'seeds' };
}

/** The schema's setting of a key. */
function settingOf(key: SweepKey, strategies: Record<string, StrategyMeta>): Setting {
  const text = sweepKeyText(key);
  const setting = sweepSettings(strategies).find((s) => s.name === text);
  if (!setting) throw new ConfigError(key.kind === 'param' ? `${key.strategy} has no parameter "${key.param}".` : `Unknown sweep key "${text}". Sweep ${KEY_FORMS}.`);
  return setting;
}

/** Reads a key's text (a setting's one spelling); the error lists what there is where the text names something unknown. */
export function parseSweepKey(text: string, strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): SweepKey {
  const trimmed = text.trim();
  const settings = sweepSettings(strategies);
  const setting = settings.find((s) => s.name === trimmed);
  if (setting) return keyOf(setting);
  const dot = trimmed.indexOf('.');
  if (dot <= 0 || dot === trimmed.length - 1) throw new ConfigError(`Unknown sweep key "${trimmed}". Sweep ${KEY_FORMS}.`);
  const [owner, name] = [trimmed.slice(0, dot), trimmed.slice(dot + 1)];
  const names = (group: Setting['group'], prefix: string) => settings.filter((s) => s.group === group && s.name.startsWith(prefix)).map((s) => s.name.slice(prefix.length));
  if (owner === 'sim') throw new ConfigError(`SimLM has no skill "${name}". Its skills: ${names('dial', 'sim.').join(', ')}.`);
  // Own keys only: "constructor" is not a strategy.
  if (!Object.hasOwn(strategies, owner)) throw new ConfigError(`Unknown sweep key "${trimmed}": no strategy "${owner}". Sweep ${KEY_FORMS}; strategies: ${Object.keys(strategies).join(', ')}.`);
  throw new ConfigError(`${owner} has no parameter "${name}". Its parameters: ${names('hyperparameter', `${owner}.`).join(', ') || 'none'}.`);
}

/** The key as text, the setting's name: `tasks`, `seeds`, `egb-logits.tau`, `sim.kappa`. */
export function sweepKeyText(key: SweepKey): string {
  if (key.kind === 'param') return `${key.strategy}.${key.param}`;
  if (key.kind === 'dial') return `sim.${key.skill}`;
  return key.kind;
}

/** The key's label and range: its setting's in the schema. */
export function sweepKeyInfo(key: SweepKey, strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): SweepKeyInfo {
  const setting = settingOf(key, strategies);
  if (!setting.range) throw new ConfigError(`${setting.name} is not a number to sweep.`);
  const { min, max, aboveMin } = setting.range;
  return { text: setting.name, label: setting.label, min, max, ...(aboveMin ? { aboveMin } : {}), integer: setting.type === 'int' };
}

/** The keys a sweep of this config can change: tasks, seeds, its strategies' hyperparameters, and SimLM's skills on a sim: model. */
export function sweepableKeys(config: Pick<RunConfig, 'strategies' | 'model'>, strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): SweepKey[] {
  const keys = sweepSettings(strategies).map(keyOf);
  const params = config.strategies.flatMap((id) => keys.filter((key) => key.kind === 'param' && key.strategy === id));
  const dials = isSimModel(config.model) ? keys.filter((key) => key.kind === 'dial') : [];
  return [...keys.filter((key) => key.kind === 'tasks' || key.kind === 'seeds'), ...params, ...dials];
}

/**
 * The values from `from` to `to` in `steps` evenly spaced steps, both ends included; whole-number
 * keys are rounded and repeats dropped. Checked against the key's range, so a bad sweep fails
 * before its first run.
 */
export function sweepValues(key: SweepKey, from: number, to: number, steps: number, strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): number[] {
  const info = sweepKeyInfo(key, strategies);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new ConfigError(`The sweep of ${info.text} needs numbers to go from and to.`);
  if (!Number.isInteger(steps) || steps < 2 || steps > MAX_SWEEP_STEPS) throw new ConfigError(`The sweep of ${info.text} needs a whole number of steps from 2 to ${MAX_SWEEP_STEPS} (each step is a run); got ${steps}.`);
  // 12 significant digits: 0.1 + 0.2 reads 0.3 in labels, JSON and the dials' label.
  const at = (i: number) => (i === steps - 1 ? to : from + ((to - from) * i) / (steps - 1));
  const values = [...new Set(Array.from({ length: steps }, (_, i) => (info.integer ? Math.round(at(i)) : Number(at(i).toPrecision(12)))))];
  for (const value of values) {
    const inRange = (info.aboveMin ? value > info.min : value >= info.min) && value <= info.max;
    if (!inRange) throw new ConfigError(`The sweep of ${info.text} reaches ${value}, out of range: ${info.label} takes ${info.integer ? 'whole numbers' : 'numbers'} ${info.aboveMin ? 'above' : 'from'} ${info.min} ${info.aboveMin ? 'and at most' : 'to'} ${info.max}.`);
  }
  if (values.length < 2) throw new ConfigError(`The sweep of ${info.text} from ${from} to ${to} gives only ${values[0]}; give two different ends${info.integer ? ' (it takes whole numbers)' : ''}.`);
  return values;
}

/** Reads `key=from:to:steps`, for example `sim.kappa=1:6:6` or `tasks=10:50:5`. */
export function parseSweep(text: string, strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): Sweep {
  const match = /^\s*([^=\s]+)\s*=\s*([^:]*):([^:]*):([^:]*)$/.exec(text);
  if (!match) throw new ConfigError(`Write a sweep as key=from:to:steps, for example sim.kappa=1:6:6 or tasks=10:50:5; got "${text}".`);
  const key = parseSweepKey(match[1], strategies);
  const [from, to, steps] = match.slice(2).map((part) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(part) ? Number(part) : Number.NaN));
  if (Number.isNaN(from) || Number.isNaN(to) || Number.isNaN(steps)) throw new ConfigError(`Write a sweep as key=from:to:steps with three numbers, for example ${match[1]}=1:6:6; got "${text}".`);
  return { key, values: sweepValues(key, from, to, steps, strategies) };
}

/**
 * One config per value, the base with only the swept setting changed. A hyperparameter of a
 * strategy the run leaves out, or a dial on a model that is not SimLM, would change nothing, so
 * they are refused.
 */
export function sweepConfigs(base: RunConfig, sweep: Sweep, strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): RunConfig[] {
  const { key } = sweep;
  if (key.kind === 'param' && !base.strategies.includes(key.strategy)) {
    throw new ConfigError(`The sweep sets ${key.strategy}.${key.param}, but ${key.strategy} is not among the run's strategies (${base.strategies.join(', ')}); add it.`);
  }
  if (key.kind === 'dial' && !isSimModel(base.model)) {
    throw new ConfigError(`The sweep sets the SimLM skill ${key.skill}, which needs a SimLM model (sim:small, sim:medium, sim:strong), not "${base.model}".`);
  }
  const setting = settingOf(key, strategies);
  return sweep.values.map((value): RunConfig => {
    const config: RunConfig = { ...base, params: { ...base.params }, ...(base.dials ? { dials: { ...base.dials } } : {}) };
    setting.set!(config, value);
    return config;
  });
}

/** A run's aggregate rows as points at `value`, one per environment and strategy, in the rows' order. */
export function sweepPoints(value: number, result: Pick<RunResult, 'rows' | 'results'>): SweepPoint[] {
  return result.rows.map((row) => {
    // Rows from aggregate() carry intervals; a row without (an older stored run) gets them from its task results.
    const intervals = row.intervals ?? intervalsOf(result.results.filter((r) => r.env === row.env && r.strategy === row.strategy));
    return {
      value,
      env: row.env,
      strategy: row.strategy,
      success: row.success,
      successInterval: intervals.success,
      progress: row.progress,
      progressInterval: intervals.progress,
      llmCalls: row.llmCalls,
      llmCallsInterval: intervals.llmCalls,
      promptTokens: row.promptTokens,
      promptTokensInterval: intervals.promptTokens,
      n: row.tasks,
    };
  });
}

/** How runSweep reports and stops. */
export interface SweepOptions {
  /** Called after each finished value with its points and its run (a chart can grow as the sweep goes). */
  onPoint?: (points: SweepPoint[], result: RunResult) => void;
  /**
   * Stops the sweep before its next run. To stop the run under way too, cancel the runner on it
   * (`signal.addEventListener('abort', () => runner.cancel())`): a cancelled run stops the sweep.
   */
  signal?: AbortSignal;
  /** The strategies the sweep's key was parsed with, where not the catalogue's. */
  strategies?: Record<string, StrategyMeta>;
}

/**
 * Runs the sweep's configs in order, one at a time, through `run`. Stops at the first run that is
 * cancelled or fails, or when `signal` aborts, and returns the points so far with that status; a
 * run that throws (a config the runner refuses) rejects the sweep.
 */
export async function runSweep(base: RunConfig, sweep: Sweep, run: (config: RunConfig) => Promise<RunResult>, options: SweepOptions = {}): Promise<SweepResult> {
  const configs = sweepConfigs(base, sweep, options.strategies);
  const info = sweepKeyInfo(sweep.key, options.strategies);
  const result: SweepResult = { key: info.text, label: info.label, values: [...sweep.values], points: [], status: 'done' };
  for (const [i, config] of configs.entries()) {
    if (options.signal?.aborted) return { ...result, status: 'cancelled' };
    const outcome = await run(config);
    if (outcome.status !== 'done') return { ...result, status: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) };
    const points = sweepPoints(sweep.values[i], outcome);
    result.points.push(...points);
    options.onPoint?.(points, outcome);
  }
  return result;
}
