import { hashSeed, Rng } from '../../rng';
import type { Task } from '../../types';
import type { HouseholdFile, HouseholdTaskRecord } from './dataset';
import type { HouseholdTarget, HouseholdTaskData, HouseholdTaskType } from './world';
import { HOUSEHOLD_TASK_TYPES } from './world';
import type { RoomKind } from './vocabulary';
import { CLEANABLE, COOLABLE, HEATABLE, LOOKABLE, PLACES, ROOM_KINDS, ROOMS, STATIONS } from './vocabulary';
import { goalText } from './task-types';
import { generateLayout, startClasses } from './generate-layout';
import { HouseholdEnvironment } from './household-environment';
import { householdExpert } from './household-expert';

/** The seed of the bundled `public/data/household.json`. */
export const HOUSEHOLD_SEED = 2024;

/** Tasks per task type: 6 types x 18 = 108 tasks, a third of each type for training. */
const PER_TYPE = 18;

/** Expert solution lengths a task must have (steps): at least a few, at most 20. */
const MIN_STEPS: Record<HouseholdTaskType, number> = {
  pick_and_place: 5,
  pick_clean_then_place: 6,
  pick_heat_then_place: 6,
  pick_cool_then_place: 6,
  look_at_obj_in_light: 5,
  pick_two_obj_and_place: 8,
};
const MAX_STEPS = 20;

/** Which rooms and object classes a task type draws from, and which target receptacles it avoids. */
const TYPE_PLANS: Record<HouseholdTaskType, { rooms: readonly RoomKind[]; objects?: readonly string[]; avoid: readonly string[] }> = {
  pick_and_place: { rooms: ROOM_KINDS, avoid: [] },
  pick_clean_then_place: { rooms: ['kitchen', 'bathroom'], objects: CLEANABLE, avoid: [...STATIONS.clean, 'bathtubbasin'] },
  pick_heat_then_place: { rooms: ['kitchen'], objects: HEATABLE, avoid: STATIONS.heat },
  pick_cool_then_place: { rooms: ['kitchen'], objects: COOLABLE, avoid: STATIONS.cool },
  look_at_obj_in_light: { rooms: ['bedroom', 'livingroom'], objects: LOOKABLE, avoid: [] },
  pick_two_obj_and_place: { rooms: ROOM_KINDS, avoid: [] },
};

/** A random target for a task type in a room, or undefined when the draw does not fit the room. */
function drawTarget(rng: Rng, kind: HouseholdTaskType, room: RoomKind): HouseholdTarget | undefined {
  const plan = ROOMS[room];
  const typePlan = TYPE_PLANS[kind];
  const objects = plan.objects.filter((o) => !typePlan.objects || typePlan.objects.includes(o));
  const object = rng.pick(objects);
  if (kind === 'look_at_obj_in_light') return { object, lamp: rng.pick(Object.keys(plan.lamps)) };
  const receptacles = (PLACES[object] ?? []).filter((r) => r in plan.receptacles && !typePlan.avoid.includes(r));
  if (receptacles.length === 0) return undefined;
  const target = { object, receptacle: rng.pick(receptacles) };
  return startClasses(kind, target).some((r) => r in plan.receptacles) ? target : undefined;
}

/** The expert's solution length for a task, or undefined when the expert does not solve it within the step limit. */
export function expertSteps(task: Task): number | undefined {
  const env = new HouseholdEnvironment();
  const expert = householdExpert(env);
  env.reset(task, 0);
  for (let action = expert.next(); action; action = expert.next()) env.step(action);
  return env.success ? env.steps : undefined;
}

/** Draws tasks of one type until PER_TYPE fit the step range; a (room, object, target) triple repeats only when it must. */
function drawTasksOfType(kind: HouseholdTaskType, seed: number): Omit<HouseholdTaskRecord, 'id'>[] {
  const rng = new Rng(hashSeed('household-type', kind, seed));
  const drawn: Omit<HouseholdTaskRecord, 'id'>[] = [];
  const triples = new Set<string>();
  for (let attempt = 0; drawn.length < PER_TYPE; attempt++) {
    if (attempt > 5000) throw new Error(`generateHouseholdDataset: could not draw ${PER_TYPE} ${kind} tasks.`);
    const room = rng.pick(TYPE_PLANS[kind].rooms);
    const target = drawTarget(rng, kind, room);
    if (!target) continue;
    const triple = `${room}/${target.object}/${target.receptacle ?? target.lamp}`;
    if (triples.has(triple) && attempt < 1000) continue;
    const data: HouseholdTaskData = generateLayout(rng, room, kind, target);
    const goal = goalText(kind, target, rng.int(2));
    const steps = expertSteps({ id: 'draft', env: 'household', goal, split: 'test', kind, data });
    if (steps === undefined || steps < MIN_STEPS[kind] || steps > MAX_STEPS) continue;
    triples.add(triple);
    drawn.push({ goal, split: drawn.length % 3 === 0 ? 'train' : 'test', kind, data });
  }
  return drawn;
}

/**
 * The household data file for a seed (pure and deterministic): PER_TYPE tasks of each of the six
 * ALFWorld task types, each with its own room layout and an expert solution of 5 to 20 steps, a
 * third of each type for training, shuffled and numbered `household-001`….
 */
export function generateHouseholdDataset(seed = HOUSEHOLD_SEED): HouseholdFile {
  const drafts = HOUSEHOLD_TASK_TYPES.flatMap((kind) => drawTasksOfType(kind, seed));
  const ordered = new Rng(hashSeed('household-order', seed)).shuffle(drafts);
  const tasks = ordered.map((draft, index) => ({ id: `household-${String(index + 1).padStart(3, '0')}`, ...draft }));
  return { env: 'household', version: 1, tasks };
}
