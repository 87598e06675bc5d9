import { describe, expect, it } from 'vitest';
import { setupDifferences } from './setup-differences';
import { DEFAULT_RUN_CONFIG } from '../core/run/run-config';

describe('setupDifferences', () => {
  it('should name each field that changes results, and ignore those that do not', () => {
    const ran = { ...DEFAULT_RUN_CONFIG, tasks: 3, envs: ['academic'] };
    expect(setupDifferences(ran, ran)).toEqual([]);
    expect(setupDifferences(ran, { ...ran, concurrency: 8, embedDevice: 'webgpu' })).toEqual([]);
    expect(setupDifferences(ran, { ...ran, tasks: 5, envs: ['household', 'academic'], params: { reflexion: { memory: 2 } } })).toEqual([
      'environments: academic → household, academic',
      'tasks per environment: 3 → 5',
      'hyperparameters: defaults → reflexion.memory=2',
    ]);
    expect(setupDifferences(ran, { ...ran, temperature: 0.5 })).toEqual(["sampling temperature: each environment's paper → 0.5"]);
  });
});
