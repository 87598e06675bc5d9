import type { RoomKind } from './vocabulary';
import { classOf } from './vocabulary';

/** The six ALFWorld task types; a task's `kind`. */
export type HouseholdTaskType =
  | 'pick_and_place'
  | 'pick_clean_then_place'
  | 'pick_heat_then_place'
  | 'pick_cool_then_place'
  | 'look_at_obj_in_light'
  | 'pick_two_obj_and_place';

/** The task types, in a fixed order. */
export const HOUSEHOLD_TASK_TYPES: readonly HouseholdTaskType[] = [
  'pick_and_place',
  'pick_clean_then_place',
  'pick_heat_then_place',
  'pick_cool_then_place',
  'look_at_obj_in_light',
  'pick_two_obj_and_place',
];

/** A receptacle of a layout, named with its number (`cabinet 3`). Openable ones start closed. */
export interface ReceptacleData {
  name: string;
  openable: boolean;
}

/** A thing of a layout (`apple 1`) and the receptacle it starts in or on. */
export interface PlacementData {
  name: string;
  at: string;
}

/**
 * What a task asks for, by class: `object` into a receptacle of class `receptacle`, or (for
 * look_at_obj_in_light) `object` held under a lamp of class `lamp`. Any instance of a class counts.
 */
export interface HouseholdTarget {
  object: string;
  receptacle?: string;
  lamp?: string;
}

/** The `data` of a household task: its own room layout and its target. */
export interface HouseholdTaskData {
  room: RoomKind;
  receptacles: ReceptacleData[];
  /** Takeable objects, numbered per class. */
  objects: PlacementData[];
  /** Lamps: toggleable, not takeable. */
  lamps: PlacementData[];
  target: HouseholdTarget;
}

/** A receptacle during an episode. */
export interface Receptacle {
  name: string;
  kind: string;
  openable: boolean;
  open: boolean;
}

/** An object or lamp during an episode. */
export interface Thing {
  name: string;
  kind: string;
  takeable: boolean;
  /** The receptacle it is in or on; null while the agent holds it. */
  at: string | null;
  clean: boolean;
  hot: boolean;
  cool: boolean;
  /** Lamps only: switched on. */
  on: boolean;
}

/** The hidden state of an episode: everything the expert reads. */
export interface World {
  receptacles: Receptacle[];
  /** Objects then lamps, in the order of the task data. */
  things: Thing[];
  /** The receptacle the agent stands at; null in the middle of the room (the start). */
  location: string | null;
  /** The name of the held object, if any (the agent carries at most one). */
  holding: string | null;
  /** Names of things the agent has been shown so far. */
  seen: Set<string>;
  /** Names of receptacles whose contents the agent has been shown (the key's search frontier is the rest). */
  explored: Set<string>;
}

/** A fresh world for a task's layout: containers closed, the agent empty-handed in the middle of the room. */
export function createWorld(data: HouseholdTaskData): World {
  const thing = (placement: PlacementData, takeable: boolean): Thing => ({
    name: placement.name,
    kind: classOf(placement.name),
    takeable,
    at: placement.at,
    clean: false,
    hot: false,
    cool: false,
    on: false,
  });
  return {
    receptacles: data.receptacles.map((r) => ({ name: r.name, kind: classOf(r.name), openable: r.openable, open: !r.openable })),
    things: [...data.objects.map((o) => thing(o, true)), ...data.lamps.map((l) => thing(l, false))],
    location: null,
    holding: null,
    seen: new Set(),
    explored: new Set(),
  };
}

/** The receptacle of that name, or undefined. */
export function receptacleNamed(world: World, name: string): Receptacle | undefined {
  return world.receptacles.find((r) => r.name === name);
}

/** The object or lamp of that name, or undefined. */
export function thingNamed(world: World, name: string): Thing | undefined {
  return world.things.find((t) => t.name === name);
}

/** The held object, or undefined. */
export function heldThing(world: World): Thing | undefined {
  return world.holding === null ? undefined : thingNamed(world, world.holding);
}

/** The receptacle the agent stands at, or undefined. */
export function currentReceptacle(world: World): Receptacle | undefined {
  return world.location === null ? undefined : receptacleNamed(world, world.location);
}

/** The things in or on a receptacle, visible or not, in data order. */
export function contentsOf(world: World, receptacle: string): Thing[] {
  return world.things.filter((t) => t.at === receptacle);
}

/** The things the agent can see and reach now: those at its location when that is not a closed container. */
export function reachableThings(world: World): Thing[] {
  const here = currentReceptacle(world);
  return here && here.open ? contentsOf(world, here.name) : [];
}

/** The class of the receptacle a thing is in or on; undefined while held. */
export function receptacleKindOf(world: World, thing: Thing): string | undefined {
  return thing.at === null ? undefined : receptacleNamed(world, thing.at)?.kind;
}
