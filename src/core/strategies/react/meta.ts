import type { StrategyMeta } from '../strategy';
import { CANDIDATES_PARAM } from '../plan/plan-settings';

/** What the page shows of ReAct; `reactSpec` adds its code. */
export const reactMeta: StrategyMeta = {
  id: 'react',
  independentTasks: true,
  label: 'ReAct',
  paper: 'Yao et al. 2023, prompts from AutoTool appendix J',
  description: 'Reason, act, observe: one model call per step, no memory beyond the conversation.',
  params: [CANDIDATES_PARAM],
};
