import type { HyperParameter, StrategyMeta } from '../strategy';
import { CANDIDATES_PARAM } from '../plan/plan-settings';

/** Budgets of EGB Alg. 1 and section 6.1. */
const BUDGET_PARAMS: HyperParameter[] = [
  { key: 'b', label: 'Branching budget b', default: 5, min: 0, max: 50, step: 1, source: 'EGB section 6.1: b = 5', what: 'How many branches (re-runs from an uncertain substep) a failed case may try.' },
  { key: 'B', label: 'Global branch limit B', default: 50, min: 0, max: 200, step: 1, source: 'EGB Alg. 1: B = 50', what: 'The most branches one case may try, over all its substeps (Alg. 1 line 16: the global counter b starts at 0 for each query; "global" as against the per-step limit B_s).' },
  { key: 'Bs', label: 'Per-step branch limit B_s', default: 5, min: 0, max: 20, step: 1, source: 'EGB Alg. 1: B_s = 5', what: 'The most branches that may start from one substep.' },
];

/** What the page shows of EGB-Sampling; `egbSamplingSpec` adds its code. */
export const egbSamplingMeta: StrategyMeta = {
  id: 'egb-sampling',
  independentTasks: true,
  label: 'EGB-Sampling',
  paper: 'EGB paper (SLATE), Alg. 1 + Alg. 2',
  description: 'Samples m actions per substep, votes, records the vote entropy; on failure branches from the most uncertain substeps.',
  planGuidedOnly: true,
  params: [{ key: 'm', label: 'Samples per substep m', default: 10, min: 1, max: 30, step: 1, source: 'EGB section 6.1: m = 10', what: 'How many actions are sampled per substep; their votes pick the action and their spread (entropy) measures uncertainty.' }, ...BUDGET_PARAMS, CANDIDATES_PARAM],
};

/** What the page shows of EGB-Logits; `egbLogitsSpec` adds its code. */
export const egbLogitsMeta: StrategyMeta = {
  id: 'egb-logits',
  independentTasks: true,
  label: 'EGB-Logits',
  paper: 'EGB paper (SLATE), Alg. 1 + Alg. 3',
  description: 'Reads the model’s probability over enumerated candidates from logits-only passes; branches from high-entropy substeps.',
  planGuidedOnly: true,
  params: [{ key: 'tau', label: 'Branch threshold tau', default: 0.01, min: 0, max: 0.5, step: 0.005, source: 'EGB Alg. 3: tau = 0.01', what: 'A probability threshold, not an entropy one (Alg. 3 line 27): a candidate whose probability is at least tau is kept in the distribution D from which branches draw their alternatives. Substeps are tried in order of the entropy over all candidates (Alg. 1 line 15); no entropy threshold gates them.' }, ...BUDGET_PARAMS, CANDIDATES_PARAM],
};
