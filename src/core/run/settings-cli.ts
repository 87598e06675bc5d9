/**
 * The settings schema on the command line: one flag per setting, spelled as in links
 * (`--tasks 30`, `--egb-logits.tau 0.3`, `--sim.kappa 3`, `--constrained`), read and checked by the
 * schema, and the `--help` text written from it. The bench's own flags (`--json`, `--claims`, …)
 * are not settings of a run; the bench lists them beside these.
 */
import { ConfigError } from '../errors';
import type { RunConfig } from './run-config';
import { parseSetting, RUN_SETTINGS, SETTINGS, settingNamed, settingText, type Setting, type SettingValue } from './settings';

/** The settings a command line takes (run fields, hyperparameters, dials, and `workers`, `baseline`). */
export const CLI_SETTINGS: readonly Setting[] = SETTINGS.filter((s) => s.where.cli);

/**
 * Older spellings the CLI still reads, each repeatable: `--param <strategy>.<key>=<value>` and
 * `--dial <skill>=<value>` (now `--<strategy>.<key> <value>` and `--sim.<skill> <value>`), and
 * `--env` (now `--envs`).
 */
const OLDER_FLAGS = { param: { type: 'string', multiple: true }, dial: { type: 'string', multiple: true }, env: { type: 'string' } } as const;

/** The options for node:util parseArgs: one per setting (a switch is a boolean flag), and the older spellings. */
export function cliOptions(): Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> {
  return { ...Object.fromEntries(CLI_SETTINGS.map((s) => [s.name, { type: s.type === 'switch' ? ('boolean' as const) : ('string' as const) }])), ...OLDER_FLAGS };
}

/** A setting's value from its flag, or a ConfigError naming the flag and what it takes. */
export function flagValue(setting: Setting, given: string | boolean): SettingValue {
  const text = given === true ? '1' : String(given);
  const parsed = parseSetting(setting, text);
  if (!parsed.ok) throw new ConfigError(`--${setting.name} ${text}: give ${parsed.wanted}.`);
  return parsed.value;
}

/** `--param s.key=value` and `--dial skill=value` as (setting, text) pairs, refused where they name no setting. */
function olderPairs(flags: Record<string, unknown>): [Setting, string][] {
  const pairs: [Setting, string][] = [];
  for (const [flag, prefix, example] of [['param', '', 'autotool-react.theta=0.2'], ['dial', 'sim.', 'kappa=3']] as const) {
    const given = flags[flag];
    for (const text of Array.isArray(given) ? (given as string[]) : []) {
      const eq = text.indexOf('=');
      const setting = eq > 0 ? settingNamed(`${prefix}${text.slice(0, eq)}`) : undefined;
      if (!setting?.set) throw new ConfigError(`--${flag} ${text}: ${eq > 0 ? `no setting "${prefix}${text.slice(0, eq)}"` : 'write name=number'}, for example --${flag} ${example} (the settings are listed by --help).`);
      pairs.push([setting, text.slice(eq + 1)]);
    }
  }
  return pairs;
}

/**
 * A run config from parsed flags: each setting's flag is read and checked by the schema and
 * refused with the flag's name where it does not fit; flags left out keep `base`.
 */
export function configFromCli(flags: Record<string, unknown>, base: RunConfig): RunConfig {
  if (flags.env !== undefined && flags.envs !== undefined) throw new ConfigError('--env and --envs are the same flag; give one.');
  const config: RunConfig = { ...base, params: { ...base.params }, ...(base.dials ? { dials: { ...base.dials } } : {}) };
  const given: [Setting, string | boolean][] = [];
  for (const setting of RUN_SETTINGS) {
    if (!setting.where.cli) continue;
    const value = setting.name === 'envs' ? (flags.envs ?? flags.env) : flags[setting.name];
    if (value === undefined || value === false) continue;
    given.push([setting, value as string | boolean]);
  }
  for (const [setting, value] of [...given, ...olderPairs(flags)]) setting.set!(config, flagValue(setting, value));
  return config;
}

/** A setting's flag as the help writes it: `--tasks N`, `--split test|train`, `--constrained`. */
function flagText(setting: Setting): string {
  const arg = { int: 'N', number: 'X', list: 'ids', text: 'id', switch: '', choice: (setting.choices ?? []).join('|') }[setting.type];
  return `--${setting.name}${arg ? ` ${arg}` : ''}`;
}

/** One help line per setting, grouped (run, hyperparameters, SimLM skills), each with what it takes and its default. */
export function settingsHelp(base: RunConfig, width = 34): string {
  const line = (s: Setting, note: string) => `  ${flagText(s).padEnd(width - 1)} ${note}`;
  const defaultOf = (s: Setting) => {
    const value = s.get?.(base);
    return value === undefined ? s.defaultText : settingText(value);
  };
  const groups: [string, Setting[]][] = [
    ['Run', CLI_SETTINGS.filter((s) => s.group === 'run' || s.group === 'page')],
    ['Hyperparameters (one flag per strategy parameter; also --sweep keys)', CLI_SETTINGS.filter((s) => s.group === 'hyperparameter')],
    ['SimLM skills in place of the preset\'s (a sim: model only; also --sweep keys)', CLI_SETTINGS.filter((s) => s.group === 'dial')],
  ];
  return groups
    .map(([title, settings]) => [`${title}:`, ...settings.map((s) => line(s, `${s.group === 'run' && s.help ? s.help : s.label}${s.type === 'int' || s.type === 'number' ? `: ${settingRange(s)}` : ''}${defaultOf(s) ? ` (default ${defaultOf(s)})` : ''}`))].join('\n'))
    .join('\n\n');
}

function settingRange(s: Setting): string {
  const r = s.range;
  if (!r) return 'a number';
  return r.aboveMin ? `above ${r.min}, at most ${r.max}` : `${r.min} to ${r.max}`;
}

/**
 * `--tasks -1` as `--tasks=-1`: Node's parser takes a value starting with a dash for an option and
 * says "ambiguous"; joined, the setting's own check says what the flag takes (a negative --seed is fine).
 */
export function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (/^--[\w.-]+$/.test(args[i]) && /^-\d/.test(args[i + 1] ?? '')) out.push(`${args[i]}=${args[++i]}`);
    else out.push(args[i]);
  }
  return out;
}
