import type { Action, ArgValue, Expert, KeyAction } from '../../types';
import type { HouseholdEnvironment } from './household-environment';
import { goldAction } from './gold-action';
import { heldThing, reachableThings, type World } from './world';

/**
 * The world as the agent knows it: every receptacle (the room overview names them all), and only
 * the things it has been shown or holds. The gold action on it rests on observed facts alone.
 */
function knownWorld(world: World): World {
  return { ...world, things: world.things.filter((t) => t.at === null || world.seen.has(t.name)) };
}

/**
 * Where to look next when the known world gives no gold action: each receptacle whose contents the
 * agent has not been shown (open the one it stands at first). Every entry is equally gold; which
 * one holds the target is hidden state.
 */
function searchFrontier(world: World): Action[] {
  const here = world.receptacles.find((r) => r.name === world.location);
  if (here && !world.explored.has(here.name) && here.openable && !here.open) return [{ tool: 'open', args: { recep: here.name } }];
  return world.receptacles.filter((r) => !world.explored.has(r.name) && r.name !== world.location).map((r) => ({ tool: 'go_to', args: { recep: r.name } }));
}

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
    key(): KeyAction[] {
      if (!env.task || env.done) return [];
      const known = goldAction(knownWorld(env.world), env.kind, env.data.target);
      if (known) return [{ action: known }];
      // The omniscient gold would walk to where an unseen object lies: that rests on hidden state.
      const hidden = goldAction(env.world, env.kind, env.data.target);
      const frontier = searchFrontier(env.world).map((action) => ({ action }));
      return hidden ? [...frontier, { action: hidden, unseen: true }] : frontier;
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
