import type { Dataset, Task } from '../../types';
import type { EnvSpec } from '../env-spec';
import { slateMeta } from './meta';
import type { SlateCase, SlateTool } from './slate-types';
import { SlateEnvironment } from './slate-environment';
import { slateExpert } from './slate-expert';
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
  ...slateMeta,
  parse: parseSlateDataset,
  create: (dataset) => new SlateEnvironment(dataset.tools),
  expert: (env) => slateExpert(env as SlateEnvironment),
};

export { SlateImportError } from './slate-schema';
export type { SlateCase, SlateTool } from './slate-types';
