import type { Dataset } from '../../src/core/types';
import type { EnvSpec } from '../../src/core/envs/env-spec';
import type { ExpertWalk } from '../../src/core/embed/expert-walks';
import { formatAction } from '../../src/core/llm/action-format';

/**
 * Walks the expert through every task of a split (at most `limit`). Only embedder training and the
 * retrieval check use this; strategies never see an expert.
 */
export function expertWalks(spec: EnvSpec, dataset: Dataset, split: 'train' | 'test', limit = Infinity): ExpertWalk[] {
  const env = spec.create(dataset);
  const expert = spec.expert(env);
  const walks: ExpertWalk[] = [];
  for (const task of dataset.tasks) {
    if (task.split !== split) continue;
    if (walks.length >= limit) break;
    const first = env.reset(task, 1);
    const tools = env.tools();
    const gold: string[] = [];
    const steps: string[] = [first];
    for (let step = 0; step < env.maxSteps; step++) {
      const action = expert.next();
      if (!action) break;
      if (!gold.includes(action.tool) && tools.some((tool) => tool.name === action.tool)) gold.push(action.tool);
      const result = env.step(action);
      steps.push(formatAction(action, env.actionStyle, tools), result.observation);
      if (result.done) break;
    }
    walks.push({ env: spec.id, goal: task.goal, tools, gold, steps });
  }
  return walks;
}
