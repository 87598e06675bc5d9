import type { AgentStep, StateHints } from '../../types';

const lastOk = (steps: AgentStep[], tool: string) => [...steps].reverse().find((step) => step.ok && step.tool === tool);

/** Household's key states: where the agent is (its last `go to`) and what it carries (its last `take`, unless put down since). */
export const householdStateHints: StateHints = (tool, param, steps) => {
  const location = lastOk(steps, 'go_to')?.args.recep;
  const take = lastOk(steps, 'take');
  const put = lastOk(steps, 'put');
  const holding = take && (!put || steps.lastIndexOf(put) < steps.lastIndexOf(take)) ? take.args.obj : undefined;
  if (param === 'recep') return { value: tool === 'go_to' ? undefined : location }; // going where it already is helps nothing
  if (param === 'obj') return { value: holding };
  if (param === 'target') return { value: holding ?? location };
  return undefined;
};
