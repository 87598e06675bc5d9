import { DEFAULT_EMBEDDER } from '../embed/embedder-catalog';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import { SIM_PRESETS } from '../llm/sim/presets';
import { simPresetOf } from '../llm/model-families';
import { byKindTitle } from './breakdown-titles';
import type { LookTarget, Measure } from './story-looks';

/**
 * One-click stories: a run sized so that its intervals mean something, and two or three sentences
 * on what to look at. The sizes were chosen from the run counts the effects need (tasks x seeds),
 * never from which way a result came out. A story's own text holds the mechanism, where to look and
 * questions, never what its run showed (issue 29: "a lesson's text never claims what its run did not
 * show"); what the result on screen shows is written from it, from the story's `measures`
 * (lessons.ts findingsOf: a direction only where the paired interval excludes 0).
 */
export interface Story {
  id: string;
  title: string;
  /** What to look at, shown above the results while the story's setup is the page's. */
  lead: string;
  config: RunConfig;
  /** The columns of the table of means its lead names (shown by default while it is on screen, with outcome and cost). */
  columns: readonly string[];
  /** The part of Results its lead points at first: outlined when the story is played, as a lesson's is. */
  look: LookTarget;
  /** The comparisons its questions ask about, answered in words from the result on screen. */
  measures: readonly Measure[];
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

/** What a story points at and measures, beside its config and words. */
type StoryParts = Pick<Story, 'columns' | 'look' | 'measures'>;

/** A story: its config first, then its title and lead written from that config's words. */
/**
 * Titles are neutral questions (issue 42 item 1): the story bar shows them while a lesson asks the
 * class to predict, so a title that said what the run found ("AutoTool needed fewer LLM calls")
 * would answer the lesson's question before its run.
 */
const story = (id: string, patch: Partial<RunConfig>, title: (w: StoryWords) => string, lead: (w: StoryWords) => string, parts: StoryParts): Story => {
  const config = { ...base, ...patch };
  const words = storyWords(config);
  return { id, title: title(words), lead: lead(words), config, ...parts };
};

/** AutoTool against ReAct on household: what the first and the last story compare. */
const autotoolMeasures = (columns: string[]): Measure[] => columns.map((column) => ({ env: 'household', strategy: 'autotool-react', baseline: 'react', column }));

const AUTOTOOL_TITLE = 'Does AutoTool save calls?';

export const STORIES: Story[] = [
  story(
    'autotool-calls',
    { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 60, seeds: 3 },
    () => AUTOTOOL_TITLE,
    () =>
      'AutoTool follows tool-usage inertia: when one tool usually follows another, it calls it without asking the model. Look at LLM calls per task: ' +
      'does AutoTool need fewer than ReAct, and do the intervals overlap? Then look at success and progress (the paper reports progress rising on AlfWorld, 0.394 to 0.531); ' +
      'the Paired tab compares them task by task.',
    {
      // "Look at LLM calls per task ... Then look at success and progress"; inertia is what saves the calls.
      columns: ['llmCalls', 'success', 'progress', 'inertialCalls'],
      look: { kind: 'chart', env: 'household', cost: 'llmCalls' },
      measures: autotoolMeasures(['llmCalls', 'success', 'progress']),
    },
  ),
  story(
    'ecoact-scale',
    { envs: ['toolbench'], strategies: ['react', 'ecoact-react'], tasks: 60, seeds: 3 },
    () => 'Does EcoAct save tokens at scale?',
    (w) =>
      `EcoAct lists tools by name only and registers the ones it needs. Look at input tokens per task in \u201c${w.byKind('toolbench')}\u201d (it folds open below the charts): ` +
      'does the saving grow with the number of tools? Then compare pass rates: with the simulated model each registration is one more ' +
      'decision that can go wrong, so does EcoAct pass as often?',
    {
      // "Look at input tokens per task ... Then compare pass rates"; registrations are what the tokens buy.
      columns: ['promptTokens', 'success', 'registeredTools'],
      look: { kind: 'breakdown', env: 'toolbench' },
      measures: [
        { env: 'toolbench', strategy: 'ecoact-react', baseline: 'react', column: 'promptTokens' },
        { env: 'toolbench', strategy: 'ecoact-react', baseline: 'react', column: 'success' },
      ],
    },
  ),
  story(
    'toolexpnet-experience',
    // RestBench's Spotify split has 38 test queries, all of them run; four seeds keep 152 task runs a strategy.
    { envs: ['restapi'], strategies: ['react', 'toolexpnet'], tasks: 38, seeds: 4 },
    () => 'Does ToolExpNet learn from experience?',
    () =>
      'ToolExpNet first tries tools on the training split and writes guidance into a network of tools, then answers the test split with it. ' +
      'Look at the correct-path rate against ReAct and open the network in Inspect: does the guidance help? ' +
      'The simulated model\u2019s mistakes are fixed preferences, not misread documentation, which is what guidance repairs.',
    {
      // "Look at the correct-path rate against ReAct".
      columns: ['correctPath', 'success'],
      look: { kind: 'table' },
      measures: [
        { env: 'restapi', strategy: 'toolexpnet', baseline: 'react', column: 'correctPath' },
        { env: 'restapi', strategy: 'toolexpnet', baseline: 'react', column: 'llmCalls' },
      ],
    },
  ),
  story(
    'egb-slate',
    { envs: ['slate'], strategies: ['react', 'reflexion', 'egb-sampling', 'egb-logits'], tasks: 60, seeds: 3 },
    () => 'Does EGB solve more on SLATE?',
    () =>
      'Entropy-guided branching explores alternatives where the model is least sure. Look at execution success on SLATE: do Reflexion and both ' +
      'EGB variants solve more than ReAct, and does EGB-Logits beat EGB-Sampling in the Paired tab, where the rates alone may overlap? ' +
      'In Inspect, a task of an EGB strategy opens its branch tree.',
    {
      // "Look at execution success on SLATE"; logit passes are EGB-Logits' cost.
      columns: ['success', 'logitPasses', 'toolMatch'],
      look: { kind: 'chart', env: 'slate', cost: 'llmCalls' },
      measures: [
        { env: 'slate', strategy: 'egb-logits', baseline: 'react', column: 'success' },
        { env: 'slate', strategy: 'egb-sampling', baseline: 'react', column: 'success' },
        { env: 'slate', strategy: 'reflexion', baseline: 'react', column: 'success' },
        { env: 'slate', strategy: 'egb-logits', baseline: 'egb-sampling', column: 'success' },
      ],
    },
  ),
  story(
    // The id stays for the links that name it; its title comes from the model it runs.
    'smaller-model',
    { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 60, seeds: 3, model: 'sim:strong' },
    (w) => `What does a ${w.comparedWithBase} model change?`,
    (w) =>
      `The other stories run the ${w.baseModel} simulated model. This one runs the AutoTool comparison on the ${w.model} one, so the ` +
      `difference is what the ${w.comparedWithBase} model changes: does it solve more with fewer calls, and leave inertia less to save? ` +
      `Compare the gap in LLM calls and in success with \u201c${AUTOTOOL_TITLE}\u201d.`,
    {
      // "Compare the gap in LLM calls and in success".
      columns: ['llmCalls', 'success'],
      look: { kind: 'chart', env: 'household', cost: 'llmCalls' },
      measures: autotoolMeasures(['llmCalls', 'success']),
    },
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
