import { ENV_CATALOG } from '../../../core/envs/catalog';
import { STRATEGY_CATALOG } from '../../../core/strategies/catalog';

/**
 * The strategies that declare a metric as their own (AutoTool's inertial calls, EcoAct's registered
 * tools), as a key naming them; undefined for a metric an environment or the run reports.
 */
export function ownMetricOwners(key: string): string | undefined {
  if (Object.values(ENV_CATALOG).some((env) => env.metrics && Object.hasOwn(env.metrics, key))) return undefined;
  const owners = Object.values(STRATEGY_CATALOG)
    .filter((strategy) => strategy.metrics && Object.hasOwn(strategy.metrics, key))
    .map((strategy) => strategy.id);
  return owners.length > 0 ? owners.join(',') : undefined;
}

/**
 * Whether the means table folds the strategies' own metrics into one column: where the metrics on
 * screen come from two or more declarations (AutoTool's family and EcoAct), each column would be
 * filled in one strategy's rows only. One strategy's own metrics (the AutoTool story's inertial
 * calls beside ReAct) keep a column each.
 */
export function foldsOwnMetrics(keys: readonly string[]): boolean {
  const owners = new Set(keys.map(ownMetricOwners).filter((owner): owner is string => owner !== undefined));
  return owners.size > 1;
}
