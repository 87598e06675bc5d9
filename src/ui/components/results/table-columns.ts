import { metricSpecOf, RUN_METRICS } from '../../../core/run/metric-kinds';
import { storyById } from '../../../core/run/stories';

/**
 * Which columns of the means table show before the reader picks any: the ones every comparison
 * reads (outcome and cost), the columns the story on screen names (its record's `columns`), and, for a setup of one's own,
 * the metrics its environments and strategies declare. The rest (completion tokens, cached tokens,
 * timings, parameter filling...) sit behind the column picker, so the table fits a 1440 px screen
 * without scrolling sideways.
 */
// Seconds stand next to the dollars whenever the run names a device, uncached tokens whenever it
// models a cache (the dollars then say what they would be without it), and overflows and trims whenever it checks windows
// (only such runs have those columns): what a real model's limits did is seen without a click.
export const BASE_COLUMNS: readonly string[] = [
  'env',
  'strategy',
  'tasks',
  'success',
  'progress',
  'contextOverflows',
  'llmCalls',
  'trimmedCalls',
  'logitPasses',
  'promptTokens',
  'uncachedPromptTokens',
  'costUsd',
  'localSeconds',
];

/**
 * Whether a column shows by default: a base column, one the active story names, or, with no story
 * on screen, a metric an environment or strategy declares (not one of the run's own columns).
 */
export function shownByDefault(column: string, storyId: string | undefined): boolean {
  if (BASE_COLUMNS.includes(column)) return true;
  // The story's own record names its columns (stories.ts `columns`, beside the lead that names them).
  if (storyId !== undefined) return storyById(storyId)?.columns.includes(column) ?? false;
  return isDeclaredMetric(column);
}

/** A metric an environment or a strategy declares (not one of the run's own columns: tokens, timings, cache). */
function isDeclaredMetric(column: string): boolean {
  return !Object.hasOwn(RUN_METRICS, column) && column !== 'fills' && metricSpecOf(column) !== undefined;
}

/** A choice the reader made in the picker wins over the default; absent, the default holds. */
export function isShown(column: string, storyId: string | undefined, choice: Readonly<Record<string, boolean>>): boolean {
  return choice[column] ?? shownByDefault(column, storyId);
}
