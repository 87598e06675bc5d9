import type { MetricSpec } from '../core/types';
import { ENV_CATALOG } from '../core/envs/catalog';
import { metricSpecOf } from '../core/run/metric-kinds';

/**
 * What the page shows of environments and strategies that their metadata own: metric labels and
 * sample queries. A new environment or strategy brings its own; nothing here lists them by id.
 */
/** The label and kind of a metric a run, an environment or a strategy reports; undefined for one no spec names. */
export function metricSpec(key: string): MetricSpec | undefined {
  return metricSpecOf(key);
}

/** A request typical of an environment, for the embedder probe. */
export function sampleQuery(envId: string): string | undefined {
  return Object.hasOwn(ENV_CATALOG, envId) ? ENV_CATALOG[envId].sampleQuery : undefined;
}
