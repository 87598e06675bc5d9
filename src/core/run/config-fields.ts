import { CACHE_MODELS } from '../llm/prompt-cache';
import { OVERFLOW_POLICIES } from '../llm/context-window';
import { PROMPT_LAYOUTS } from '../llm/prompts/prompt-layout';
import { LISTING_MODES } from '../llm/prompts/listing-mode';

/**
 * The run configuration as one property table (after TensorFlow Playground's): each field's name
 * in the link and on the command line (`--<name>`), its label in the form and in "how the setup
 * differs", its type and range. The settings schema (settings.ts) makes each field a setting, with
 * the strategies' hyperparameters and SimLM's dials; the link, the CLI flags, the form's bounds
 * and validation read it from there, so a field is added, renamed or bounded in one place.
 */
export type ConfigField =
  | { key: 'envs' | 'strategies'; name: string; label: string; kind: 'list'; changesResults: true }
  | { key: 'tasks' | 'seeds' | 'seed' | 'concurrency' | 'cacheBlocks' | 'window' | 'shortlistSize'; name: string; label: string; kind: 'int'; min: number; max: number; changesResults: boolean }
  | { key: 'model' | 'embedder' | 'localDevice'; name: string; label: string; kind: 'text'; changesResults: true }
  | { key: 'embedDevice' | 'split' | 'cache' | 'layout' | 'overflow' | 'listing'; name: string; label: string; kind: 'choice'; choices: readonly string[]; changesResults: boolean }
  | { key: 'constrained'; name: string; label: string; kind: 'switch'; changesResults: true }
  | { key: 'temperature'; name: string; label: string; kind: 'number'; min: number; max: number; changesResults: true };

export const CONFIG_FIELDS: readonly ConfigField[] = [
  { key: 'envs', name: 'envs', label: 'environments', kind: 'list', changesResults: true },
  { key: 'strategies', name: 'strategies', label: 'strategies', kind: 'list', changesResults: true },
  { key: 'tasks', name: 'tasks', label: 'tasks per environment', kind: 'int', min: 1, max: 100_000, changesResults: true },
  { key: 'seeds', name: 'seeds', label: 'seeds', kind: 'int', min: 1, max: 1000, changesResults: true },
  { key: 'seed', name: 'seed', label: 'base seed', kind: 'int', min: -2_147_483_648, max: 2_147_483_647, changesResults: true },
  { key: 'model', name: 'model', label: 'model', kind: 'text', changesResults: true },
  { key: 'embedder', name: 'embedder', label: 'sentence embedder', kind: 'text', changesResults: true },
  // Where a transformers.js embedder runs: the page's choice; Node runs onnxruntime-node whatever it says.
  { key: 'embedDevice', name: 'device', label: 'embedding device', kind: 'choice', choices: ['wasm', 'webgpu'], changesResults: false },
  { key: 'split', name: 'split', label: 'split', kind: 'choice', choices: ['test', 'train'], changesResults: true },
  // Results are the same at any concurrency (a test says so); only a server that is not the bottleneck runs faster.
  { key: 'concurrency', name: 'concurrency', label: 'concurrency (requests in flight)', kind: 'int', min: 1, max: 256, changesResults: false },
  { key: 'constrained', name: 'constrained', label: 'constrained actions', kind: 'switch', changesResults: true },
  // Which engine's prompt cache the cost assumes: it changes cached tokens and dollars, never what the model does.
  { key: 'cache', name: 'cache', label: 'prompt cache', kind: 'choice', choices: CACHE_MODELS, changesResults: true },
  { key: 'cacheBlocks', name: 'cache-blocks', label: 'cache blocks', kind: 'int', min: 1, max: 16_777_216, changesResults: true },
  // How strategies lay out their prompts: as the papers do, or static to growing so a prompt cache can reuse them.
  { key: 'layout', name: 'layout', label: 'prompt layout', kind: 'choice', choices: PROMPT_LAYOUTS, changesResults: true },
  // Windows are checked only where overflow is set: fail ends an over-long task, trim drops its oldest steps.
  { key: 'overflow', name: 'overflow', label: 'context overflow', kind: 'choice', choices: OVERFLOW_POLICIES, changesResults: true },
  { key: 'window', name: 'window', label: 'context window', kind: 'int', min: 256, max: 10_000_000, changesResults: true },
  // Which tools a ReAct-style prompt lists: every tool (the papers), a retrieved shortlist, or the shortlist only where every tool does not fit the window (fit).
  { key: 'listing', name: 'listing', label: 'tool listing', kind: 'choice', choices: LISTING_MODES, changesResults: true },
  { key: 'shortlistSize', name: 'shortlist-size', label: 'shortlist size', kind: 'int', min: 1, max: 1000, changesResults: true },
  // Absent: each environment's paper temperature (run/temperature.ts); set, every call of the run samples at it.
  // The device whose seconds the rows carry (device-profiles.ts): it adds localSeconds, never changes what the model does.
  { key: 'localDevice', name: 'local-device', label: 'seconds on a device', kind: 'text', changesResults: true },
  { key: 'temperature', name: 'temperature', label: 'sampling temperature', kind: 'number', min: 0, max: 2, changesResults: true },
];

type IntField = Extract<ConfigField, { kind: 'int' }>;

/** A whole-number field by its key (its range is what validation and the form use). */
export function field(key: IntField['key']): IntField {
  return CONFIG_FIELDS.find((f) => f.key === key) as IntField;
}

/** What a field's range says, for messages: "a whole number from 1 to 100,000". */
export function rangeText(f: IntField): string {
  return `a whole number from ${f.min.toLocaleString('en-US')} to ${f.max.toLocaleString('en-US')}`;
}

/** The setup fields that change a run's results, for "these results are from another setup". */
export const RESULT_FIELDS = CONFIG_FIELDS.filter((f) => f.changesResults);
