import { create } from 'zustand';
import type { RunResult } from '../../core/run/results';
import { timingsOf, type Timings } from './live-size';

/** Where the times measured in this browser are kept between visits (a few numbers, no result). */
export const TIMINGS_KEY = 'toolwise-timings-v1';

function isTimings(value: unknown): value is Timings {
  const record = value as Timings | null;
  const numbers = (map: unknown) => typeof map === 'object' && map !== null && Object.values(map).every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);
  return typeof record === 'object' && record !== null && numbers(record.task) && numbers(record.learning);
}

function load(): Timings {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(TIMINGS_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : undefined;
    if (isTimings(parsed)) return { task: { ...parsed.task }, learning: { ...parsed.learning } };
  } catch {
    // Storage off, or a value written by something else: start without.
  }
  return { task: {}, learning: {} };
}

/**
 * Milliseconds per task run (and per learning phase) by environment and strategy, measured by runs
 * in this browser and kept across visits: what Live sizes its runs by, and what a run's estimate
 * reads before it starts (issue 42 item 2). A result computed elsewhere (shipped, opened) is never read.
 */
export const useTimings = create<Timings>(() => load());

/** Reads a run made here (finished, or cut short) into the timings, and keeps them. */
export function recordTimings(result: Pick<RunResult, 'results' | 'learning'>): void {
  if (!result.results.length) return;
  const next = timingsOf(result as RunResult, useTimings.getState());
  useTimings.setState(next, true);
  try {
    localStorage.setItem(TIMINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or off: the timings hold for this visit.
  }
}
