import { describe, expect, it } from 'vitest';
import { durationText, estimateRun, projectedMs, timeLeftText } from './run-estimate';

const config = { envs: ['slate'], strategies: ['react', 'egb-logits'], tasks: 60, seeds: 3 };

describe('a run estimated before it starts (issue 42 item 2)', () => {
  it('multiplies each pair\u2019s measured time per task run by its task runs, and adds learning once per seed', () => {
    const estimate = estimateRun(config, { task: { 'slate/react': 100, 'slate/egb-logits': 300 }, learning: { 'slate/egb-logits': 1000 } });
    expect(estimate).toEqual({ taskRuns: 360, ms: 180 * 100 + 180 * 300 + 3 * 1000, untimed: [] });
  });

  it('gives no estimate while a pair has not been timed here', () => {
    expect(estimateRun(config, { task: { 'slate/react': 100 }, learning: {} })).toEqual({ taskRuns: 360, untimed: ['slate/egb-logits'] });
  });

  it('projects a running run from its first task runs, and says what is left', () => {
    expect(projectedMs({ done: 0, total: 100, elapsedMs: 2000 })).toBeUndefined();
    expect(projectedMs({ done: 10, total: 100, elapsedMs: 2000 })).toBe(20_000);
    expect(timeLeftText({ done: 10, total: 100, elapsedMs: 2000 })).toBe('about 20 s left');
    expect(timeLeftText({ done: 100, total: 100, elapsedMs: 2000 })).toBeUndefined();
  });

  it('writes durations as an estimate reads', () => {
    expect(durationText(4_200)).toBe('4 s');
    expect(durationText(43_000)).toBe('45 s');
    expect(durationText(90_000)).toBe('1 min 30 s');
    expect(durationText(161_000)).toBe('2 min 40 s');
    expect(durationText(400_000)).toBe('7 min');
    expect(durationText(3_900_000)).toBe('1 h 5 min');
  });
});
