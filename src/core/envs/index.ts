import type { EnvSpec } from './env-spec';
import { householdSpec } from './household';
import { academicSpec } from './academic';
import { slateSpec } from './slate';
import { toolbenchSpec } from './toolbench';
import { restapiSpec } from './restapi';

/**
 * The environments by id: the ids of the CLI, the page and the URL. The worker, Node and tests use
 * these; the page's main thread reads `ENV_CATALOG` (catalog.ts), their metadata alone.
 */
export const ENVIRONMENTS: Record<string, EnvSpec> = {
  household: householdSpec as unknown as EnvSpec,
  academic: academicSpec as unknown as EnvSpec,
  slate: slateSpec as unknown as EnvSpec,
  toolbench: toolbenchSpec as unknown as EnvSpec,
  restapi: restapiSpec as unknown as EnvSpec,
};

export type { EnvMeta, EnvSpec } from './env-spec';
