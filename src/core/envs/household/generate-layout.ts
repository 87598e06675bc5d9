import type { Rng } from '../../rng';
import type { HouseholdTarget, HouseholdTaskData, HouseholdTaskType, PlacementData, ReceptacleData } from './world';
import type { RoomKind } from './vocabulary';
import { classOf, OPENABLE, PLACES, ROOMS, STATIONS } from './vocabulary';
import { requiredState } from './task-types';

/** The share of target objects that start inside a closed container when their class may. */
const CLOSED_SHARE = 0.6;

const PROCESS_STATIONS: Record<'clean' | 'hot' | 'cool', readonly string[]> = { clean: STATIONS.clean, hot: STATIONS.heat, cool: STATIONS.cool };

/** The receptacles of a room: each class of the plan `[min, max]` times (at least once when `required`), sorted by class. */
function drawReceptacles(rng: Rng, room: RoomKind, required: string[]): ReceptacleData[] {
  const plan = ROOMS[room].receptacles;
  return Object.keys(plan)
    .sort()
    .flatMap((kind) => {
      const [min, max] = plan[kind];
      const count = Math.max(min + rng.int(max - min + 1), required.includes(kind) ? 1 : 0);
      return Array.from({ length: count }, (_, i) => ({ name: `${kind} ${i + 1}`, openable: OPENABLE.has(kind) }));
    });
}

/** A random receptacle among those whose class is in `kinds`, or undefined when the layout has none. */
function drawSpot(rng: Rng, receptacles: ReceptacleData[], kinds: readonly string[]): string | undefined {
  const classes = [...new Set(receptacles.map((r) => classOf(r.name)).filter((kind) => kinds.includes(kind)))];
  if (classes.length === 0) return undefined;
  const kind = rng.pick(classes);
  return rng.pick(receptacles.filter((r) => classOf(r.name) === kind)).name;
}

/** The receptacle classes where the target objects may start: their usual places, minus the target and the task's station. */
export function startClasses(kind: HouseholdTaskType, target: HouseholdTarget): string[] {
  const state = requiredState(kind);
  const excluded = [target.receptacle, ...(state ? PROCESS_STATIONS[state] : [])];
  return (PLACES[target.object] ?? []).filter((place) => !excluded.includes(place));
}

/**
 * A random layout of a room for a task: receptacles, one or two instances of the target class (two
 * or three for pick_two_obj_and_place) that start outside the target receptacles, mostly in closed
 * containers, 5 to 12
 * distractor objects of other classes, and the room's lamps. Things are numbered per class.
 */
export function generateLayout(rng: Rng, room: RoomKind, kind: HouseholdTaskType, target: HouseholdTarget): HouseholdTaskData {
  const plan = ROOMS[room];
  const receptacles = drawReceptacles(rng, room, target.receptacle ? [target.receptacle] : []);
  const counts = new Map<string, number>();
  const placed: PlacementData[] = [];
  const place = (objectClass: string, kinds: readonly string[]) => {
    const at = drawSpot(rng, receptacles, kinds);
    if (!at) return;
    const number = (counts.get(objectClass) ?? 0) + 1;
    counts.set(objectClass, number);
    placed.push({ name: `${objectClass} ${number}`, at });
  };
  const instances = (kind === 'pick_two_obj_and_place' ? 2 : 1) + rng.int(2);
  const starts = startClasses(kind, target);
  const closedStarts = starts.filter((place) => OPENABLE.has(place) && place in plan.receptacles);
  for (let i = 0; i < instances; i++) {
    // Mostly hidden in closed containers, as in ALFWorld, so that the agent has to open things.
    place(target.object, closedStarts.length > 0 && rng.next() < CLOSED_SHARE ? closedStarts : starts);
  }
  const others = plan.objects.filter((objectClass) => objectClass !== target.object);
  const distractors = 5 + rng.int(8);
  for (let i = 0; i < distractors; i++) {
    const objectClass = rng.pick(others);
    place(objectClass, PLACES[objectClass] ?? []);
  }
  const lamps = Object.entries(plan.lamps).flatMap(([lamp, stands]) => {
    const at = drawSpot(rng, receptacles, stands);
    return at ? [{ name: `${lamp} 1`, at }] : [];
  });
  return { room, receptacles, objects: rng.shuffle(placed), lamps, target };
}
