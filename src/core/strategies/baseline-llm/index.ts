import type { StrategySpec } from '../strategy';
import { CANDIDATES_PARAM } from '../plan/plan-settings';
import { runSinglePass } from '../plan/run-single-pass';
import { ConfigError } from '../../errors';
import { isPlanEnvironment } from '../../plan-guided';

/** Baseline-LLM (EGB paper section 6.1): picks each substep's tool without the execution history. */
export const baselineLlmSpec: StrategySpec = {
  id: 'baseline-llm',
  independentTasks: true,
  label: 'Baseline-LLM',
  paper: 'EGB paper (SLATE), section 6.1',
  description: 'Selects each substep’s tool from the plan alone, without seeing earlier outputs. Plan-guided environments only.',
  planGuidedOnly: true,
  params: [CANDIDATES_PARAM],
  create: (params) => ({
    runTask: (context) => {
      if (!isPlanEnvironment(context.env)) throw new ConfigError('Baseline-LLM runs on plan-guided environments (SLATE) only.');
      return runSinglePass(context, params, false);
    },
  }),
};
