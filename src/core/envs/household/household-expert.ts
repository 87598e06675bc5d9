import type { Action, ArgValue, Expert } from '../../types';
import type { HouseholdEnvironment } from './household-environment';
import { goldAction } from './gold-action';
import { heldThing, reachableThings } from './world';

/**
 * The gold policy of the household environment. It reads the environment's hidden world, so it
 * knows where every object is, and gives the next gold action from any state (also after the agent
 * wandered, dropped things or left containers closed); null once the task is solved or the episode over.
 */
export function householdExpert(env: HouseholdEnvironment): Expert {
  /** Objects (and lamps when `lamps`) a model could name now: seen so far, held, or in reach. */
  function thingNames(lamps: boolean): string[] {
    const { world } = env;
    const near = new Set([...(heldThing(world) ? [world.holding!] : []), ...reachableThings(world).map((t) => t.name)]);
    return world.things.filter((t) => (lamps || t.takeable) && (world.seen.has(t.name) || near.has(t.name))).map((t) => t.name);
  }

  return {
    next(): Action | null {
      if (!env.task || env.done) return null;
      return goldAction(env.world, env.kind, env.data.target);
    },
    argumentChoices(_tool: string, param: string): ArgValue[] {
      if (!env.task) return [];
      const receptacles = env.world.receptacles.map((r) => r.name);
      if (param === 'recep') return receptacles;
      if (param === 'obj') return thingNames(false);
      if (param === 'target') return [...receptacles, ...thingNames(true)];
      return [];
    },
  };
}
