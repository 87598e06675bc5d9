import type { StrategySpec } from '../strategy';
import { runReactLoop } from '../common/react-loop';
import { reactMeta } from './meta';
import { runSinglePass } from '../plan/run-single-pass';
import { isPlanEnvironment } from '../../plan-guided';

/**
 * ReAct (Yao et al. 2023): Think/Action/Observation, with the zero-shot prompts of AutoTool
 * appendix J. On plan-guided environments (SLATE) it acts once per substep with the execution
 * history in the prompt (EGB paper section 4.2).
 */
export const reactSpec: StrategySpec = {
  ...reactMeta,
  create: (params) => ({
    runTask: (context) => (isPlanEnvironment(context.env) ? runSinglePass(context, params, true) : runReactLoop(context)),
  }),
};
