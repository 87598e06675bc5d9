import type { Dataset, EnvSpec, Tool } from '../types';
import { formatAction } from '../llm/action-format';

/** One task walked by its environment's expert: what retrieval is scored on and trained from. */
export interface ExpertWalk {
  env: string;
  goal: string;
  /** The tools the task offers (after reset), in the environment's order. */
  tools: Tool[];
  /** Distinct tools the expert called, in first-use order: the task's gold tools. */
  gold: string[];
  /** The expert's actions and the observations they produced, as text. */
  steps: string[];
}

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

/** The text an embedder sees for a tool: `name: description`, as strategies embed it. */
export function toolText(tool: Tool): string {
  return `${tool.name}: ${tool.description}`;
}
