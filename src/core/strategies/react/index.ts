import type { StrategySpec } from '../strategy';
import { runReactLoop } from '../shared/react-loop';
import { CANDIDATES_PARAM } from '../plan/plan-settings';
import { runSinglePass } from '../plan/run-single-pass';
import { isPlanEnvironment } from '../../plan-guided';

/**
 * ReAct (Yao et al. 2023): Think/Action/Observation, with the zero-shot prompts of AutoTool
 * appendix J. On plan-guided environments (SLATE) it acts once per substep with the execution
 * history in the prompt (EGB paper section 4.2).
 */
export const reactSpec: StrategySpec = {
  id: 'react',
  independentTasks: true,
  label: 'ReAct',
  paper: 'Yao et al. 2023, prompts from AutoTool appendix J',
  description: 'Reason, act, observe: one model call per step, no memory beyond the conversation.',
  params: [CANDIDATES_PARAM],
  create: (params) => ({
    runTask: (context) => (isPlanEnvironment(context.env) ? runSinglePass(context, params, true) : runReactLoop(context)),
  }),
};
