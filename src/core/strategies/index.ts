import type { StrategySpec } from './strategy';
import { reactSpec } from './react';
import { reflexionSpec } from './reflexion';

/** The strategies by id: the ids of the CLI, the page and the URL. */
export const STRATEGIES: Record<string, StrategySpec> = {
  react: reactSpec,
  reflexion: reflexionSpec,
};

export type { StrategySpec, StrategyInstance, StrategyContext, TaskOutcome, HyperParameter } from './strategy';
export { withDefaults } from './strategy';
