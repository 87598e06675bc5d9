import type { MetricSpec } from '../core/types';
import { ENV_CATALOG } from '../core/envs/catalog';
import { STRATEGY_CATALOG } from '../core/strategies/catalog';

/**
 * What the page shows of environments and strategies that their metadata own: metric labels and
 * sample queries. A new environment or strategy brings its own; nothing here lists them by id.
 */
const METRICS: Record<string, MetricSpec> = Object.assign({}, ...Object.values(ENV_CATALOG).map((spec) => spec.metrics ?? {}), ...Object.values(STRATEGY_CATALOG).map((spec) => spec.metrics ?? {}));

/** The label of a metric an environment or a strategy reports; undefined for one no spec names. */
export function metricSpec(key: string): MetricSpec | undefined {
  return Object.hasOwn(METRICS, key) ? METRICS[key] : undefined;
}

/** A request typical of an environment, for the embedder probe. */
export function sampleQuery(envId: string): string | undefined {
  return Object.hasOwn(ENV_CATALOG, envId) ? ENV_CATALOG[envId].sampleQuery : undefined;
}
