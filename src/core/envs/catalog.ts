import type { EnvMeta } from './env-spec';
import { ENV_REGISTRY } from './registry';

/**
 * The environments' metadata by id, in the registry's order: what the page's main thread reads
 * (labels, descriptions, metrics, sample queries, import files) without loading any environment's
 * data or code, which only the worker runs. Read from the one registry (registry.ts).
 */
export const ENV_CATALOG: Record<string, EnvMeta> = Object.fromEntries(ENV_REGISTRY.map((entry) => [entry.meta.id, entry.meta]));

export type { EnvMeta } from './env-spec';
