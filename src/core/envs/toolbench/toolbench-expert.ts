import type { Action, ArgValue, Expert, KeyAction } from '../../types';
import type { ToolbenchEnvironment } from './toolbench-environment';

/**
 * The gold policy of a toolbench query: the first needed call not made yet, then `finish` with the
 * answer. Wrong-argument choices are what a model could confuse: the names and values of the query
 * and the outputs seen so far.
 */
export function toolbenchExpert(env: ToolbenchEnvironment): Expert {
  return {
    next(): Action | null {
      const index = env.made.indexOf(false);
      if (index >= 0) return { tool: env.data.calls[index].tool, args: { ...env.data.calls[index].args } };
      return { tool: 'finish', args: { answer: env.data.answer } };
    },
    key(): KeyAction[] {
      const action = this.next();
      return action ? [{ action }] : [];
    },
    argumentChoices(): ArgValue[] {
      const values = new Set<ArgValue>();
      for (const call of env.data.calls) for (const value of Object.values(call.args)) if (typeof value === 'string') values.add(value);
      for (const output of env.outputs) for (const value of Object.values(output)) if (typeof value === 'string' || typeof value === 'number') values.add(value as ArgValue);
      return [...values].sort((a, b) => String(a).localeCompare(String(b)));
    },
  };
}
