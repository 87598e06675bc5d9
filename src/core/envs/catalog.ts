import type { EnvMeta } from './env-spec';
import { householdMeta } from './household/meta';
import { academicMeta } from './academic/meta';
import { slateMeta } from './slate/meta';
import { toolbenchMeta } from './toolbench/meta';
import { restapiMeta } from './restapi/meta';

/**
 * The environments' metadata by id, in the order of `ENVIRONMENTS`: what the page's main thread
 * reads (labels, descriptions, metrics, sample queries, import files) without bundling any
 * environment's data or code, which only the worker runs. A test checks it lists what the
 * registry lists.
 */
export const ENV_CATALOG: Record<string, EnvMeta> = {
  household: householdMeta,
  academic: academicMeta,
  slate: slateMeta,
  toolbench: toolbenchMeta,
  restapi: restapiMeta,
};

export type { EnvMeta } from './env-spec';
