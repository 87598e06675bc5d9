import type { StrategyContext, TaskOutcome } from '../strategy';
import type { ExecutedStep } from '../../plan-guided';
import { PlanHarness } from './plan-harness';
import { reflectionMessages } from '../../llm/prompts/reflection-prompt';

/**
 * Reflexion in the plan-guided setting (EGB paper section 4.2): a failed case triggers a
 * self-reflection that joins the memory of the next attempt, for up to `trials` attempts.
 */
export async function runPlanReflexion(context: StrategyContext, params: Record<string, number>, harness = new PlanHarness(context, { candidates: params.candidates, history: true })): Promise<TaskOutcome> {
  await harness.start();
  let trajectory: ExecutedStep[] = [];
  let success = false;
  for (let trial = 1; trial <= params.trials; trial++) {
    trajectory = [];
    harness.env.seek(0, []);
    success = await harness.finish(trajectory);
    context.emit({ type: 'trial', trial, success });
    if (success || trial === params.trials) break;
    const steps = trajectory.map((e) => ({ action: `${e.action.tool} with Action Input: ${JSON.stringify(e.action.args)}`, observation: e.observation }));
    const reply = await context.model.generate({ kind: 'reflect', messages: reflectionMessages(context.goal, steps) });
    const text = reply.text.trim();
    harness.reflections.push(text);
    if (harness.reflections.length > params.memory) harness.reflections.shift();
    context.emit({ type: 'reflection', text, trigger: 'failed-call' });
  }
  return harness.outcome(trajectory, success);
}
