import type { Tool } from '../types';

/** One task walked by its environment's expert: what retrieval is scored on and trained from (walked by scripts/embedder/expert-walks.ts). */
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

/** The text an embedder sees for a tool: `name: description`, as strategies embed it. */
export function toolText(tool: Tool): string {
  return `${tool.name}: ${tool.description}`;
}
