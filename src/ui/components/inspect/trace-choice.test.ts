import { describe, expect, it } from 'vitest';
import type { TaskResult } from '../../../core/run/results';
import { chooseTrace, traceOptions } from './trace-choice';

const run = (env: string, strategy: string, seed: number, taskId: string) => ({ env, strategy, seed, taskId }) as TaskResult;
const results = [run('household', 'react', 1, 'a'), run('household', 'react', 1, 'b'), run('household', 'reflexion', 1, 'a'), run('household', 'reflexion', 1, 'b'), run('academic', 'react', 1, 'x')];

describe('chooseTrace', () => {
  it('should keep the task when the strategy changes', () => {
    expect(chooseTrace(results, results[1], 'strategy', 'reflexion')).toBe('household/reflexion/1/b');
  });

  it('should fall back to the first matching run when the task does not exist there', () => {
    expect(chooseTrace(results, results[1], 'env', 'academic')).toBe('academic/react/1/x');
  });
});

describe('traceOptions', () => {
  it('should list the tasks of the chosen environment, strategy and seed', () => {
    expect(traceOptions(results, 'taskId', results[0])).toEqual(['a', 'b']);
    expect(traceOptions(results, 'env', results[0])).toEqual(['household', 'academic']);
  });
});
