import type { Action, ArgValue, Expert } from '../../types';
import type { RestApiEnvironment } from './restapi-environment';
import { literalFor } from './restapi-environment';

/**
 * The gold policy of a RestBench query: the next endpoint of the solution path, with the id the
 * previous gold call returned in its id parameters and plain values elsewhere; then `finish`.
 */
export function restapiExpert(env: RestApiEnvironment): Expert {
  return {
    next(): Action | null {
      const tool = env.goldTool(env.matched);
      if (!tool) return { tool: 'finish', args: { answer: 'Done.' } };
      const args: Record<string, ArgValue> = {};
      for (const name of tool.tool.arguments.required) {
        const id = env.matched === 0 ? (env.startId ?? env.plannedIds[0]) : env.plannedIds[env.matched - 1];
        args[name] = tool.idParams.includes(name) ? id : literalFor(name, env.task?.goal ?? '');
      }
      return { tool: tool.tool.name, args };
    },
    argumentChoices(): ArgValue[] {
      return [...env.issued, 'default', 'track'].sort();
    },
  };
}
