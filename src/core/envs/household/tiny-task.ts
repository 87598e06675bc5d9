import type { Task } from '../../types';
import type { HouseholdTarget, HouseholdTaskData, HouseholdTaskType } from './world';
import { goalText } from './task-types';

const TARGETS: Record<HouseholdTaskType, HouseholdTarget> = {
  pick_and_place: { object: 'apple', receptacle: 'diningtable' },
  pick_clean_then_place: { object: 'mug', receptacle: 'countertop' },
  pick_heat_then_place: { object: 'apple', receptacle: 'diningtable' },
  pick_cool_then_place: { object: 'apple', receptacle: 'countertop' },
  look_at_obj_in_light: { object: 'mug', lamp: 'desklamp' },
  pick_two_obj_and_place: { object: 'mug', receptacle: 'diningtable' },
};

/**
 * A small hand-made household task for tests: a kitchen corner with a closed cabinet, drawer,
 * fridge and microwave, an apple on the countertop, two mugs in closed containers and a desklamp.
 */
export function tinyTask(kind: HouseholdTaskType = 'pick_and_place'): Task {
  const data: HouseholdTaskData = {
    room: 'kitchen',
    receptacles: [
      { name: 'cabinet 1', openable: true },
      { name: 'countertop 1', openable: false },
      { name: 'diningtable 1', openable: false },
      { name: 'drawer 1', openable: true },
      { name: 'fridge 1', openable: true },
      { name: 'microwave 1', openable: true },
      { name: 'sidetable 1', openable: false },
      { name: 'sinkbasin 1', openable: false },
    ],
    objects: [
      { name: 'apple 1', at: 'countertop 1' },
      { name: 'knife 1', at: 'countertop 1' },
      { name: 'mug 1', at: 'cabinet 1' },
      { name: 'mug 2', at: 'fridge 1' },
    ],
    lamps: [{ name: 'desklamp 1', at: 'sidetable 1' }],
    target: TARGETS[kind],
  };
  return { id: `household-tiny-${kind}`, env: 'household', goal: goalText(kind, data.target, 0), split: 'test', kind, data };
}
