import type { EnvMeta } from '../env-spec';
import { PAPER_TITLES } from '../../paper-titles';

/** What the page shows of the SLATE environment, without its data or code; `slateSpec` adds those. */
export const slateMeta: EnvMeta = {
  id: 'slate',
  label: 'SLATE e-commerce (plan-guided)',
  sampleQuery: 'Cancel my last order and refund the payment to my card.',
  metrics: {
    toolMatch: { label: 'Tool match', title: 'SLATE: among substeps that need a tool, share where the chosen tool is the reference tool', kind: 'share', what: 'Among the plan\'s substeps that need a tool, the share where the strategy chose the reference tool.', definedIn: `${PAPER_TITLES.egb}, section 6.1 (Tool Match Rate, step-wise evaluation)` },
    actionIdAcc: { label: 'Action ID acc.', title: 'SLATE: share of substeps where tool or no tool was decided right', kind: 'share', what: 'The share of substeps where the strategy decided right whether a tool call is needed at all.', definedIn: `${PAPER_TITLES.egb}, section 6.1 (Action Identification Accuracy, step-wise evaluation)` },
  },
  description: 'Long-horizon e-commerce cases with a plan of substeps and a library of 1,000 near-duplicate tools; success means the final output equals the reference.',
  dataFile: 'slate/cases.json',
  temperature: { value: 1, source: 'EGB paper ("Long-Horizon Plan Execution in Large Tool Spaces through Entropy-Guided Branching") section 6.1: "For all experiments, we set LLM inference hyperparameters temperature = 1"' },
  dataFiles: { tools: 'slate/tools.json', cases: 'slate/cases.json' },
  planGuided: true,
  importFiles: {
    cases: { label: 'Cases (JSON array in the SLATE case format)', required: true },
    tools: { label: 'Tool library (optional; the bundled 1,000 tools otherwise)', required: false },
  },
};
