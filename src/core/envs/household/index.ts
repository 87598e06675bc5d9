import type { EnvSpec } from '../env-spec';
import { householdMeta } from './meta';
import type { HouseholdDataset } from './dataset';
import { parseHouseholdDataset } from './dataset';
import { HouseholdEnvironment } from './household-environment';
import { householdExpert } from './household-expert';

/** A text household world after ALFWorld: six task types solved with commands such as `go to countertop 1`. */
export const householdSpec: EnvSpec<HouseholdDataset> = {
  ...householdMeta,
  parse: parseHouseholdDataset,
  create: () => new HouseholdEnvironment(),
  expert: (env) => householdExpert(env as HouseholdEnvironment),
};

export { parseHouseholdDataset } from './dataset';
export type { HouseholdDataset, HouseholdFile, HouseholdTaskRecord } from './dataset';
export { expertSteps, generateHouseholdDataset, HOUSEHOLD_SEED } from './generate-dataset';
export { HouseholdEnvironment } from './household-environment';
export { householdExpert } from './household-expert';
export { NOTHING_HAPPENS } from './describe';
export { HOUSEHOLD_TOOLS, householdTool } from './tools';
export { SUBGOALS } from './task-types';
export { HOUSEHOLD_TASK_TYPES } from './world';
export type { HouseholdTarget, HouseholdTaskData, HouseholdTaskType } from './world';
