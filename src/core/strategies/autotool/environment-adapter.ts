import type { AgentStep, ArgValue, Environment } from '../../types';
import type { LoopStep } from '../common/react-loop';

/**
 * What AutoTool's "environmental state matching" reads (section 4.5: "key states maintained by the
 * agent, e.g. current location"): a value for a parameter from the state the agent tracked from its
 * own successful actions. Adapters see only the agent's steps, never the environment's internals.
 */
export interface EnvironmentAdapter {
  state(tool: string, param: string, history: LoopStep[]): ArgValue | undefined;
}

const lastOk = (history: LoopStep[], test: (step: LoopStep) => boolean) => [...history].reverse().find((step) => step.ok && step.parsed && test(step));

/** Any environment: the latest value the agent gave a parameter of that name. */
export const genericAdapter: EnvironmentAdapter = {
  state: (_tool, param, history) => lastOk(history, (step) => step.parsed!.args[param] !== undefined)?.parsed!.args[param],
};

/**
 * The adapter of an environment: its own state hints (Environment.stateHints, written in its
 * folder) where it names a parameter as a state, the generic reading otherwise.
 */
export function adapterFor(env: Pick<Environment, 'stateHints'>): EnvironmentAdapter {
  const hints = env.stateHints;
  if (!hints) return genericAdapter;
  return {
    state(tool, param, history) {
      const steps: AgentStep[] = history.flatMap((step) => (step.parsed ? [{ tool: step.parsed.tool, args: step.parsed.args, ok: step.ok }] : []));
      const hint = hints(tool, param, steps);
      return hint ? hint.value : genericAdapter.state(tool, param, history);
    },
  };
}
