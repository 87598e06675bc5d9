import type { EnvSpec } from '../env-spec';
import { toolbenchMeta } from './meta';
import type { ToolbenchDataset } from './dataset';
import type { ToolbenchTaskData } from './toolbench-types';
import { parseToolbenchDataset } from './dataset';
import { ToolbenchEnvironment } from './toolbench-environment';
import { toolbenchExpert } from './toolbench-expert';

/** ToolBench-like queries over candidate pools of 5 to 64 API tools with long docs (EcoAct section 3). */
export const toolbenchSpec: EnvSpec<ToolbenchDataset> = {
  ...toolbenchMeta,
  parse: parseToolbenchDataset,
  create: (dataset) => new ToolbenchEnvironment(dataset.tools),
  expert: (env) => toolbenchExpert(env as ToolbenchEnvironment),
  // The calls the query was written for, as tool names.
  trainingLabel: (_dataset, task) => (task.data as ToolbenchTaskData).calls.map((call) => call.tool),
};

export { generateToolbenchDataset, TOOLBENCH_SEED } from './generate-dataset';
export { ToolbenchEnvironment } from './toolbench-environment';
