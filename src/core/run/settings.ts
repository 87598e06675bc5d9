/**
 * Every setting of Toolwise in one schema: the run's fields, each strategy's hyperparameters, the
 * SimLM skills set as dials, and the page's own state. Each setting has one spelling (its `name`),
 * used as it is in a link (`#tasks=30&egb-logits.tau=0.3&sim.kappa=3`), as a command-line flag
 * (`--tasks 30 --egb-logits.tau 0.3 --sim.kappa 3`) and as a sweep key (`--sweep sim.kappa=1:6:6`).
 * Its zod schema holds its type and bounds, which validation, the form's inputs and the sweep read.
 *
 * The entries are built from where each kind of setting is declared, so nothing is listed twice:
 * run fields from `CONFIG_FIELDS`, hyperparameters from each strategy's `params`, dials from
 * SimLM's `SKILL_RANGES`. `docs/settings.md` describes every one.
 */
import { z } from 'zod';
import { SIM_SKILLS, SKILL_LABELS, SKILL_RANGES, SKILL_WORDS } from '../llm/sim/presets';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import type { StrategyMeta } from '../strategies/strategy';
import { CONFIG_FIELDS, type ConfigField } from './config-fields';
import type { RunConfig } from './run-config';
import { DEFAULT_PROMPT_LAYOUT } from '../llm/prompts/prompt-layout';
import { DEFAULT_LISTING_MODE, DEFAULT_SHORTLIST_SIZE } from '../llm/prompts/listing-mode';

/** A setting's value: a number, a word, a list of ids or a switch. */
export type SettingValue = number | string | string[] | boolean;

/** How a setting's value reads as text (in a link or on the command line). */
export type SettingType = 'int' | 'number' | 'list' | 'text' | 'choice' | 'switch';

export interface Setting {
  /** The one spelling: the link's name, the flag (`--<name>`), the sweep key. */
  name: string;
  /** What it is, in words (the form's label, the help's line). */
  label: string;
  /** The label inside its owner's box on the form (a hyperparameter's without its strategy's name). */
  short?: string;
  /** More about it, where a label is not enough (the help and the docs). */
  help?: string;
  /** What it does, in plain words (the glossary): a hyperparameter's from its strategy's meta, a dial's from SimLM's skills. */
  what?: string;
  /** Which part of the setup it belongs to. */
  group: 'run' | 'hyperparameter' | 'dial' | 'page';
  type: SettingType;
  /** Its values: type, bounds and choices. */
  schema: z.ZodType<SettingValue>;
  /** Bounds of a number, for the form and the messages; `aboveMin` means the bound itself is out. */
  range?: { min: number; max: number; step?: number; aboveMin?: boolean };
  choices?: readonly string[];
  /** The value it takes when nobody sets it, in words where it depends (a preset's skill). */
  defaultText: string;
  /** Older spellings still read from links (a shared link keeps opening); never written. */
  aliases?: readonly string[];
  /** Where the setting applies: a link, the bench's flags, a sweep's key. */
  where: { link: boolean; cli: boolean; sweep: boolean };
  /** Reads the setting from a run config (undefined: not set, left out of links). */
  get?(config: RunConfig): SettingValue | undefined;
  /** Sets it in a run config (undefined: back to its default). */
  set?(config: RunConfig, value: SettingValue | undefined): void;
}

/**
 * One formatter for every number a setting's words show: `toLocaleString` with options builds a new
 * one per call (about 150 µs in V8), and the page's setup wrote thousands of them at each render (the
 * hover text of every hyperparameter field lists every setting's range). Same text.
 */
const NUMBER_TEXT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const numberText = (value: number) => NUMBER_TEXT.format(value);

/**
 * A setting's label as the page's form shows it: the schema's label (inside its strategy's box, a
 * hyperparameter's without the strategy's name), capitalised. The form reads every label from here.
 */
export function formLabel(setting: Pick<Setting, 'label' | 'short'>): string {
  const text = setting.short ?? setting.label;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A setting's tooltip on the form: its help, its default and its spelling in a link and a flag. */
export function settingTitle(setting: Setting): string {
  const about = [setting.help, setting.defaultText && `default ${setting.defaultText}`].filter(Boolean).join('; ');
  const spelled = [setting.where.link && `${setting.name}= in a link`, setting.where.cli && `--${setting.name} on the command line`].filter(Boolean).join(', ');
  return `${about.charAt(0).toUpperCase()}${about.slice(1)}${spelled ? ` (${spelled})` : ''}.`;
}

/** A number's range in words: "a whole number from 1 to 100,000", "a number above 0 and at most 10". */
export function rangeWords(setting: Pick<Setting, 'type' | 'range'>): string {
  const r = setting.range;
  const what = setting.type === 'int' ? 'a whole number' : 'a number';
  if (!r) return what;
  return r.aboveMin ? `${what} above ${numberText(r.min)} and at most ${numberText(r.max)}` : `${what} from ${numberText(r.min)} to ${numberText(r.max)}`;
}

/** What a setting takes, in words, for messages and the help. */
export function wantedWords(setting: Setting): string {
  switch (setting.type) {
    case 'int':
    case 'number':
      return rangeWords(setting);
    case 'choice':
      return (setting.choices ?? []).join(' or ');
    case 'list':
      return 'a comma-separated list of ids';
    case 'switch':
      return '1 or 0';
    case 'text':
      return 'a value';
  }
}

function numberSchema(type: 'int' | 'number', range: { min: number; max: number; aboveMin?: boolean }): z.ZodType<number> {
  let schema = z.number();
  if (type === 'int') schema = schema.int();
  schema = range.aboveMin ? schema.gt(range.min) : schema.min(range.min);
  return schema.max(range.max);
}

/** More about some run fields, for the help and the docs. */
const RUN_HELP: Partial<Record<ConfigField['key'], string>> = {
  envs: 'environment ids, comma-separated',
  strategies: 'strategy ids, comma-separated',
  tasks: 'taken from the split in a fixed order',
  seeds: 'seeds per task; seed i is seed + i',
  split: 'the split that is scored; learning strategies learn on the other one',
  model: 'sim:small, sim:medium or sim:strong (SimLM), webllm:<model>, wllama:<file.gguf or URL> (page only; a file is picked in Setup), or a server: openai:<base URL>#<model>, e.g. openai:http://localhost:11434/v1#qwen2.5:7b-instruct',
  embedder: 'the strategies\' embedder: lexical or toolwise-simcse (bundled), or a transformers.js model on the page',
  embedDevice: 'where a transformers.js embedder runs on the page (Node runs onnxruntime-node whatever it says)',
  concurrency: 'independent streams at once and requests in flight at most; results do not change with it',
  constrained: 'the model answers with a JSON object that names one of the listed tools, so it never writes a malformed reply or an unlisted tool (a server\'s response_format JSON schema; SimLM honours it too)',
  cache: 'the prompt cache the cost assumes: none, extend (web-llm), prefix (llama.cpp), block (vLLM, 16-token blocks), provider (OpenAI); cached prompt tokens are billed at the cached-input price, and a server\'s own count is used where it reports one; it changes cached tokens and dollars, never what the model does',
  cacheBlocks: 'blocks the block and provider caches hold (an LRU)',
  layout: 'how strategies lay out their prompts: paper (as the papers write them: reflections, registered tools and SLATE\'s candidates in the system prompt) or cache (static to growing: the system prompt stays the same over a task\'s calls, what grows is appended, what changes every call comes last, so a prompt cache can reuse the prefix); SimLM reads the same facts under both',
  overflow: 'check prompts against the model\'s context window (SimLM: its class\'s; WebLLM: its record\'s; wllama: its GGUF\'s trained length; a server: what it reports; window in place of any of them): fail ends the task (outcome context-overflow), trim drops the oldest steps, keeping the instruction',
  window: 'the context window in tokens: a WebLLM model loads with it (web-llm\'s chatOpts.context_window_size, any positive size; a larger window takes more GPU memory for the KV cache), and so does a wllama model (llama.cpp\'s n_ctx); elsewhere it stands in for the model\'s own (a server that reports none); the overflow check uses the same number',
  listing: 'which tools a ReAct-style prompt lists (AutoTool, the 3-gram baseline, ToolExpNet, and ReAct and Reflexion outside SLATE): full lists every tool, as the papers do; shortlist lists the tools the run\'s embedder retrieves for the task\'s goal, as the plan-guided strategies do on SLATE (a deviation from those papers, shown on each row it touches); fit lists every tool where the task\'s first prompt with them fits the model\'s context window, else the shortlist. EcoAct (names only) and the plan-guided strategies list their own',
  shortlistSize: 'tools on the shortlist (listing shortlist or fit), retrieved by the run\'s embedder for the task\'s goal and listed in the library\'s order; the finishing tool is always listed',
  localDevice: 'the device whose seconds each task run carries (localSeconds = uncached prompt tokens / prefill rate + completion tokens / decode rate + calls x overhead): a profile\'s id, or <prefill tokens/s>,<decode tokens/s>,<overhead seconds per call>; it never changes what the model does. A model that measures its own seconds (llama:) carries those instead',
  temperature: 'sampling temperature of every model call',
};

/** Defaults in words, where a run field has one of its own (the others: the page's default story, the bench's base). */
const RUN_DEFAULTS: Partial<Record<ConfigField['key'], string>> = {
  embedDevice: 'wasm',
  split: 'test',
  concurrency: '1',
  constrained: 'off',
  cache: 'none',
  cacheBlocks: '65,536',
  layout: DEFAULT_PROMPT_LAYOUT,
  overflow: 'windows not checked',
  window: "the model's",
  listing: DEFAULT_LISTING_MODE,
  shortlistSize: DEFAULT_SHORTLIST_SIZE.toLocaleString('en-US'),
  localDevice: 'no seconds',
  temperature: "each environment's paper's: household, academic and restapi 0 (AutoTool 5.1, ToolExpNet 4.3), slate 1 (EGB 6.1), toolbench 1 (EcoAct states none)",
};

/** Values a link leaves out: an optional field at its default. */
const LEFT_OUT_AT: Partial<Record<string, SettingValue>> = { concurrency: 1, cache: 'none', layout: DEFAULT_PROMPT_LAYOUT, listing: DEFAULT_LISTING_MODE, constrained: false };

/** A run field of the property table as a setting. */
function runSetting(f: ConfigField): Setting {
  const help = RUN_HELP[f.key];
  const base = { name: f.name, label: f.label, ...(help ? { help } : {}), group: 'run' as const, defaultText: RUN_DEFAULTS[f.key] ?? '', where: { link: true, cli: true, sweep: f.key === 'tasks' || f.key === 'seeds' } };
  const get = (config: RunConfig) => (config as unknown as Record<string, SettingValue | undefined>)[f.key];
  const set = (config: RunConfig, value: SettingValue | undefined) => {
    const record = config as unknown as Record<string, unknown>;
    if (value === undefined || (f.kind === 'switch' && value === false)) delete record[f.key];
    else record[f.key] = value;
  };
  switch (f.kind) {
    case 'list':
      return { ...base, type: 'list', schema: z.array(z.string().min(1)).min(1), get, set };
    case 'int':
      return { ...base, type: 'int', schema: numberSchema('int', f), range: { min: f.min, max: f.max, step: 1 }, get, set };
    case 'number':
      return { ...base, type: 'number', schema: numberSchema('number', f), range: { min: f.min, max: f.max }, get, set };
    case 'text':
      return { ...base, type: 'text', schema: z.string().min(1), get, set };
    case 'choice':
      return { ...base, type: 'choice', schema: z.enum(f.choices as [string, ...string[]]), choices: f.choices, get, set };
    case 'switch':
      return { ...base, type: 'switch', schema: z.boolean(), get, set };
  }
}

/** A strategy's hyperparameter as a setting, `<strategy>.<key>` (links once wrote `p.<strategy>.<key>`). */
function hyperparameterSetting(strategy: StrategyMeta, param: StrategyMeta['params'][number]): Setting {
  const type = Number.isInteger(param.step) ? 'int' : 'number';
  return {
    name: `${strategy.id}.${param.key}`,
    label: `${strategy.label}: ${param.label}`,
    short: param.label,
    group: 'hyperparameter',
    type,
    schema: numberSchema(type, param),
    range: { min: param.min, max: param.max, step: param.step },
    defaultText: numberText(param.default),
    help: param.source,
    what: param.what,
    aliases: [`p.${strategy.id}.${param.key}`],
    where: { link: true, cli: true, sweep: true },
    get: (config) => (Object.hasOwn(config.params, strategy.id) ? config.params[strategy.id][param.key] : undefined),
    set: (config, value) => {
      const values = { ...(Object.hasOwn(config.params, strategy.id) ? config.params[strategy.id] : {}) };
      if (value === undefined) delete values[param.key];
      else values[param.key] = value as number;
      config.params = { ...config.params };
      if (Object.keys(values).length) config.params[strategy.id] = values;
      else delete config.params[strategy.id];
    },
  };
}

/** A SimLM skill as a dial, `sim.<skill>` (links once wrote `d.<skill>`, the CLI `--dial <skill>=`). */
function dialSetting(skill: (typeof SIM_SKILLS)[number]): Setting {
  const range = SKILL_RANGES[skill];
  return {
    name: `sim.${skill}`,
    label: `SimLM: ${SKILL_LABELS[skill]}`,
    what: SKILL_WORDS[skill],
    group: 'dial',
    type: 'number',
    schema: numberSchema('number', range),
    range,
    defaultText: "the model preset's",
    aliases: [`d.${skill}`],
    where: { link: true, cli: true, sweep: true },
    get: (config) => config.dials?.[skill],
    set: (config, value) => {
      const dials = { ...config.dials };
      if (value === undefined) delete dials[skill];
      else dials[skill] = value as number;
      if (Object.keys(dials).length) config.dials = dials;
      else delete config.dials;
    },
  };
}

/** The views of Results, one at a time (the page's `view`). */
export const VIEWS = ['results', 'paired', 'papers', 'sweep'] as const;

/** The page's own state: not part of a run, carried by links; `workers` also by the CLI. */
const PAGE_SETTINGS: Setting[] = [
  { name: 'view', label: 'open view of Results', group: 'page', type: 'choice', schema: z.enum(VIEWS), choices: VIEWS, defaultText: 'results', where: { link: true, cli: false, sweep: false } },
  { name: 'trace', label: 'trace open in Inspect (env/strategy/seed/task)', group: 'page', type: 'text', schema: z.string().min(1), defaultText: 'none', where: { link: true, cli: false, sweep: false } },
  { name: 'compare', label: 'trace shown beside it, aligned by step', group: 'page', type: 'text', schema: z.string().min(1), defaultText: 'none', where: { link: true, cli: false, sweep: false } },
  { name: 'baseline', label: 'baseline strategy of the paired comparison', group: 'page', type: 'text', schema: z.string().min(1), defaultText: 'the first strategy', where: { link: true, cli: true, sweep: false } },
  { name: 'results', label: 'the link was taken with its results on screen (opening it shows or reruns them)', group: 'page', type: 'switch', schema: z.boolean(), defaultText: 'off', where: { link: true, cli: false, sweep: false } },
  { name: 'story', label: 'a story: its setup and its results', group: 'page', type: 'text', schema: z.string().min(1), defaultText: 'none', where: { link: true, cli: false, sweep: false } },
  { name: 'lesson', label: 'a lesson for a class: its story\u2019s setup, run with one click (src/core/run/lessons.ts)', group: 'page', type: 'text', schema: z.string().min(1), defaultText: 'none', where: { link: true, cli: false, sweep: false } },
  {
    name: 'workers',
    label: 'worker threads the run is split over',
    group: 'page',
    type: 'int',
    schema: numberSchema('int', { min: 1, max: 16 }),
    range: { min: 1, max: 16, step: 1 },
    defaultText: 'the page: hardware threads - 1, at most 4; the bench: 1',
    where: { link: true, cli: true, sweep: false },
  },
];

/** Builds the schema from the property table, these strategies and SimLM's skills. */
export function buildSettings(strategies: Record<string, StrategyMeta> = STRATEGY_CATALOG): Setting[] {
  return [
    ...CONFIG_FIELDS.map(runSetting),
    ...Object.values(strategies).flatMap((strategy) => strategy.params.map((param) => hyperparameterSetting(strategy, param))),
    ...SIM_SKILLS.map(dialSetting),
    ...PAGE_SETTINGS,
  ];
}

/** Every setting, in the order the help and the docs list them. */
export const SETTINGS: readonly Setting[] = buildSettings();

const BY_NAME: ReadonlyMap<string, Setting> = new Map<string, Setting>(SETTINGS.flatMap((s) => [[s.name, s] as const, ...(s.aliases ?? []).map((alias) => [alias, s] as const)]));

/** A setting by its name or an older spelling of it; undefined for one there is not. */
export function settingNamed(name: string): Setting | undefined {
  return BY_NAME.get(name);
}

/** The settings of a run config (run fields, hyperparameters, dials), which a RunConfig holds. */
export const RUN_SETTINGS: readonly Setting[] = SETTINGS.filter((s) => s.get && s.set);

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** A value read from text: the value, or why the text does not fit (`message` for a link, `wanted` for any caller). */
export type ParsedSetting = { ok: true; value: SettingValue } | { ok: false; message: string; wanted: string };

/**
 * Reads a setting's value from text, as a link or a flag gives it, and checks it against the
 * schema: `NaN`, `1e999`, `2.5` tasks or `-3` seeds say what the setting takes instead of
 * becoming a default.
 */
export function parseSetting(setting: Setting, text: string): ParsedSetting {
  const trimmed = text.trim();
  let value: SettingValue | undefined;
  switch (setting.type) {
    case 'int':
    case 'number':
      value = NUMBER.test(trimmed) ? Number(trimmed) : undefined;
      break;
    case 'list': {
      const items = trimmed.split(',').map((item) => item.trim()).filter(Boolean);
      value = items.length ? items : undefined;
      break;
    }
    case 'switch':
      value = trimmed === '1' || trimmed === 'true' ? true : trimmed === '0' || trimmed === 'false' ? false : undefined;
      break;
    default:
      value = text;
  }
  const checked = value === undefined ? undefined : setting.schema.safeParse(value);
  if (checked?.success) return { ok: true, value: checked.data };
  return { ok: false, wanted: wantedWords(setting), message: `${setting.name}=${text}: give ${wantedWords(setting)} (${setting.label}).` };
}

/** A setting's value as text (a link's or a flag's); parseSetting reads it back. */
export function settingText(value: SettingValue): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** Whether a run setting is left out of links at this value (an optional field at its default). */
function leftOut(setting: Setting, value: SettingValue | undefined): boolean {
  return value === undefined || (Object.hasOwn(LEFT_OUT_AT, setting.name) && LEFT_OUT_AT[setting.name] === value);
}

/** A run config's settings as (name, text) pairs, in schema order, defaults of optional fields left out. */
export function runSettingPairs(config: RunConfig): [string, string][] {
  return RUN_SETTINGS.flatMap((s) => {
    const value = s.get!(config);
    return leftOut(s, value) ? [] : [[s.name, settingText(value!)] as [string, string]];
  });
}

/**
 * A run config from (name, text) pairs: each run setting found (by its name or an older spelling)
 * is read and checked; pairs naming no run setting are left to the caller. Text that does not fit
 * is a problem, and the setting keeps `base`'s value.
 */
export function runConfigFromPairs(pairs: Iterable<[string, string]>, base: RunConfig): { config: RunConfig; problems: string[] } {
  const config: RunConfig = { ...base, params: { ...base.params }, ...(base.dials ? { dials: { ...base.dials } } : {}) };
  const problems: string[] = [];
  for (const [name, text] of pairs) {
    const setting = settingNamed(name);
    if (!setting?.set) continue;
    const parsed = parseSetting(setting, text);
    if (parsed.ok) setting.set(config, parsed.value);
    else problems.push(parsed.message);
  }
  return { config, problems };
}
