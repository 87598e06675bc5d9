import type { EnvSpec } from '../types';
import { householdSpec } from './household';
import { academicSpec } from './academic';

/**
 * The environments by id: the ids of the CLI, the page and the URL. SLATE (./slate) joins when its
 * bundled data is generated (issue 4); its environment, simulator and import are in place and tested.
 */
export const ENVIRONMENTS: Record<string, EnvSpec> = {
  household: householdSpec as unknown as EnvSpec,
  academic: academicSpec as unknown as EnvSpec,
};
