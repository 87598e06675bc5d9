import type { ArgValue } from '../../types';
import type { LoopStep } from '../shared/react-loop';

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

/** Household: where the agent is (its last `go to`) and what it carries (its last `take`, unless put down since). */
export const householdAdapter: EnvironmentAdapter = {
  state(tool, param, history) {
    const location = lastOk(history, (step) => step.parsed!.tool === 'go_to')?.parsed!.args.recep;
    const take = lastOk(history, (step) => step.parsed!.tool === 'take');
    const put = lastOk(history, (step) => step.parsed!.tool === 'put');
    const holding = take && (!put || history.lastIndexOf(put) < history.lastIndexOf(take)) ? take.parsed!.args.obj : undefined;
    if (param === 'recep') return tool === 'go_to' ? undefined : location; // going where it already is helps nothing
    if (param === 'obj') return holding;
    if (param === 'target') return holding ?? location;
    return genericAdapter.state(tool, param, history);
  },
};

/** Academic: the graph the agent loaded last, and the node it looked at last. */
export const academicAdapter: EnvironmentAdapter = {
  state(tool, param, history) {
    if (param === 'graph') {
      const load = lastOk(history, (step) => /^load(Paper|Author)Net$/.test(step.parsed!.tool));
      return load ? (load.parsed!.tool === 'loadPaperNet' ? 'PaperNet' : 'AuthorNet') : undefined;
    }
    if (/^node\d?$/.test(param)) return lastOk(history, (step) => step.parsed!.args.node !== undefined)?.parsed!.args.node;
    return genericAdapter.state(tool, param, history);
  },
};

/** The adapter for an environment id (strategies know environments by id only). */
export function adapterFor(envId: string): EnvironmentAdapter {
  return envId === 'household' ? householdAdapter : envId === 'academic' ? academicAdapter : genericAdapter;
}
