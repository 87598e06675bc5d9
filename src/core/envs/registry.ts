import type { EnvMeta, EnvSpec } from './env-spec';
import { householdMeta } from './household/meta';
import { academicMeta } from './academic/meta';
import { slateMeta } from './slate/meta';
import { toolbenchMeta } from './toolbench/meta';
import { restapiMeta } from './restapi/meta';

/**
 * One environment: its metadata (plain data, what the page's main thread reads) and how to load
 * its code (called in the worker and in Node only, by `./index.ts`).
 */
export interface EnvEntry {
  meta: EnvMeta;
  load(): Promise<EnvSpec>;
}

/**
 * The environments, the one list of them: a new environment is its folder and one line here. The
 * ids (each `meta.id`) are those of the CLI, the page and the URL, in the order the page lists
 * them. `ENV_CATALOG` (catalog.ts) is their metadata by id, `ENVIRONMENTS` (index.ts) their loaded
 * specs by id.
 */
export const ENV_REGISTRY: readonly EnvEntry[] = [
  { meta: householdMeta, load: async () => (await import('./household')).householdSpec as unknown as EnvSpec },
  { meta: academicMeta, load: async () => (await import('./academic')).academicSpec as unknown as EnvSpec },
  { meta: slateMeta, load: async () => (await import('./slate')).slateSpec as unknown as EnvSpec },
  { meta: toolbenchMeta, load: async () => (await import('./toolbench')).toolbenchSpec as unknown as EnvSpec },
  { meta: restapiMeta, load: async () => (await import('./restapi')).restapiSpec as unknown as EnvSpec },
];

/**
 * Every environment's spec by id, in the registry's order, its code loaded. The worker's runner
 * calls this on first use; Node and tests read `ENVIRONMENTS` (index.ts), the same awaited once.
 */
export async function loadEnvironments(): Promise<Record<string, EnvSpec>> {
  return Object.fromEntries(await Promise.all(ENV_REGISTRY.map(async (entry) => [entry.meta.id, await entry.load()] as const)));
}
