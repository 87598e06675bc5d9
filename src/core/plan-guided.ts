import type { Action, Environment, StepResult } from './types';

/** The action name for "No tool required" in plan-guided environments (SLATE). */
export const NO_TOOL = 'no_tool_required';

/** One substep of a plan, as an agent sees it. */
export interface PlanSubstep {
  /** The substep label, for example `2.1`. */
  step: string;
  description: string;
  /** The description of the high-level step it belongs to. */
  goal: string;
}

/** What one executed substep left behind. */
export interface ExecutedStep {
  step: string;
  /** The call made, or a NO_TOOL action. */
  action: Action;
  output: Record<string, unknown>;
  observation: string;
  ok: boolean;
}

/** A step result of a plan-guided environment, with the output of the call. */
export interface PlanStepResult extends StepResult {
  output: Record<string, unknown>;
}

/**
 * A plan-guided environment (SLATE section 4.1): a query, a fixed plan of substeps, and a cursor.
 * `step` executes the action for the substep under the cursor and moves on; `seek` puts the cursor
 * back at a substep with the outputs of a given prefix, which is how EGB branches (Alg. 1, line 26).
 */
export interface PlanEnvironment extends Environment {
  readonly planGuided: true;
  query(): string;
  substeps(): PlanSubstep[];
  /** Index of the substep the next `step` executes. */
  cursor(): number;
  seek(index: number, prefix: ExecutedStep[]): void;
  step(action: Action): PlanStepResult;
  /** The agent's own executed substeps so far (its history, never the gold plan). */
  trajectory(): ExecutedStep[];
  /** Step-wise metrics of the trajectory executed last (tool match, action identification). */
  metrics(): Record<string, number>;
}

export function isPlanEnvironment(env: Environment): env is PlanEnvironment {
  return (env as Partial<PlanEnvironment>).planGuided === true;
}
