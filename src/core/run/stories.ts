import { DEFAULT_EMBEDDER } from '../embed/embedder-catalog';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import { SIM_PRESETS } from '../llm/sim/presets';
import { simPresetOf } from '../llm/model-families';
import { byKindTitle } from './breakdown-titles';

/**
 * One-click stories: a run sized so that its intervals mean something, and two or three sentences
 * on what to look at. The sizes were chosen from the run counts the effects need (tasks x seeds),
 * never from which way a result came out; where an effect does not appear the text says so.
 */
export interface Story {
  id: string;
  title: string;
  /** What to look at, shown above the results while the story's setup is the page's. */
  lead: string;
  config: RunConfig;
}

/** The page's base setup: the bundled SimCSE embedder (the CLI's default is the faster lexical one). */
const base: RunConfig = { ...DEFAULT_RUN_CONFIG, embedder: DEFAULT_EMBEDDER };

/** The simulated presets from weakest to strongest, as SIM_PRESETS lists them. */
const PRESET_ORDER = Object.keys(SIM_PRESETS);

/** A preset's short name ("small", "strong"): the first word of its label, lower case. */
function presetName(model: string): string {
  const preset = simPresetOf(model);
  return preset ? preset.label.split(/[\s(]/)[0].toLowerCase() : model;
}

/**
 * Words a story's text takes from its config, never typed by hand (issue 29: a story said "60 tasks
 * x 3 seeds" and ran 38 x 3, and "a smaller model" over the strong preset): its size, its model,
 * how that model compares with the other stories', and the titles of the folds it points to.
 */
export interface StoryWords {
  /** "60 tasks × 3 seeds". */
  size: string;
  /** The model's preset in a word ("strong"), or its id for a model that is not simulated. */
  model: string;
  /** The base model's preset in a word ("small"). */
  baseModel: string;
  /** "stronger" or "smaller" than the base model; "the same" when it is the base model. */
  comparedWithBase: 'stronger' | 'smaller' | 'the same';
  /** The title of an environment's breakdown by task kind, as Results shows it. */
  byKind(env: string): string;
}

export function storyWords(config: RunConfig): StoryWords {
  const rank = PRESET_ORDER.indexOf(simPresetOf(config.model)?.id ?? '');
  const baseRank = PRESET_ORDER.indexOf(simPresetOf(base.model)?.id ?? '');
  return {
    size: `${config.tasks} tasks \u00d7 ${config.seeds} ${config.seeds === 1 ? 'seed' : 'seeds'}`,
    model: presetName(config.model),
    baseModel: presetName(base.model),
    comparedWithBase: rank === baseRank ? 'the same' : rank > baseRank ? 'stronger' : 'smaller',
    byKind: byKindTitle,
  };
}

/** A story: its config first, then its title and lead written from that config's words. */
const story = (id: string, patch: Partial<RunConfig>, title: (w: StoryWords) => string, lead: (w: StoryWords) => string): Story => {
  const config = { ...base, ...patch };
  const words = storyWords(config);
  return { id, title: title(words), lead: lead(words), config };
};

export const STORIES: Story[] = [
  story(
    'autotool-calls',
    { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 60, seeds: 3 },
    () => 'AutoTool saves calls',
    () =>
      'AutoTool follows tool-usage inertia: when one tool usually follows another, it calls it without asking the model. Look at LLM calls per task: ' +
      'AutoTool needs fewer than ReAct, with intervals that do not overlap. Then look at success and progress: the paper reports progress up on AlfWorld (0.394 to 0.531); ' +
      'the Paired tab says by how much they move, task by task.',
  ),
  story(
    'ecoact-scale',
    { envs: ['toolbench'], strategies: ['react', 'ecoact-react'], tasks: 60, seeds: 3 },
    () => 'EcoAct at scale',
    (w) =>
      `EcoAct lists tools by name only and registers the ones it needs. Look at input tokens per task in \u201c${w.byKind('toolbench')}\u201d (it folds open below the charts): ` +
      'the saving grows with the number of tools. Then compare pass rates: with the simulated model, each registration is one more ' +
      'decision that can go wrong, so the pass rate drops (the Papers tab gives the reason).',
  ),
  story(
    'toolexpnet-experience',
    // RestBench's Spotify split has 38 test queries, all of them run; four seeds keep 152 task runs a strategy.
    { envs: ['restapi'], strategies: ['react', 'toolexpnet'], tasks: 38, seeds: 4 },
    () => 'ToolExpNet learns from experience',
    () =>
      'ToolExpNet first tries tools on the training split and writes guidance into a network of tools, then answers the test split with it. ' +
      'Look at the correct-path rate against ReAct and open the network in Inspect. With the simulated model the guidance changes little: ' +
      'its mistakes are fixed preferences, not misread documentation, which is what guidance repairs.',
  ),
  story(
    'egb-slate',
    { envs: ['slate'], strategies: ['react', 'reflexion', 'egb-sampling', 'egb-logits'], tasks: 60, seeds: 3 },
    () => 'EGB on SLATE',
    () =>
      'Entropy-guided branching explores alternatives where the model is least sure. Look at execution success on SLATE: Reflexion and both ' +
      'EGB variants far above ReAct, and EGB-Logits above EGB-Sampling in the Paired tab (the rates alone overlap at this size). ' +
      'In Inspect, a task of an EGB strategy opens its branch tree.',
  ),
  story(
    // The id stays for the links that name it; its title comes from the model it runs.
    'smaller-model',
    { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 60, seeds: 3, model: 'sim:strong' },
    (w) => `What a ${w.comparedWithBase} model changes`,
    (w) =>
      `The other stories run the ${w.baseModel} simulated model. This one runs the AutoTool comparison on the ${w.model} one, so the ` +
      `difference is what the ${w.comparedWithBase} model changes: the ${w.model} model solves more with fewer calls, which leaves inertia less to save. ` +
      'Compare the gap in LLM calls and in success with \u201cAutoTool saves calls\u201d.',
  ),
];

/** The story the page opens on; its result ships with the page (`npm run ship:default`). */
export const DEFAULT_STORY = STORIES[0];

/** A quick run: one click away, labelled as indicative because its intervals are wide. */
export const QUICK_SIZE = { tasks: 10, seeds: 1 } as const;

/** Fewer task runs per strategy and environment than this and a result is labelled indicative. */
export const INDICATIVE_BELOW = 60;

export function storyById(id: string | null | undefined): Story | undefined {
  return STORIES.find((s) => s.id === id);
}
