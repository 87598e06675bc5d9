import type { StrategyContext, TaskOutcome } from '../strategy';
import type { ExecutedStep } from '../../plan-guided';
import { PlanHarness } from './plan-harness';

/**
 * One pass over the plan with one generation per substep: ReAct in the plan-guided setting (with
 * the execution history in the prompt) or Baseline-LLM (without it), EGB paper section 6.1.
 */
export async function runSinglePass(context: StrategyContext, params: Record<string, number>, history: boolean, harness = new PlanHarness(context, { candidates: params.candidates, history })): Promise<TaskOutcome> {
  await harness.start();
  const trajectory: ExecutedStep[] = [];
  const success = await harness.finish(trajectory);
  return harness.outcome(trajectory, success);
}
