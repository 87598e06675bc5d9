import type { Action } from '../../types';
import type { CommandBook } from './text-world-commands';
import type { Goal } from './text-world-goal';
import { classOf, numberOf, type Scene } from './text-world-scene';

/** What the text-world reader knows of one request (`text-world-reader.ts`). */
export interface World {
  scene: Scene;
  goal?: Goal;
  commands: CommandBook;
  /** Per process verb, the place classes its description names, in its order. */
  stations: Map<string, string[]>;
  /** Place classes that open (the opening command's description names them, or one was seen closed). */
  openable: Set<string>;
  /** How unlikely a place is to hold a thing of a kind (lower is likelier). */
  rank: (kind: string, place: string) => number;
}

export interface Step {
  action: Action;
  reason: string;
}

/** The places in order of plausibility for `kind`, ties by number; `last` classes go last. */
function byPlausibility(world: World, places: string[], kind: string, last: string[] = []): string[] {
  const keyed = places.map((r) => ({ r, key: world.rank(kind, r) + (last.includes(classOf(r)) ? 1000 : 0), number: numberOf(r) }));
  keyed.sort((a, b) => a.key - b.key || a.number - b.number || a.r.localeCompare(b.r));
  return keyed.map((entry) => entry.r);
}

/** Steps to find and take a thing of `kind` (or, with `take` false, to reach one: a light). */
function searchSteps(world: World, kind: string, avoid: string[], take: boolean): Step[] {
  const { scene, goal, commands } = world;
  const steps: Step[] = [];
  const here = scene.location;
  const known = byPlausibility(world, [...scene.contents.keys()], kind).filter((r) => !avoid.includes(classOf(r)) && (scene.contents.get(r) ?? []).some((n) => classOf(n) === kind));
  for (const place of known) {
    const things = scene.contents.get(place)!.filter((n) => classOf(n) === kind);
    if (place === here && !scene.closed.has(place)) {
      if (take) for (const thing of things) steps.push({ action: commands.call('take', thing, place), reason: `The ${thing} is here; take it.` });
      else return steps; // already at the light
    } else {
      steps.push({ action: commands.call('go to', place), reason: `The ${things[0]} was seen at ${place}; go there.` });
    }
  }
  if (here && scene.closed.has(here)) steps.push({ action: commands.call('open', here), reason: `The ${here} is closed; open it to look inside for a ${kind}.` });
  const unsearched = scene.places.filter((r) => r !== here && !scene.contents.has(r));
  // A light stands on a surface, not inside something that opens.
  const order = byPlausibility(world, unsearched, kind, [...(goal?.place ? [goal.place] : []), ...(take ? [] : world.openable)]);
  for (const place of order) steps.push({ action: commands.call('go to', place), reason: `No ${kind} seen yet; the ${place} is a likely place for one.` });
  return steps;
}

/** Steps to bring the held thing to a place of one of `classes` (in that order) and do `finish` there. */
function visitSteps(world: World, classes: string[], finish: (place: string) => Step[]): Step[] {
  const { scene, commands } = world;
  const places = scene.places.filter((r) => classes.includes(classOf(r)));
  places.sort((a, b) => classes.indexOf(classOf(a)) - classes.indexOf(classOf(b)) || numberOf(a) - numberOf(b));
  const steps: Step[] = [];
  const here = scene.location;
  if (here && places.includes(here)) steps.push(...finish(here));
  for (const place of places) if (place !== here) steps.push({ action: commands.call('go to', place), reason: `Take the ${scene.holding} to the ${place}.` });
  return steps;
}

/** Putting the held thing into `place` where the agent stands, opening it first when closed. */
function putSteps(world: World, place: string): Step[] {
  const { scene, commands } = world;
  const thing = scene.holding!;
  const open: Step = { action: commands.call('open', place), reason: `The ${place} is closed; open it first.` };
  const put: Step = { action: commands.call('put', thing, place), reason: `Put the ${thing} in/on the ${place}.` };
  if (scene.closed.has(place)) return [open, put];
  return world.openable.has(classOf(place)) ? [put, open] : [put];
}

/** The next steps in order of preference; the first the request offers and that did not just fail is the advice. */
export function planSteps(world: World): Step[] {
  const { scene, goal, commands } = world;
  if (!goal || scene.places.length === 0) return [];
  const held = scene.holding;
  const here = scene.location;
  if (held && classOf(held) !== goal.thing) {
    // Carrying the wrong thing: put it down (here if possible) before searching on.
    const steps: Step[] = [];
    if (here) steps.push(...putSteps(world, here));
    const surfaces = scene.places.filter((r) => r !== here && !world.openable.has(classOf(r)));
    for (const place of surfaces) steps.push({ action: commands.call('go to', place), reason: `Go somewhere to put down the ${held}.` });
    return steps;
  }
  // Things already at the goal's place count as placed; look for the others.
  if (!held) return searchSteps(world, goal.thing, goal.place && !goal.process ? [goal.place] : [], true);
  if (goal.light) {
    const lights = [...scene.contents.entries()].filter(([, things]) => things.some((n) => classOf(n) === goal.light));
    const lightHere = here ? (scene.contents.get(here) ?? []).find((n) => classOf(n) === goal.light) : undefined;
    if (lightHere) return [{ action: commands.call('toggle', lightHere), reason: `Holding the ${held} at the ${lightHere}; switch it on to look at it.` }];
    if (lights.length > 0) return lights.map(([place]) => ({ action: commands.call('go to', place), reason: `The ${goal.light} is at ${place}; bring the ${held} there.` }));
    return searchSteps(world, goal.light, [], false);
  }
  const process = goal.process;
  if (process && !scene.done.get(held)?.has(process)) {
    // The first kind of place the description names that the room has.
    const station = (world.stations.get(process) ?? []).find((kind) => scene.places.some((r) => classOf(r) === kind));
    return visitSteps(world, station ? [station] : [], (place) => [
      { action: commands.call(process, held, place), reason: `${process[0].toUpperCase()}${process.slice(1)} the ${held} with the ${place}.` },
      ...(scene.closed.has(place) ? [{ action: commands.call('open', place), reason: `Try opening the ${place} first.` }] : []),
    ]);
  }
  return visitSteps(world, [goal.place ?? ''], (place) => putSteps(world, place));
}
