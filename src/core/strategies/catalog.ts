import type { StrategyMeta } from './strategy';
import { STRATEGY_REGISTRY } from './registry';

/**
 * The strategies' metadata by id, in the registry's order: what the page's main thread and config
 * validation read (labels, papers, descriptions, hyperparameters, metrics, flags) without loading
 * any strategy's code, which only the worker runs. Read from the one registry (registry.ts).
 */
export const STRATEGY_CATALOG: Record<string, StrategyMeta> = Object.fromEntries(STRATEGY_REGISTRY.map((entry) => [entry.meta.id, entry.meta]));

export type { HyperParameter, StrategyMeta } from './strategy';
