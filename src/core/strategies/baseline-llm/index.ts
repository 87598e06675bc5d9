import type { StrategySpec } from '../strategy';
import { baselineLlmMeta } from './meta';
import { runSinglePass } from '../plan/run-single-pass';
import { ConfigError } from '../../errors';
import { isPlanEnvironment } from '../../plan-guided';

/** Baseline-LLM (EGB paper section 6.1): picks each substep's tool without the execution history. */
export const baselineLlmSpec: StrategySpec = {
  ...baselineLlmMeta,
  create: (params) => ({
    runTask: (context) => {
      if (!isPlanEnvironment(context.env)) throw new ConfigError('Baseline-LLM runs on plan-guided environments (SLATE) only.');
      return runSinglePass(context, params, false);
    },
  }),
};
