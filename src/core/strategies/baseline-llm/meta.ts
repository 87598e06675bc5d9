import type { StrategyMeta } from '../strategy';
import { CANDIDATES_PARAM } from '../plan/plan-settings';

/** What the page shows of Baseline-LLM; `baselineLlmSpec` adds its code. */
export const baselineLlmMeta: StrategyMeta = {
  id: 'baseline-llm',
  independentTasks: true,
  label: 'Baseline-LLM',
  paper: 'EGB paper (SLATE), section 6.1',
  description: 'Selects each substep’s tool from the plan alone, without seeing earlier outputs. Plan-guided environments only.',
  planGuidedOnly: true,
  params: [CANDIDATES_PARAM],
};
