import type { RunResult, TaskResult } from '../../../core/run/results';
import { DEFAULT_RUN_CONFIG } from '../../../core/run/run-config';
import { describeModel } from '../../../core/llm/model-families';

/** Test data for the export context: a small run's config, model, embedder and task runs. */
const task = (patch: Partial<TaskResult>): TaskResult => ({
  env: 'household', strategy: 'react', taskId: 't1', taskKind: 'pick', seed: 1, success: true, progress: 1,
  steps: 4, invalidSteps: 0, failedCalls: 0, llmCalls: 4, promptTokens: 1200, completionTokens: 80,
  callsByKind: { act: 4 }, logitPasses: 0, metrics: {}, ms: 1, ...patch,
});

/** A run of `model` over household (3 tasks × 2 seeds) and toolbench (2 tasks × 2 seeds), though 60 × 3 were asked. */
export function run(model: string, dials?: Record<string, number>): Pick<RunResult, 'config' | 'model' | 'embedder' | 'results'> {
  const results = [
    ...['t1', 't2', 't3'].flatMap((taskId) => [1, 2].map((seed) => task({ taskId, seed }))),
    ...['a', 'b'].flatMap((taskId) => [1, 2].map((seed) => task({ env: 'toolbench', taskId, seed }))),
  ];
  return {
    config: { ...DEFAULT_RUN_CONFIG, envs: ['household', 'toolbench'], model, tasks: 60, seeds: 3, dials },
    model: { id: model, ...describeModel(model) },
    embedder: { id: 'lexical', label: 'Lexical (word overlap)' },
    results,
  };
}

