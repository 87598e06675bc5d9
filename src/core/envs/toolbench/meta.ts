import type { EnvMeta } from '../env-spec';
import { PAPER_TITLES } from '../../paper-titles';

/** What the page shows of the ToolBench-like environment, without its data or code; `toolbenchSpec` adds those. */
export const toolbenchMeta: EnvMeta = {
  id: 'toolbench',
  label: 'ToolBench-like APIs (large toolsets)',
  sampleQuery: 'What will the weather be in Paris tomorrow?',
  metrics: { poolSize: { label: 'Pool size', title: 'toolbench: candidate tools per query', kind: 'count', what: 'How many candidate tools a query of the ToolBench environment offers.', definedIn: `${PAPER_TITLES.ecoact}, section 3.2 and Figure 3 (tool scale levels)` } },
  description:
    'Queries that need 2 to 4 API calls (a lookup, then endpoints that need its id) from a candidate pool of 5 to 64 RapidAPI-like tools with long descriptions and near-duplicate providers; success is the pass rate. The task kind is the tool-scale level (0-10, 10-20, 20+ tools).',
  kindLabel: 'tool scale',
  dataFile: 'toolbench.json',
  temperature: { value: 1, source: 'EcoAct states none; 1 is the chat API default of the GPT-4 models its Table 1 ran' },
};
