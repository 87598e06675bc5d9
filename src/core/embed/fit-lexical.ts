import type { Dataset, Environment } from '../types';
import { LexicalEmbedder } from './lexical-embedder';

/**
 * A lexical embedder fitted on what a strategy may read of an environment: its tool descriptions
 * and the goals of the training split (never the test split).
 */
export function fitLexicalEmbedder(env: Environment, dataset: Dataset): LexicalEmbedder {
  const tools = env.tools().map((tool) => `${tool.name}: ${tool.description}`);
  const goals = dataset.tasks.filter((task) => task.split === 'train').map((task) => task.goal);
  return new LexicalEmbedder([...tools, ...goals]);
}
