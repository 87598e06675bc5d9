import { storyById, INDICATIVE_BELOW, type Story } from './stories';
import { pairedDifferences, type PairedDifference } from './paired';
import type { RunResult, TaskResult } from './results';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { ENV_CATALOG } from '../envs/catalog';
import type { LookTarget, Measure } from './story-looks';

/**
 * Lessons for a class (issue 29 item 2): a path of short lessons, each on a story's run. A lesson
 * asks the class to predict, runs the story, points at the part of Results to look at, and then
 * says what the run showed. Its own text holds only questions and pointers; every sentence about
 * the result is written by `lessonFindings` from the run on screen (its measured differences and
 * whether their intervals exclude 0), so a lesson never claims what its run did not show.
 */

/** Where on the page a lesson points: the UI maps each to an element (src/ui/lessons/lesson-targets.ts). */
export type LessonTarget = LookTarget;

/** A difference a lesson measures: `strategy` minus `baseline` in `column`, paired on task and seed. */
export type LessonMeasure = Measure;

export interface Lesson {
  id: string;
  /** The story whose run the lesson runs. */
  story: string;
  title: string;
  /** Questions to answer before the run. */
  predict: string[];
  /** Where to look, as a pointer ("the chart of LLM calls per task"), never what it will show. */
  look: { target: LessonTarget; words: string };
  measures: LessonMeasure[];
  /** A question for the class once the run is on screen. */
  discuss: string;
}

export const LESSONS: Lesson[] = [
  {
    id: 'autotool-calls',
    story: 'autotool-calls',
    title: 'Skipping the model',
    predict: ['How will AutoTool\u2019s LLM calls per task compare with ReAct\u2019s: fewer, about as many, or more?', 'How will its success rate compare with ReAct\u2019s?'],
    look: { target: { kind: 'chart', env: 'household', cost: 'llmCalls' }, words: 'the chart of success against LLM calls per task: one point per strategy, with its interval bars' },
    measures: [
      { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'llmCalls' },
      { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'success' },
    ],
    discuss: 'AutoTool calls a tool without asking the model when that tool usually follows the last one. When could that shortcut go wrong, and what would a wrong call cost?',
  },
  {
    id: 'task-by-task',
    story: 'autotool-calls',
    title: 'Task by task',
    predict: ['If two success rates are close, can comparing the same tasks one by one still tell the strategies apart?', 'Will each strategy solve some tasks the other fails?'],
    look: { target: { kind: 'paired', env: 'household' }, words: 'the Paired tab: the difference on each task and seed, averaged, and the task runs only one strategy solved' },
    measures: [
      { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'success' },
      { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'progress' },
    ],
    discuss: 'Why can a paired interval be narrower than the two rates\u2019 own intervals? What do the tasks that only one strategy solved have in common (click one to read both traces)?',
  },
  {
    id: 'ecoact-scale',
    story: 'ecoact-scale',
    title: 'Tools by name only',
    predict: [
      'EcoAct lists tools by name only. How will its input tokens per task compare with ReAct\u2019s: fewer, about as many, or more?',
      'How will the difference in input tokens change as the number of candidate tools grows?',
      'How will its pass rate compare with ReAct\u2019s?',
    ],
    look: {
      target: { kind: 'breakdown', env: 'toolbench' },
      words: 'the breakdown by tool scale, below the charts: its chart of estimated cost per task, and its table of input tokens and success (the pass rate) for 0-10, 10-20 and 20+ candidate tools',
    },
    measures: [
      { env: 'toolbench', strategy: 'ecoact-react', baseline: 'react', column: 'promptTokens', perKind: true },
      { env: 'toolbench', strategy: 'ecoact-react', baseline: 'react', column: 'success' },
    ],
    discuss: 'Registering a tool is one more decision the model can get wrong. When is a shorter prompt worth that risk?',
  },
  {
    id: 'toolexpnet-experience',
    story: 'toolexpnet-experience',
    title: 'Learning from trial runs',
    predict: [
      'ToolExpNet writes guidance from trial runs on the training queries. Will it find the correct API path more often than ReAct, about as often, or less often?',
      'How will its LLM calls per task compare with ReAct\u2019s?',
    ],
    look: { target: { kind: 'table' }, words: 'the Correct path and LLM calls columns of the table of means; then the network ToolExpNet built, in Inspect' },
    measures: [
      { env: 'restapi', strategy: 'toolexpnet', baseline: 'react', column: 'correctPath' },
      { env: 'restapi', strategy: 'toolexpnet', baseline: 'react', column: 'llmCalls' },
    ],
    discuss: 'Guidance repairs a misread tool description. Which kinds of mistakes can experience fix, and which can it not?',
  },
  {
    id: 'egb-slate',
    story: 'egb-slate',
    title: 'Branching where the model is unsure',
    predict: [
      'EGB-Logits explores alternatives where the model is least sure. Will it solve more SLATE tasks than ReAct, about as many, or fewer?',
      'How will its LLM calls per task compare with ReAct\u2019s?',
      'How will its success compare with Reflexion\u2019s, which reflects on a failure and tries again?',
    ],
    look: { target: { kind: 'chart', env: 'slate', cost: 'llmCalls' }, words: 'the SLATE chart of success against LLM calls per task: one point per strategy, EGB-Logits among them' },
    measures: [
      { env: 'slate', strategy: 'egb-logits', baseline: 'react', column: 'success' },
      { env: 'slate', strategy: 'egb-logits', baseline: 'react', column: 'llmCalls' },
      { env: 'slate', strategy: 'egb-logits', baseline: 'reflexion', column: 'success' },
    ],
    discuss: 'EGB spends extra model work only where the next step is uncertain. How would you decide whether that spending pays off?',
  },
  {
    id: 'stronger-model',
    story: 'smaller-model',
    title: 'A stronger model',
    predict: ['On a stronger model, how will AutoTool\u2019s LLM calls per task compare with ReAct\u2019s?', 'Will the difference in calls be larger or smaller than in the first lesson?'],
    look: { target: { kind: 'chart', env: 'household', cost: 'llmCalls' }, words: 'the chart of success against LLM calls per task, as in the first lesson' },
    measures: [
      { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'llmCalls' },
      { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'success' },
    ],
    discuss: 'Put this run\u2019s difference in calls beside the first lesson\u2019s. What does a stronger model leave a shortcut to save?',
  },
];

export function lessonById(id: string | null | undefined): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}

/** The lesson's story (every lesson names one; lessons.test.ts checks it). */
export function lessonStory(lesson: Lesson): Story {
  const story = storyById(lesson.story);
  if (!story) throw new Error(`Lesson ${lesson.id} names no story ${lesson.story}.`);
  return story;
}

/** How a column reads in a sentence, and whether it is a rate (its differences in percentage points). */
interface ColumnWords {
  noun: string;
  lower: string;
  higher: string;
  rate: boolean;
}

const COLUMN_WORDS: Record<string, ColumnWords> = {
  llmCalls: { noun: 'LLM calls per task', lower: 'needed fewer LLM calls per task', higher: 'needed more LLM calls per task', rate: false },
  promptTokens: { noun: 'input tokens per task', lower: 'sent fewer input tokens per task', higher: 'sent more input tokens per task', rate: false },
  success: { noun: 'success rate', lower: 'solved fewer task runs', higher: 'solved more task runs', rate: true },
  progress: { noun: 'progress rate', lower: 'reached less of each task\u2019s subgoals', higher: 'reached more of each task\u2019s subgoals', rate: true },
  correctPath: { noun: 'correct-path rate', lower: 'found the correct API path less often', higher: 'found the correct API path more often', rate: true },
};

export const lessonColumns = () => Object.keys(COLUMN_WORDS);

const nameOf = (strategy: string) => STRATEGY_CATALOG[strategy]?.label ?? strategy;

/** Thousands grouped ("39,002", not "39002"), as everywhere else on the page (issue 42 item 1). */
const GROUPED = [new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }), new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })];

function format(value: number, rate: boolean): string {
  if (rate) return `${(value * 100).toFixed(1)} points`;
  return GROUPED[Math.abs(value) >= 100 ? 0 : 1].format(value);
}

function formatMean(value: number, rate: boolean): string {
  return rate ? `${(value * 100).toFixed(1)}%` : format(value, false);
}

/** Which way a paired difference points: only where its 95% interval excludes 0. */
export function direction(difference: PairedDifference): 'lower' | 'higher' | 'unclear' {
  const [low, high] = difference.interval;
  if (high < 0) return 'lower';
  if (low > 0) return 'higher';
  return 'unclear';
}

/** One measured finding, in words and in numbers (the numbers for tests and the page's data attributes). */
export interface Finding {
  measure: LessonMeasure;
  text: string;
  /** The same in one short sentence (the story bar's): direction, the two means, the paired difference and its interval. */
  brief: string;
  direction: 'lower' | 'higher' | 'unclear';
  difference: number;
  interval: [number, number];
  pairs: number;
}

function columnRead(column: string): (r: TaskResult) => number | undefined {
  if (column === 'success') return (r) => (r.success ? 1 : 0);
  if (column === 'progress') return (r) => r.progress;
  if (column === 'llmCalls') return (r) => r.llmCalls;
  if (column === 'promptTokens') return (r) => r.promptTokens;
  return (r) => r.metrics[column];
}

function meanOf(results: TaskResult[], column: string): number | undefined {
  const read = columnRead(column);
  const values = results.map(read).filter((v): v is number => v !== undefined);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

/** The sentence for one paired difference: its direction only where the interval excludes 0. */
function sentence(measure: LessonMeasure, difference: PairedDifference, results: TaskResult[], scope = ''): string {
  const words = COLUMN_WORDS[measure.column] ?? { noun: measure.column, lower: `had a lower ${measure.column}`, higher: `had a higher ${measure.column}`, rate: false };
  const strategy = nameOf(measure.strategy);
  const baseline = nameOf(measure.baseline);
  const [low, high] = difference.interval;
  const means = [measure.strategy, measure.baseline].map((s) => meanOf(results.filter((r) => r.strategy === s), measure.column));
  const meanText = means.every((m) => m !== undefined) ? ` (${strategy} ${formatMean(means[0]!, words.rate)}, ${baseline} ${formatMean(means[1]!, words.rate)})` : '';
  const interval = `95% interval ${format(low, words.rate)} to ${format(high, words.rate)}`;
  // Where success is compared, the task runs only one of them solved (the Paired tab lists them).
  const only =
    measure.column === 'success' && !scope
      ? ` ${strategy} solved ${difference.onlyStrategy.length} task ${difference.onlyStrategy.length === 1 ? 'run' : 'runs'} that ${baseline} failed, and ${baseline} ${difference.onlyBaseline.length} that ${strategy} failed.`
      : '';
  const way = direction(difference);
  if (way === 'unclear') {
    return `${scope}This run does not show a difference in ${words.noun} between ${strategy} and ${baseline}${meanText}: the paired difference is ${format(difference.difference, words.rate)}, and its ${interval} includes 0.${only}`;
  }
  return `${scope}${strategy} ${way === 'lower' ? words.lower : words.higher} than ${baseline}${meanText}: the paired difference is ${format(difference.difference, words.rate)} (${interval}, which excludes 0).${only}`;
}

/** The short sentence: direction only where the interval excludes 0, the means, the difference and its interval. */
function briefSentence(measure: LessonMeasure, difference: PairedDifference, results: TaskResult[]): string {
  const words = COLUMN_WORDS[measure.column] ?? { noun: measure.column, lower: `had a lower ${measure.column}`, higher: `had a higher ${measure.column}`, rate: false };
  const strategy = nameOf(measure.strategy);
  const baseline = nameOf(measure.baseline);
  const [low, high] = difference.interval;
  const means = [measure.strategy, measure.baseline].map((s) => meanOf(results.filter((r) => r.strategy === s), measure.column));
  const meanText = means.every((m) => m !== undefined) ? `${formatMean(means[0]!, words.rate)} against ${formatMean(means[1]!, words.rate)}, ` : '';
  const paired = `paired difference ${format(difference.difference, words.rate)}, 95% interval ${format(low, words.rate)} to ${format(high, words.rate)}`;
  const way = direction(difference);
  if (way === 'unclear') return `No difference shown in ${words.noun} between ${strategy} and ${baseline} (${meanText}${paired}, which includes 0).`;
  return `${strategy} ${way === 'lower' ? words.lower : words.higher} than ${baseline} (${meanText}${paired}).`;
}

/**
 * What the run on screen shows for each of the lesson's measures: a sentence per paired difference,
 * its direction only where the interval excludes 0, and per task kind where asked. A measure the run
 * has no pairs for says so.
 */
export function lessonFindings(lesson: Lesson, results: TaskResult[]): Finding[] {
  return findingsOf(lesson.measures, results);
}

/** The findings of any list of measures (a lesson's, a story's) on the task runs given. */
export function findingsOf(measures: readonly LessonMeasure[], results: TaskResult[]): Finding[] {
  const findings: Finding[] = [];
  for (const measure of measures) {
    const inEnv = results.filter((r) => r.env === measure.env && (r.strategy === measure.strategy || r.strategy === measure.baseline));
    const [difference] = pairedDifferences(inEnv, measure.baseline, [measure.column]).filter((d) => d.strategy === measure.strategy);
    if (!difference) {
      const text = `This run has no paired task runs of ${nameOf(measure.strategy)} and ${nameOf(measure.baseline)} to compare ${COLUMN_WORDS[measure.column]?.noun ?? measure.column}.`;
      findings.push({ measure, text, brief: text, direction: 'unclear', difference: 0, interval: [0, 0], pairs: 0 });
      continue;
    }
    const finding = (d: PairedDifference, group: TaskResult[], scope?: string): Finding => ({
      measure,
      text: sentence(measure, d, group, scope),
      brief: (scope ?? '') + briefSentence(measure, d, group),
      direction: direction(d),
      difference: d.difference,
      interval: d.interval,
      pairs: d.pairs,
    });
    findings.push(finding(difference, inEnv));
    if (measure.perKind) {
      const kinds = [...new Set(inEnv.map((r) => r.taskKind))].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
      const kindWord = ENV_CATALOG[measure.env]?.kindLabel ?? 'task kind';
      for (const kind of kinds) {
        const group = inEnv.filter((r) => r.taskKind === kind);
        const [d] = pairedDifferences(group, measure.baseline, [measure.column]).filter((x) => x.strategy === measure.strategy);
        if (d) findings.push(finding(d, group, `At ${kindWord} ${kind} (${d.pairs} pairs): `));
      }
    }
  }
  return findings;
}

/**
 * The caveats of the run on screen, computed from it: the model (simulated or not), its size in
 * tasks x seeds, how wide the intervals are, and whether it is indicative, cancelled or partial.
 */
export function lessonCaveats(lesson: Lesson, result: Pick<RunResult, 'model' | 'status' | 'config'> & { results: TaskResult[] }, findings: Finding[]): string[] {
  const caveats: string[] = [];
  caveats.push(
    result.model.simulated
      ? `${result.model.label}: a simulated model, not a real LLM. It reproduces how often a model of its class errs, not a real model\u2019s reasoning; a real model may differ.`
      : `Model: ${result.model.label}.`,
  );
  const envs = [...new Set(lesson.measures.map((m) => m.env))];
  for (const env of envs) {
    const ran = result.results.filter((r) => r.env === env);
    const tasks = new Set(ran.map((r) => r.taskId)).size;
    const seeds = new Set(ran.map((r) => r.seed)).size;
    const perStrategy = Math.min(...lesson.measures.filter((m) => m.env === env).flatMap((m) => [m.strategy, m.baseline]).map((s) => ran.filter((r) => r.strategy === s).length));
    caveats.push(
      `${ENV_CATALOG[env]?.label ?? env}: ${tasks} tasks \u00d7 ${seeds} ${seeds === 1 ? 'seed' : 'seeds'}, ${perStrategy} task runs per strategy${perStrategy < INDICATIVE_BELOW ? ' (indicative: below ' + INDICATIVE_BELOW + ', intervals are wide)' : ''}.`,
    );
  }
  const measured = findings.filter((f) => f.pairs > 0 && !f.text.startsWith('At '));
  if (measured.length) {
    // A column measured twice (EGB-Logits against ReAct and against Reflexion) names its pair, or two "success rate" widths read alike.
    const twice = (column: string) => measured.filter((f) => f.measure.column === column).length > 1;
    const widths = measured.map((f) => {
      const words = COLUMN_WORDS[f.measure.column];
      const pair = twice(f.measure.column) ? ` (${nameOf(f.measure.strategy)} against ${nameOf(f.measure.baseline)})` : '';
      return `${words?.noun ?? f.measure.column}${pair} \u00b1${format((f.interval[1] - f.interval[0]) / 2, words?.rate ?? false)}`;
    });
    caveats.push(`Interval half-widths: ${widths.join(', ')}. A true difference smaller than that would not show at this size; more tasks or seeds narrow the intervals.`);
  }
  if (result.status !== 'done') caveats.push(`The run was ${result.status === 'cancelled' ? 'cancelled' : 'stopped by an error'}: these figures count only the task runs that finished.`);
  return caveats;
}
