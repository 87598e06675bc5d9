import type { HyperParameter, StrategyMeta } from '../strategy';

const PARAMS: HyperParameter[] = [
  { key: 'phi', label: 'Similarity threshold Φ', default: 0.8, min: 0, max: 1, step: 0.05, source: 'ToolExpNet section 4.1: Φ = 0.8', what: 'Two tools whose descriptions are more similar than this get a similarity edge, and ToolExpNet learns to tell them apart.' },
  { key: 'iterations', label: 'Learning iterations', default: 3, min: 1, max: 5, step: 1, source: 'ToolExpNet section 3: up to 3 iterations', what: 'How many rounds of learning (sample edges, simulate requests, update the network) run before the test.' },
  { key: 'maxTry', label: 'Edges sampled per iteration (max_try)', default: 100, min: 1, max: 200, step: 1, source: 'ToolExpNet section 5.5: a maximum sample size of 100 per iteration', what: 'How many edges of the network are sampled for trial and error in each learning round.' },
  { key: 'queriesPerEdge', label: 'Labelled queries per sampled edge', default: 5, min: 1, max: 20, step: 1, source: 'ToolExpNet appendix A: at least 5 simulated requests per tool pair', what: 'How many simulated requests are written and tried for each sampled edge.' },
];

const meta = (id: string, label: string, description: string): StrategyMeta => ({
  id,
  label,
  paper: `ToolExpNet, sections 2-3${id === 'toolexpnet' ? '' : ' (Table 4 ablation)'}`,
  description,
  params: PARAMS,
});

/** What the page shows of ToolExpNet and its Table 4 ablations; `toolexpnetSpec` and the others add their code. */
export const toolexpnetMeta = meta('toolexpnet', 'ToolExpNet', 'Learns a network of similar and dependent tools on the training split and shows each tool with learned guidance.');
export const toolexpnetNoEsMeta = meta('toolexpnet-no-es', 'ToolExpNet w/o similarity edges', 'ToolExpNet without semantic similarity edges (no contrastive confusion learning).');
export const toolexpnetNoEdMeta = meta('toolexpnet-no-ed', 'ToolExpNet w/o dependency edges', 'ToolExpNet without functional dependency edges.');
export const toolexpnetNoTrialMeta = meta('toolexpnet-no-trial', 'ToolExpNet w/o trial and error', 'ToolExpNet whose insights come from documentation and neighbours only, without trials.');
