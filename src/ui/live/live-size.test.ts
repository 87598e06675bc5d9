import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_CONFIG } from '../../core/run/run-config';
import type { RunResult, TaskResult } from '../../core/run/results';
import { LIVE_UNTIMED_TASK_RUNS, liveSize, timingsOf } from './live-size';

const config = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react', 'reflexion'], tasks: 10, seeds: 1 };
const none = { task: {}, learning: {} };

describe('what Live calls a quick run (issue 29 item 3)', () => {
  it('runs the simulated model only', () => {
    expect(liveSize(config, none).small).toBe(true);
    const server = liveSize({ ...config, model: 'openai:http://localhost:11434/v1#qwen' }, none);
    expect(server.small).toBe(false);
    expect(server.reason).toMatch(/simulated model only/);
  });

  it('before a run has timed its strategies here: at most LIVE_UNTIMED_TASK_RUNS task runs', () => {
    expect(liveSize(config, none).taskRuns).toBe(LIVE_UNTIMED_TASK_RUNS);
    expect(liveSize(config, none).small).toBe(true);
    expect(liveSize({ ...config, tasks: 11 }, none).small).toBe(false);
  });

  it('once timed: the estimated time here, learning phases included, against about two seconds', () => {
    const timings = { task: { 'household/react': 50, 'household/reflexion': 100 }, learning: { 'household/reflexion': 300 } };
    // 10 x 50 + 10 x 100 + 1 seed x 300 = 1800 ms.
    expect(liveSize(config, timings)).toEqual({ small: true, taskRuns: 20, estimateMs: 1800 });
    // Two seeds: 3600 ms, too long, though a slow untimed rule would have refused it anyway.
    const two = liveSize({ ...config, seeds: 2 }, timings);
    expect(two.small).toBe(false);
    expect(two.estimateMs).toBe(3600);
    expect(two.reason).toContain('about 3.6 s here');
    // Fast strategies: more task runs still fit.
    expect(liveSize({ ...config, tasks: 30 }, { task: { 'household/react': 20, 'household/reflexion': 30 }, learning: {} }).small).toBe(true);
  });

  it('reads the mean time per task run of each environment and strategy from a run, keeping the others', () => {
    const r = (strategy: string, ms: number) => ({ env: 'household', strategy, ms }) as TaskResult;
    const result = { results: [r('react', 40), r('react', 60), r('reflexion', 90)], learning: [{ env: 'household', strategy: 'reflexion', ms: 250 }] } as unknown as RunResult;
    expect(timingsOf(result, { task: { 'slate/react': 7 }, learning: {} })).toEqual({ task: { 'slate/react': 7, 'household/react': 50, 'household/reflexion': 90 }, learning: { 'household/reflexion': 250 } });
  });
});
