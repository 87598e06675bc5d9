import type { HouseholdTarget, HouseholdTaskType, Thing, World } from './world';
import { currentReceptacle, heldThing, receptacleKindOf } from './world';
import { prepositionOf } from './vocabulary';

/** How ALFWorld phrases the goals of each task type (two templates each); `{o}` object, `{r}` receptacle, `{l}` lamp. */
const GOAL_TEMPLATES: Record<HouseholdTaskType, [string, string]> = {
  pick_and_place: ['put a {o} {p} {r}.', 'put some {o} {p} {r}.'],
  pick_clean_then_place: ['put a clean {o} {p} {r}.', 'clean some {o} and put it {p} {r}.'],
  pick_heat_then_place: ['put a hot {o} {p} {r}.', 'heat some {o} and put it {p} {r}.'],
  pick_cool_then_place: ['put a cool {o} {p} {r}.', 'cool some {o} and put it {p} {r}.'],
  look_at_obj_in_light: ['examine the {o} with the {l}.', 'look at {o} under the {l}.'],
  pick_two_obj_and_place: ['put two {o} {p} {r}.', 'find two {o} and put them {p} {r}.'],
};

/** The goal of a task, ALFWorld style: "Your task is to: put a clean mug in coffeemachine." */
export function goalText(kind: HouseholdTaskType, target: HouseholdTarget, variant: number): string {
  const template = GOAL_TEMPLATES[kind][variant % 2];
  const recep = target.receptacle ?? '';
  const text = template
    .replace('{o}', target.object)
    .replace('{p}', prepositionOf(recep))
    .replace('{r}', recep)
    .replace('{l}', target.lamp ?? '');
  return `Your task is to: ${text}`;
}

/** The subgoals of each task type, in the order an agent reaches them (AgentBoard progress rate). */
export const SUBGOALS: Record<HouseholdTaskType, string[]> = {
  pick_and_place: ['hold the object', 'the object is in the target receptacle'],
  pick_clean_then_place: ['hold the object', 'the object is clean', 'a clean object is in the target receptacle'],
  pick_heat_then_place: ['hold the object', 'the object is hot', 'a hot object is in the target receptacle'],
  pick_cool_then_place: ['hold the object', 'the object is cool', 'a cool object is in the target receptacle'],
  look_at_obj_in_light: ['hold the object', 'stand at the lamp holding the object', 'the lamp is on while holding the object'],
  pick_two_obj_and_place: ['hold the object', 'one object is in the target receptacle', 'hold a second object', 'two objects are in the target receptacle'],
};

/** The state a processing task type asks for, if any. */
export function requiredState(kind: HouseholdTaskType): 'clean' | 'hot' | 'cool' | undefined {
  if (kind === 'pick_clean_then_place') return 'clean';
  if (kind === 'pick_heat_then_place') return 'hot';
  if (kind === 'pick_cool_then_place') return 'cool';
  return undefined;
}

/** Objects of the target class lying in a receptacle of the target class (that satisfy `also`). */
export function placedTargets(world: World, target: HouseholdTarget, also: (thing: Thing) => boolean = () => true): Thing[] {
  return world.things.filter((t) => t.kind === target.object && receptacleKindOf(world, t) === target.receptacle && also(t));
}

/** The lamps of the target class at the agent's location. */
export function lampsHere(world: World, target: HouseholdTarget): Thing[] {
  const here = currentReceptacle(world);
  return here ? world.things.filter((t) => t.kind === target.lamp && t.at === here.name) : [];
}

/** Which subgoals of a task hold in the current state (one flag per SUBGOALS entry). */
export function subgoalsHolding(world: World, kind: HouseholdTaskType, target: HouseholdTarget): boolean[] {
  const holdsTarget = heldThing(world)?.kind === target.object;
  const state = requiredState(kind);
  if (state) {
    const processed = (t: Thing) => t.kind === target.object && t[state];
    return [holdsTarget, world.things.some(processed), placedTargets(world, target, processed).length > 0];
  }
  if (kind === 'look_at_obj_in_light') {
    const lamps = holdsTarget ? lampsHere(world, target) : [];
    return [holdsTarget, lamps.length > 0, lamps.some((lamp) => lamp.on)];
  }
  const placed = placedTargets(world, target).length;
  if (kind === 'pick_two_obj_and_place') return [holdsTarget, placed >= 1, placed >= 1 && holdsTarget, placed >= 2];
  return [holdsTarget, placed >= 1];
}
