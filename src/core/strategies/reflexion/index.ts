import type { StrategySpec } from '../strategy';
import { runReactLoop, type AfterStep, type LoopState } from '../common/react-loop';
import type { StrategyContext } from '../strategy';
import { reflectionMessages } from '../../llm/prompts/reflection-prompt';
import { reflexionMeta } from './meta';
import { runPlanReflexion } from '../plan/run-reflexion';
import { isPlanEnvironment } from '../../plan-guided';

/** Why a reflection is due after the last step, if it is (AutoTool section 5.1). */
function reflectionTrigger(state: LoopState): 'failed-call' | 'repeated-observation' | undefined {
  const last = state.history.at(-1);
  if (!last) return undefined;
  if (!last.ok) return 'failed-call';
  const recent = state.history.slice(-3);
  if (recent.length === 3 && recent.every((step) => step.observation === last.observation)) return 'repeated-observation';
  return undefined;
}

/** Reflexion's hook after each step: reflect when triggered, keep the newest `memory` reflections. */
export function reflexionAfterStep(context: StrategyContext, params: Record<string, number>): AfterStep {
  return async (state) => {
    const trigger = reflectionTrigger(state);
    if (!trigger) return;
    const reply = await context.model.generate({ kind: 'reflect', messages: reflectionMessages(context.goal, state.history.slice(-params.window)) });
    const text = reply.text.trim();
    state.reflections.push(text);
    state.reflectionsMade = (state.reflectionsMade ?? 0) + 1;
    if (state.reflections.length > params.memory) state.reflections.shift();
    context.emit({ type: 'reflection', text, trigger });
  };
}

/**
 * Reflexion (Shinn et al. 2023) in AutoTool's heuristic form (section 5.1): after a failed tool call
 * or three identical observations, the model writes a self-reflection that joins the agent's memory
 * (at most `memory` reflections, the newest kept) and appears in every later prompt. On plan-guided
 * environments (SLATE) a failed case triggers the reflection and a new attempt (EGB section 4.2).
 */
export const reflexionSpec: StrategySpec = {
  ...reflexionMeta,
  create: (params) => ({
    runTask: (context: StrategyContext) =>
      isPlanEnvironment(context.env) ? runPlanReflexion(context, params) : runReactLoop(context, { afterStep: reflexionAfterStep(context, params) }),
  }),
};
