import type { StrategySpec } from '../strategy';
import { runReactLoop } from '../shared/react-loop';
import { RegistrationView } from './registration-view';

/**
 * EcoAct wrapping ReAct (EcoAct section 2.2, prompts of appendix D): tool names as informers, the
 * `tool_register` meta-tool, one registration per step, and only registered tools' docs in the
 * context. On small pools the extra registration calls can cost more than they save (section 3.2).
 */
export const ecoactReactSpec: StrategySpec = {
  id: 'ecoact-react',
  independentTasks: true,
  label: 'EcoAct (ReAct)',
  paper: 'EcoAct (Zhang et al.), section 2.2 and appendix D',
  description: 'Sees tool names only and registers the tools it needs, one per step; only registered tools are documented in its prompt.',
  params: [],
  metrics: {
    registeredTools: { label: 'Registered tools', title: 'EcoAct: tools registered per query' },
    availableTools: { label: 'Available tools', title: 'EcoAct: candidate tools per query' },
  },
  create: () => ({
    async runTask(context) {
      const view = new RegistrationView(context.env.tools(), context.env.actionStyle, context.emit);
      const outcome = await runReactLoop(context, { view });
      return { ...outcome, stats: { registeredTools: view.registeredCount(), availableTools: view.available } };
    },
  }),
};
