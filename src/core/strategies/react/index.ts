import type { StrategySpec } from '../strategy';
import { runReactLoop } from '../shared/react-loop';

/** ReAct (Yao et al. 2023): Think/Action/Observation, with the zero-shot prompts of AutoTool appendix J. */
export const reactSpec: StrategySpec = {
  id: 'react',
  label: 'ReAct',
  paper: 'Yao et al. 2023, prompts from AutoTool appendix J',
  description: 'Reason, act, observe: one model call per step, no memory beyond the conversation.',
  params: [],
  create: () => ({ runTask: (context) => runReactLoop(context) }),
};
