import type { EnvSpec } from '../../types';
import type { ToolbenchDataset } from './dataset';
import { parseToolbenchDataset } from './dataset';
import { ToolbenchEnvironment } from './toolbench-environment';
import { toolbenchExpert } from './toolbench-expert';
import { toolbenchAdvisor } from './toolbench-advisor';

/** ToolBench-like queries over candidate pools of 5 to 64 API tools with long docs (EcoAct section 3). */
export const toolbenchSpec: EnvSpec<ToolbenchDataset> = {
  id: 'toolbench',
  label: 'ToolBench-like APIs (large toolsets)',
  sampleQuery: 'What will the weather be in Paris tomorrow?',
  metrics: { poolSize: { label: 'Pool size', title: 'toolbench: candidate tools per query' } },
  description:
    'Queries that need 2 to 4 API calls (a lookup, then endpoints that need its id) from a candidate pool of 5 to 64 RapidAPI-like tools with long descriptions and near-duplicate providers; success is the pass rate. The task kind is the tool-scale level (0-10, 10-20, 20+ tools).',
  dataFile: 'toolbench.json',
  parse: parseToolbenchDataset,
  create: (dataset) => new ToolbenchEnvironment(dataset.tools),
  advisor: toolbenchAdvisor,
  expert: (env) => toolbenchExpert(env as ToolbenchEnvironment),
};

export { generateToolbenchDataset, TOOLBENCH_SEED } from './generate-dataset';
export { ToolbenchEnvironment } from './toolbench-environment';
