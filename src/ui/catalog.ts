import type { MetricSpec } from '../core/types';
import { ENVIRONMENTS } from '../core/envs';
import { STRATEGIES } from '../core/strategies';

/**
 * What the page shows of environments and strategies that their specs own: metric labels and
 * sample queries. A new environment or strategy brings its own; nothing here lists them by id.
 */
const METRICS: Record<string, MetricSpec> = Object.assign({}, ...Object.values(ENVIRONMENTS).map((spec) => spec.metrics ?? {}), ...Object.values(STRATEGIES).map((spec) => spec.metrics ?? {}));

/** The label of a metric an environment or a strategy reports; undefined for one no spec names. */
export function metricSpec(key: string): MetricSpec | undefined {
  return Object.hasOwn(METRICS, key) ? METRICS[key] : undefined;
}

/** A request typical of an environment, for the embedder probe. */
export function sampleQuery(envId: string): string | undefined {
  return Object.hasOwn(ENVIRONMENTS, envId) ? ENVIRONMENTS[envId].sampleQuery : undefined;
}
