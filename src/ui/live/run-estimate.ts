import type { RunConfig } from '../../core/run/run-config';
import type { RunProgress } from '../../core/run/run-events';
import type { Timings } from './live-size';

/** A run estimated (or measured in its first seconds) to take longer than this asks first (issue 42 item 2). */
export const ASK_ABOVE_MS = 20_000;

/** How long a run without earlier timings goes before its own rate is read: its first seconds. */
export const PROBE_MS = 2_000;

const key = (env: string, strategy: string) => `${env}/${strategy}`;

export interface RunEstimate {
  /** Task runs the setup makes (environments × strategies × tasks × seeds). */
  taskRuns: number;
  /** Milliseconds here, where every environment and strategy of the setup has been timed in this browser. */
  ms?: number;
  /** The environment/strategy pairs not yet timed here. */
  untimed: string[];
}

/**
 * A setup's time here, from the task count and the rates measured in this browser by earlier runs:
 * each task run as timed, and a learning strategy's training phase once per seed as timed. Where a
 * pair has never run here there is no estimate (the run's first seconds give one, `projectedMs`).
 */
export function estimateRun(config: Pick<RunConfig, 'envs' | 'strategies' | 'tasks' | 'seeds'>, timings: Timings): RunEstimate {
  const pairs = config.envs.flatMap((env) => config.strategies.map((strategy) => key(env, strategy)));
  const perPair = config.tasks * config.seeds;
  const untimed = pairs.filter((pair) => timings.task[pair] === undefined);
  const taskRuns = perPair * pairs.length;
  if (untimed.length) return { taskRuns, untimed };
  const ms = pairs.reduce((sum, pair) => sum + perPair * timings.task[pair] + config.seeds * (timings.learning[pair] ?? 0), 0);
  return { taskRuns, ms, untimed };
}

/** The whole run's time projected from its progress so far (undefined before its first task run). */
export function projectedMs(progress: Pick<RunProgress, 'done' | 'total' | 'elapsedMs'>): number | undefined {
  if (progress.done <= 0 || progress.total <= 0) return undefined;
  return (progress.elapsedMs / progress.done) * progress.total;
}

/** What is left of a run, from its progress: "about 1 min 20 s left". */
export function timeLeftText(progress: Pick<RunProgress, 'done' | 'total' | 'elapsedMs'>): string | undefined {
  const total = projectedMs(progress);
  if (total === undefined || progress.done >= progress.total) return undefined;
  return `about ${durationText(total - progress.elapsedMs)} left`;
}

/** A duration in words, rounded as an estimate: "8 s", "40 s", "2 min", "1 min 30 s", "1 h 5 min". */
export function durationText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds < 10 ? seconds : Math.round(seconds / 5) * 5} s`;
  if (seconds < 300) {
    // Under five minutes, to ten seconds.
    const tens = Math.round(seconds / 10) * 10;
    return tens % 60 === 0 ? `${tens / 60} min` : `${Math.floor(tens / 60)} min ${tens % 60} s`;
  }
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
