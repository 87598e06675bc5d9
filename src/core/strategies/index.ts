import type { StrategySpec } from './strategy';
import { loadStrategies } from './registry';

/**
 * The strategies by id, their code loaded: the ids of the CLI, the page and the URL, in the
 * registry's order (registry.ts, the one list). Node and tests use these; the page's main thread
 * and config validation read `STRATEGY_CATALOG` (catalog.ts), their metadata alone. The worker
 * calls `loadStrategies()` instead: a top-level await in a bundle whose chunks import back from
 * it would never settle (src/core/registries.test.ts keeps this file out of the worker).
 */
export const STRATEGIES: Record<string, StrategySpec> = await loadStrategies();

export type { StrategySpec, StrategyMeta, StrategyInstance, StrategyContext, TaskOutcome, HyperParameter } from './strategy';
export { withDefaults } from './strategy';
