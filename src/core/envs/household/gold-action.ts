import type { Action } from '../../types';
import type { HouseholdTarget, HouseholdTaskType, Receptacle, Thing, World } from './world';
import { heldThing, receptacleNamed } from './world';
import { placedTargets, requiredState } from './task-types';
import { STATIONS } from './vocabulary';

const act = (tool: string, args: Record<string, string> = {}): Action => ({ tool, args });

/** Steps to stand at a receptacle with it open: one to walk there, one to open it. */
function reachCost(world: World, receptacle: Receptacle): number {
  return (world.location === receptacle.name ? 0 : 1) + (receptacle.open ? 0 : 1);
}

/** The first item of least cost, or undefined for none. */
function cheapest<T>(items: T[], cost: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestCost = Infinity;
  for (const item of items) {
    const value = cost(item);
    if (value < bestCost) [best, bestCost] = [item, value];
  }
  return best;
}

/** The next step towards standing at a receptacle with it open, or undefined when that holds. */
function reach(world: World, receptacle: Receptacle): Action | undefined {
  if (world.location !== receptacle.name) return act('go_to', { recep: receptacle.name });
  if (!receptacle.open) return act('open', { recep: receptacle.name });
  return undefined;
}

/** The receptacle a thing lies in or on (it is not held). */
function holderOf(world: World, thing: Thing): Receptacle {
  return receptacleNamed(world, thing.at ?? '')!;
}

/** Fetching the cheapest candidate: walk to it, open its container, take it. `extra` adds per-candidate cost. */
function fetchCheapest(world: World, candidates: Thing[], extra: (thing: Thing) => number = () => 0): Action | null {
  const thing = cheapest(candidates, (t) => reachCost(world, holderOf(world, t)) + extra(t));
  if (!thing) return null;
  const holder = holderOf(world, thing);
  return reach(world, holder) ?? act('take', { obj: thing.name, recep: holder.name });
}

/** Putting the held thing into the cheapest receptacle of the given class. */
function putInto(world: World, kind: string | undefined, held: Thing): Action | null {
  const into = cheapest(world.receptacles.filter((r) => r.kind === kind), (r) => reachCost(world, r));
  if (!into) return null;
  return reach(world, into) ?? act('put', { obj: held.name, recep: into.name });
}

/** Cleaning, heating or cooling the held thing at the nearest station (stations need not be open). */
function processHeld(world: World, how: keyof typeof STATIONS, held: Thing): Action | null {
  const kinds: readonly string[] = STATIONS[how];
  const station = cheapest(world.receptacles.filter((r) => kinds.includes(r.kind)), (r) => (world.location === r.name ? 0 : 1));
  if (!station) return null;
  if (world.location !== station.name) return act('go_to', { recep: station.name });
  return act(how, { obj: held.name, recep: station.name });
}

/** Putting down a held thing the task does not need: here when possible, else on the first open receptacle. */
function dropHeld(world: World, held: Thing): Action | null {
  const here = world.location === null ? undefined : receptacleNamed(world, world.location);
  const spot = here ?? world.receptacles.find((r) => r.open);
  if (!spot) return null;
  return reach(world, spot) ?? act('put', { obj: held.name, recep: spot.name });
}

/** look_at_obj_in_light: hold the object, walk to a lamp of the class, switch it on. */
function lookAction(world: World, target: HouseholdTarget, held: Thing | undefined, candidates: Thing[]): Action | null {
  if (!held) return fetchCheapest(world, candidates);
  const lamps = world.things.filter((t) => t.kind === target.lamp && t.at !== null);
  if (lamps.some((lamp) => lamp.at === world.location && lamp.on)) return null;
  const lamp = cheapest(lamps, (l) => (l.at === world.location ? 0 : 1) + (l.on ? 0 : 1));
  if (!lamp) return null;
  return reach(world, holderOf(world, lamp)) ?? act('toggle', { target: lamp.name });
}

const PROCESS = { clean: 'clean', hot: 'heat', cool: 'cool' } as const;

/**
 * The gold next action from any state of a household world, read from the hidden state (the
 * expert is omniscient): first put down anything the task does not need, then fetch the cheapest
 * instance of the target class (opening its container), process it at a station when the task asks,
 * and put it into the nearest receptacle of the target class (opening it). Null once the task is solved.
 */
export function goldAction(world: World, kind: HouseholdTaskType, target: HouseholdTarget): Action | null {
  const held = heldThing(world);
  if (held && held.kind !== target.object) return dropHeld(world, held);
  const candidates = world.things.filter((t) => t.kind === target.object && t.at !== null);
  if (kind === 'look_at_obj_in_light') return lookAction(world, target, held, candidates);
  const state = requiredState(kind);
  if (state) {
    if (placedTargets(world, target, (t) => t[state]).length > 0) return null;
    if (held) return held[state] ? putInto(world, target.receptacle, held) : processHeld(world, PROCESS[state], held);
    // A thing already processed saves the walk to the station and the processing (two steps).
    return fetchCheapest(world, candidates, (t) => (t[state] ? 0 : 2));
  }
  const placed = placedTargets(world, target);
  const needed = kind === 'pick_two_obj_and_place' ? 2 : 1;
  if (placed.length >= needed) return null;
  if (held) return putInto(world, target.receptacle, held);
  return fetchCheapest(world, candidates.filter((t) => !placed.includes(t)));
}
