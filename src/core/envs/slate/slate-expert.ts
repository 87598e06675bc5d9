import type { Action, ArgValue, Expert } from '../../types';
import type { SlateEnvironment } from './slate-environment';
import { NO_TOOL } from '../../plan-guided';

function scalars(value: unknown, out: Set<ArgValue>): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.add(value);
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => scalars(v, out));
}

/**
 * The gold policy of a SLATE case: the plan's action for the substep under the cursor (arguments
 * as the plan writes them, references included), or NO_TOOL. Wrong-argument choices come from the
 * case's values and earlier outputs, which is what a model could confuse.
 */
export function slateExpert(env: SlateEnvironment): Expert {
  return {
    next(): Action | null {
      const substep = env.gold[env.cursor()];
      if (!substep) return null;
      if (!substep.action) return { tool: NO_TOOL, args: {} };
      return { tool: substep.action.tool, args: { ...(substep.action.args as Record<string, ArgValue>) } };
    },
    argumentChoices(): ArgValue[] {
      const values = new Set<ArgValue>();
      for (const entry of env.item.simulation) scalars(entry.args, values);
      // Outputs of matched calls only: a default output's "no_record_found" is no value to pass on.
      for (const executed of env.executed) if (executed.ok) scalars(executed.output, values);
      return [...values].sort((a, b) => String(a).localeCompare(String(b)));
    },
  };
}
