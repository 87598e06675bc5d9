import type { EnvSpec } from './env-spec';
import { loadEnvironments } from './registry';

/**
 * The environments by id, their code loaded: the ids of the CLI, the page and the URL, in the
 * registry's order (registry.ts, the one list). Node and tests use these; the page's main thread
 * reads `ENV_CATALOG` (catalog.ts), their metadata alone. The worker calls `loadEnvironments()`
 * instead: a top-level await in a bundle whose chunks import back from it would never settle
 * (src/core/registries.test.ts keeps this file out of the worker).
 */
export const ENVIRONMENTS: Record<string, EnvSpec> = await loadEnvironments();

export type { EnvMeta, EnvSpec } from './env-spec';
