import { ConfigError } from '../errors';
import type { RunConfig } from './run-config';
import { CACHE_MODELS } from '../llm/prompt-cache';
import { OVERFLOW_POLICIES } from '../llm/context-window';

/**
 * The run configuration as one property table (after TensorFlow Playground's): each field's name
 * in the link and on the command line (`--<name>`), its label in the form and in "how the setup
 * differs", its type and range. The URL hash, the CLI flags, the form's bounds and validation all
 * read it, so a field is added, renamed or bounded in one place.
 */
export type ConfigField =
  | { key: 'envs' | 'strategies'; name: string; label: string; kind: 'list'; changesResults: true }
  | { key: 'tasks' | 'seeds' | 'seed' | 'concurrency' | 'cacheBlocks' | 'window'; name: string; label: string; kind: 'int'; min: number; max: number; changesResults: boolean }
  | { key: 'model' | 'embedder'; name: string; label: string; kind: 'text'; changesResults: true }
  | { key: 'embedDevice' | 'split' | 'cache' | 'overflow'; name: string; label: string; kind: 'choice'; choices: readonly string[]; changesResults: boolean }
  | { key: 'constrained'; name: string; label: string; kind: 'switch'; changesResults: true }
  | { key: 'temperature'; name: string; label: string; kind: 'number'; min: number; max: number; changesResults: true };

export const CONFIG_FIELDS: readonly ConfigField[] = [
  { key: 'envs', name: 'envs', label: 'environments', kind: 'list', changesResults: true },
  { key: 'strategies', name: 'strategies', label: 'strategies', kind: 'list', changesResults: true },
  { key: 'tasks', name: 'tasks', label: 'tasks', kind: 'int', min: 1, max: 100_000, changesResults: true },
  { key: 'seeds', name: 'seeds', label: 'seeds', kind: 'int', min: 1, max: 1000, changesResults: true },
  { key: 'seed', name: 'seed', label: 'base seed', kind: 'int', min: -2_147_483_648, max: 2_147_483_647, changesResults: true },
  { key: 'model', name: 'model', label: 'model', kind: 'text', changesResults: true },
  { key: 'embedder', name: 'embedder', label: 'embedder', kind: 'text', changesResults: true },
  // Where a transformers.js embedder runs: the page's choice; Node runs onnxruntime-node whatever it says.
  { key: 'embedDevice', name: 'device', label: 'embedding device', kind: 'choice', choices: ['wasm', 'webgpu'], changesResults: false },
  { key: 'split', name: 'split', label: 'split', kind: 'choice', choices: ['test', 'train'], changesResults: true },
  // Results are the same at any concurrency (a test says so); only a server that is not the bottleneck runs faster.
  { key: 'concurrency', name: 'concurrency', label: 'concurrency', kind: 'int', min: 1, max: 256, changesResults: false },
  { key: 'constrained', name: 'constrained', label: 'constrained actions', kind: 'switch', changesResults: true },
  // Which engine's prompt cache the cost assumes: it changes cached tokens and dollars, never what the model does.
  { key: 'cache', name: 'cache', label: 'prompt cache', kind: 'choice', choices: CACHE_MODELS, changesResults: true },
  { key: 'cacheBlocks', name: 'cache-blocks', label: 'cache blocks', kind: 'int', min: 1, max: 16_777_216, changesResults: true },
  // Windows are checked only where overflow is set: fail ends an over-long task, trim drops its oldest steps.
  { key: 'overflow', name: 'overflow', label: 'context overflow', kind: 'choice', choices: OVERFLOW_POLICIES, changesResults: true },
  { key: 'window', name: 'window', label: 'context window', kind: 'int', min: 256, max: 10_000_000, changesResults: true },
  // Absent: each environment's paper temperature (run/temperature.ts); set, every call of the run samples at it.
  { key: 'temperature', name: 'temperature', label: 'sampling temperature', kind: 'number', min: 0, max: 2, changesResults: true },
];

/** Hyperparameters and SimLM dials are families of keys: `p.<strategy>.<key>` and `d.<skill>`. */
export const PARAM_PREFIX = 'p.';
export const DIAL_PREFIX = 'd.';

type IntField = Extract<ConfigField, { kind: 'int' }>;

/** A whole-number field by its key (its range is what validation and the form use). */
export function field(key: IntField['key']): IntField {
  return CONFIG_FIELDS.find((f) => f.key === key) as IntField;
}

/** What a field's range says, for messages: "a whole number from 1 to 100,000". */
export function rangeText(f: IntField): string {
  return `a whole number from ${f.min.toLocaleString('en-US')} to ${f.max.toLocaleString('en-US')}`;
}

/**
 * A field's value from text (a link's or a flag's), or undefined when the text does not fit
 * (a link keeps the default then; the CLI says why with `parseFieldStrict`).
 */
export function parseField(f: ConfigField, text: string): RunConfig[ConfigField['key']] | undefined {
  switch (f.kind) {
    case 'list': {
      const items = text.split(',').map((item) => item.trim()).filter(Boolean);
      return items.length ? items : undefined;
    }
    case 'int': {
      // Whole numbers only; the range is checked by validation, so a link's 0 tasks says why it cannot run.
      if (!/^-?\d+$/.test(text.trim())) return undefined;
      const value = Number(text);
      return Number.isSafeInteger(value) ? value : undefined;
    }
    case 'text':
      return text === '' ? undefined : text;
    case 'choice':
      return f.choices.includes(text) ? text : undefined;
    case 'switch':
      return text === '1' || text === 'true' ? true : text === '0' || text === 'false' ? false : undefined;
    case 'number': {
      const value = text.trim() === '' ? NaN : Number(text);
      return Number.isFinite(value) ? value : undefined;
    }
  }
}

/** Like parseField, but text that does not fit is a ConfigError naming the flag and what it takes. */
export function parseFieldStrict(f: ConfigField, text: string): NonNullable<RunConfig[ConfigField['key']]> {
  const value = parseField(f, text);
  const inRange = (f.kind !== 'int' && f.kind !== 'number') || (typeof value === 'number' && value >= f.min && value <= f.max);
  if (value !== undefined && inRange) return value;
  const wanted =
    f.kind === 'int' ? rangeText(f) : f.kind === 'number' ? `a number from ${f.min} to ${f.max}` : f.kind === 'choice' ? f.choices.join(' or ') : f.kind === 'list' ? 'a comma-separated list of ids' : f.kind === 'switch' ? '1 or 0' : 'a value';
  throw new ConfigError(`--${f.name} ${text}: give ${wanted}.`);
}

/** A field's value as link text; undefined leaves it out of the link (an optional field at its default). */
export function writeField(f: ConfigField, config: RunConfig): string | undefined {
  const value = config[f.key];
  if (f.kind === 'list') return (value as string[]).join(',');
  if (f.key === 'concurrency') return value === undefined || value === 1 ? undefined : String(value);
  if (f.key === 'cache') return value === undefined || value === 'none' ? undefined : String(value);
  if (f.kind === 'switch') return value ? '1' : undefined;
  return value === undefined ? undefined : String(value);
}

/** The setup fields that change a run's results, for "these results are from another setup". */
export const RESULT_FIELDS = CONFIG_FIELDS.filter((f) => f.changesResults);

/**
 * A config from command-line flags (`--tasks 30`, `--constrained`), each read by its field and
 * refused with the flag's name where it does not fit; flags left out keep `base`.
 */
export function configFromFlags(flags: Record<string, string | boolean | undefined>, base: RunConfig): RunConfig {
  const config: RunConfig = { ...base, params: { ...base.params } };
  for (const f of CONFIG_FIELDS) {
    const given = flags[f.name];
    if (given === undefined || given === false) continue;
    const value = parseFieldStrict(f, given === true ? '1' : given);
    (config as unknown as Record<string, unknown>)[f.key] = value;
  }
  return config;
}

/** The CLI's options for node:util parseArgs, one per field (a switch is a boolean flag). */
export function flagOptions(): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(CONFIG_FIELDS.map((f) => [f.name, { type: f.kind === 'switch' ? ('boolean' as const) : ('string' as const) }]));
}

/**
 * `--tasks -1` as `--tasks=-1`: Node's parser takes a value starting with a dash for an option and
 * says "ambiguous"; joined, the field's own check says what the flag takes (a negative --seed is fine).
 */
export function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (/^--[\w-]+$/.test(args[i]) && /^-\d/.test(args[i + 1] ?? '')) out.push(`${args[i]}=${args[++i]}`);
    else out.push(args[i]);
  }
  return out;
}
