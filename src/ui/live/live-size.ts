import type { RunConfig } from '../../core/run/run-config';
import type { RunResult } from '../../core/run/results';
import { isSimModel } from '../../core/llm/model-families';

/** What "a quick run" is for Live (issue 29 item 3): one estimated to take up to this long on this machine. */
export const LIVE_BUDGET_MS = 2000;

/** Until a strategy has been timed here, Live runs a setup of at most this many task runs (Quick: 10 tasks x 1 seed x 2 strategies). */
export const LIVE_UNTIMED_TASK_RUNS = 20;

/** Milliseconds per task run, and per learning phase, by environment and strategy, as measured in this browser. */
export interface Timings {
  task: Record<string, number>;
  learning: Record<string, number>;
}

const key = (env: string, strategy: string) => `${env}/${strategy}`;

/**
 * Reads how long each environment and strategy took per task run (and per learning phase) in a run
 * made in this browser; a result computed elsewhere (the shipped one, an opened file) says nothing
 * of this machine and is not read.
 */
export function timingsOf(result: RunResult, previous: Timings): Timings {
  const task = { ...previous.task };
  const learning = { ...previous.learning };
  const sums = new Map<string, { ms: number; n: number }>();
  for (const r of result.results) {
    const sum = sums.get(key(r.env, r.strategy)) ?? { ms: 0, n: 0 };
    sums.set(key(r.env, r.strategy), { ms: sum.ms + r.ms, n: sum.n + 1 });
  }
  for (const [k, sum] of sums) task[k] = sum.ms / sum.n;
  // One learning record per environment, strategy and seed: its phase's time.
  for (const l of result.learning) learning[key(l.env, l.strategy)] = l.ms;
  return { task, learning };
}

export interface LiveSize {
  /** Whether Live re-runs this setup. */
  small: boolean;
  taskRuns: number;
  /** Estimated milliseconds here, where every strategy has been timed. */
  estimateMs?: number;
  /** Why not, in a sentence, where it is not small. */
  reason?: string;
}

/**
 * Whether a setup is small enough for Live: a simulated model (a real one costs time or money per
 * call), and an estimated time here of at most LIVE_BUDGET_MS from the per-task-run times measured
 * in this browser; a setup with a strategy not yet timed runs at most LIVE_UNTIMED_TASK_RUNS task runs.
 */
export function liveSize(config: RunConfig, timings: Timings): LiveSize {
  const perPair = config.tasks * config.seeds;
  const pairs = config.envs.flatMap((env) => config.strategies.map((strategy) => key(env, strategy)));
  const taskRuns = perPair * pairs.length;
  if (!isSimModel(config.model)) return { small: false, taskRuns, reason: 'Live runs the simulated model only: a real model costs time or money on every call.' };
  const timed = pairs.every((k) => timings.task[k] !== undefined);
  if (!timed) {
    return taskRuns <= LIVE_UNTIMED_TASK_RUNS
      ? { small: true, taskRuns }
      : { small: false, taskRuns, reason: `This setup is ${taskRuns} task runs, some of strategies not yet timed here; Live re-runs up to ${LIVE_UNTIMED_TASK_RUNS} until a run has timed them.` };
  }
  // Each task run as timed, and a learning strategy's training phase once per seed, as timed.
  const estimateMs = pairs.reduce((sum, k) => sum + perPair * timings.task[k] + config.seeds * (timings.learning[k] ?? 0), 0);
  return estimateMs <= LIVE_BUDGET_MS
    ? { small: true, taskRuns, estimateMs }
    : { small: false, taskRuns, estimateMs, reason: `This setup is ${taskRuns} task runs, about ${(estimateMs / 1000).toFixed(1)} s here; Live re-runs setups of up to about ${LIVE_BUDGET_MS / 1000} s.` };
}
