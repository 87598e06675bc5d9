import { DEFAULT_EMBEDDER } from '../embed/embedder-catalog';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';

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

const story = (id: string, title: string, lead: string, patch: Partial<RunConfig>): Story => ({ id, title, lead, config: { ...base, ...patch } });

export const STORIES: Story[] = [
  story(
    'autotool-calls',
    'AutoTool saves calls',
    'AutoTool follows tool-usage inertia: when one tool usually follows another, it calls it without asking the model. Look at LLM calls per task: ' +
      'AutoTool needs fewer than ReAct, with intervals that do not overlap. Then look at success and progress: the paper reports progress up on AlfWorld (0.394 to 0.531); ' +
      'the Paired tab says by how much they move, task by task.',
    { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 60, seeds: 3 },
  ),
  story(
    'ecoact-scale',
    'EcoAct at scale',
    'EcoAct lists tools by name only and registers the ones it needs. Look at input tokens per task in the breakdown by tool scale: ' +
      'the saving grows with the number of tools. Then compare pass rates: with the simulated model, each registration is one more ' +
      'decision that can go wrong, so the pass rate drops (the Papers tab gives the reason).',
    { envs: ['toolbench'], strategies: ['react', 'ecoact-react'], tasks: 60, seeds: 3 },
  ),
  story(
    'toolexpnet-experience',
    'ToolExpNet learns from experience',
    'ToolExpNet first tries tools on the training split and writes guidance into a network of tools, then answers the test split with it. ' +
      'Look at the correct-path rate against ReAct and open the network in Inspect. With the simulated model the guidance changes little: ' +
      'its mistakes are fixed preferences, not misread documentation, which is what guidance repairs.',
    { envs: ['restapi'], strategies: ['react', 'toolexpnet'], tasks: 60, seeds: 3 },
  ),
  story(
    'egb-slate',
    'EGB on SLATE',
    'Entropy-guided branching explores alternatives where the model is least sure. Look at execution success on SLATE: Reflexion and both ' +
      'EGB variants far above ReAct, and EGB-Logits above EGB-Sampling in the Paired tab (the rates alone overlap at this size). ' +
      'In Inspect, a task of an EGB strategy opens its branch tree.',
    { envs: ['slate'], strategies: ['react', 'reflexion', 'egb-sampling', 'egb-logits'], tasks: 60, seeds: 3 },
  ),
  story(
    'smaller-model',
    'What a smaller model changes',
    'The other stories run the small (7B-class) simulated model. This one runs the AutoTool comparison on the strong one, so the ' +
      'difference is what the smaller model changes: the strong model solves more with fewer calls, which leaves inertia less to save. ' +
      'Compare the gap in LLM calls and in success with "AutoTool saves calls".',
    { envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 60, seeds: 3, model: 'sim:strong' },
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
