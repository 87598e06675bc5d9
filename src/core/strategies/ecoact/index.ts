import type { StrategySpec } from '../strategy';
import { runReactLoop } from '../common/react-loop';
import { RegistrationView } from './registration-view';
import { ecoactReactMeta } from './meta';

/**
 * EcoAct wrapping ReAct (EcoAct section 2.2, prompts of appendix D): tool names as informers, the
 * `tool_register` meta-tool, one registration per step, and only registered tools' docs in the
 * context. On small pools the extra registration calls can cost more than they save (section 3.2).
 */
export const ecoactReactSpec: StrategySpec = {
  ...ecoactReactMeta,
  create: () => ({
    async runTask(context) {
      const view = new RegistrationView(context.env.tools(), context.env.actionStyle, context.emit);
      const outcome = await runReactLoop(context, { view });
      return { ...outcome, stats: { registeredTools: view.registeredCount(), availableTools: view.available } };
    },
  }),
};
