import type { Receptacle, Thing, World } from './world';
import { contentsOf } from './world';

/** The observation of any invalid or ineffective action, as in ALFWorld. */
export const NOTHING_HAPPENS = 'Nothing happens.';

/** ALFWorld's list style: `a apple 1`, `a apple 1, and a knife 2`, `a a 1, a b 2, and a c 3`, or `nothing`. */
export function listThings(names: string[]): string {
  const items = names.map((name) => `a ${name}`);
  if (items.length === 0) return 'nothing';
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/** Marks the things as seen by the agent and lists them. */
function showThings(world: World, things: Thing[]): string {
  for (const thing of things) world.seen.add(thing.name);
  return listThings(things.map((t) => t.name));
}

/**
 * What the agent sees of a receptacle it stands at: its contents ("On the countertop 1, you see …"),
 * or for a container "The fridge 1 is closed." / "The fridge 1 is open. In it, you see …".
 */
export function describeReceptacle(world: World, receptacle: Receptacle): string {
  if (!receptacle.openable || receptacle.open) world.explored.add(receptacle.name);
  if (!receptacle.openable) return `On the ${receptacle.name}, you see ${showThings(world, contentsOf(world, receptacle.name))}.`;
  if (!receptacle.open) return `The ${receptacle.name} is closed.`;
  return `The ${receptacle.name} is open. In it, you see ${showThings(world, contentsOf(world, receptacle.name))}.`;
}

/** The contents shown when a container is opened: "In it, you see …". */
export function describeOpened(world: World, receptacle: Receptacle): string {
  world.explored.add(receptacle.name);
  return `You open the ${receptacle.name}. In it, you see ${showThings(world, contentsOf(world, receptacle.name))}.`;
}

/** The room overview of the start and of `look` in the middle of the room. */
export function describeRoom(world: World): string {
  return `You are in the middle of a room. Looking quickly around you, you see ${listThings(world.receptacles.map((r) => r.name))}.`;
}

/** What `examine` says about an object or lamp. */
export function describeThing(thing: Thing): string {
  if (!thing.takeable) return `The ${thing.name} is ${thing.on ? 'on' : 'off'}.`;
  const states = [thing.clean && 'clean', thing.hot && 'hot', thing.cool && 'cool'].filter(Boolean);
  return states.length === 0 ? `There's nothing special about ${thing.name}.` : `This is a ${states.join(' and ')} ${thing.name}.`;
}
