import type { Dataset, EnvSpec, Task } from '../../types';
import type { SlateCase, SlateTool } from './slate-types';
import { SlateEnvironment } from './slate-environment';
import { slateExpert } from './slate-expert';
import { slateAdvisor } from './slate-advisor';
import { parseSlateCases, parseSlateTools, SlateImportError } from './slate-schema';

/** The SLATE dataset: a tool library and cases as tasks. */
export interface SlateDataset extends Dataset {
  tools: SlateTool[];
}

/** Turns validated cases into tasks; cases without a split count as test cases. */
export function slateTasks(cases: SlateCase[]): Task[] {
  return cases.map((item) => ({ id: item.id, env: 'slate', goal: item.query, split: item.split ?? 'test', kind: item.complexity, data: item }));
}

/** Reads `{tools, cases}` (the two files of a SLATE dataset). */
export function parseSlateDataset(json: unknown): SlateDataset {
  const { tools, cases } = (json ?? {}) as { tools?: unknown; cases?: unknown };
  if (tools === undefined) throw new SlateImportError([{ caseId: '', path: 'tools', message: 'a tool library file is needed' }]);
  const library = parseSlateTools(tools);
  return { env: 'slate', tools: library, tasks: slateTasks(parseSlateCases(cases, library)) };
}

/** SLATE-style e-commerce cases with a 1,000-tool library (EGB paper, section 3). */
export const slateSpec: EnvSpec<SlateDataset> = {
  id: 'slate',
  label: 'SLATE e-commerce (plan-guided)',
  sampleQuery: 'Cancel my last order and refund the payment to my card.',
  metrics: {
    toolMatch: { label: 'Tool match', title: 'SLATE: among substeps that need a tool, share where the chosen tool is the reference tool', share: true },
    actionIdAcc: { label: 'Action ID acc.', title: 'SLATE: share of substeps where tool or no tool was decided right', share: true },
  },
  description: 'Long-horizon e-commerce cases with a plan of substeps and a library of 1,000 near-duplicate tools; success means the final output equals the reference.',
  dataFile: 'slate/cases.json',
  dataFiles: { tools: 'slate/tools.json', cases: 'slate/cases.json' },
  planGuided: true,
  importFiles: {
    cases: { label: 'Cases (JSON array in the SLATE case format)', required: true },
    tools: { label: 'Tool library (optional; the bundled 1,000 tools otherwise)', required: false },
  },
  parse: parseSlateDataset,
  create: (dataset) => new SlateEnvironment(dataset.tools),
  expert: (env) => slateExpert(env as SlateEnvironment),
  advisor: slateAdvisor,
};

export { SlateImportError } from './slate-schema';
export type { SlateCase, SlateTool } from './slate-types';
