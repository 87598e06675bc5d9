import { z } from 'zod';
import type { Dataset, Task } from '../../types';
import { DatasetError } from '../../errors';
import type { HouseholdTaskData, HouseholdTaskType } from './world';
import { HOUSEHOLD_TASK_TYPES } from './world';
import { classOf, ROOM_KINDS } from './vocabulary';

/** The household dataset: tasks whose `data` is a HouseholdTaskData and whose `kind` a task type. */
export interface HouseholdDataset extends Dataset {
  env: 'household';
}

/** One task as stored in the data file. */
export interface HouseholdTaskRecord {
  id: string;
  goal: string;
  split: 'train' | 'test';
  kind: HouseholdTaskType;
  data: HouseholdTaskData;
}

/** The bundled data file, `public/data/household.json`. */
export interface HouseholdFile {
  env: 'household';
  version: 1;
  tasks: HouseholdTaskRecord[];
}

const word = z.string().regex(/^[a-z]+$/, 'expected a lower-case class name such as "mug"');
const numbered = z.string().regex(/^[a-z]+ \d+$/, 'expected a numbered name such as "cabinet 1"');
const placement = z.object({ name: numbered, at: numbered });
const task = z.object({
  id: z.string().min(1),
  goal: z.string().min(1),
  split: z.enum(['train', 'test']),
  kind: z.enum(HOUSEHOLD_TASK_TYPES as [HouseholdTaskType, ...HouseholdTaskType[]]),
  data: z.object({
    room: z.enum(ROOM_KINDS as [string, ...string[]]),
    receptacles: z.array(z.object({ name: numbered, openable: z.boolean() })).min(1),
    objects: z.array(placement).min(1),
    lamps: z.array(placement),
    target: z.object({ object: word, receptacle: word.optional(), lamp: word.optional() }),
  }),
});
const file = z.object({ env: z.literal('household'), version: z.literal(1), tasks: z.array(task).min(1) });

/** `tasks[3].data.target` from a zod issue path. */
function pathText(path: PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
}

/** Cross-checks of one task that the schema cannot express; throws a DatasetError naming the first problem. */
function checkTask(record: HouseholdTaskRecord, at: string): void {
  const check = (ok: boolean, message: string, path: string) => {
    if (!ok) throw new DatasetError(message, `${at}.${path}`);
  };
  const { receptacles, objects, lamps, target } = record.data;
  const names = new Set(receptacles.map((r) => r.name));
  check(names.size === receptacles.length, 'two receptacles share a name', 'data.receptacles');
  const things = [...objects, ...lamps];
  check(new Set(things.map((t) => t.name)).size === things.length, 'two objects share a name', 'data.objects');
  objects.forEach((o, i) => check(names.has(o.at), `unknown receptacle "${o.at}"`, `data.objects[${i}].at`));
  lamps.forEach((l, i) => check(names.has(l.at), `unknown receptacle "${l.at}"`, `data.lamps[${i}].at`));
  const instances = objects.filter((o) => classOf(o.name) === target.object).length;
  check(instances >= (record.kind === 'pick_two_obj_and_place' ? 2 : 1), `too few objects of class "${target.object}"`, 'data.target.object');
  if (record.kind === 'look_at_obj_in_light') {
    check(lamps.some((l) => classOf(l.name) === target.lamp), `no lamp of class "${target.lamp ?? ''}" in the layout`, 'data.target.lamp');
  } else {
    const kinds = receptacles.map((r) => classOf(r.name));
    check(kinds.includes(target.receptacle ?? ''), `no receptacle of class "${target.receptacle ?? ''}" in the layout`, 'data.target.receptacle');
  }
}

/**
 * Validates the household data file (`{env, version, tasks}`) and reads it as a dataset.
 * Throws a DatasetError whose path says where the file is wrong.
 */
export function parseHouseholdDataset(json: unknown): HouseholdDataset {
  const result = file.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DatasetError(`${issue.message} (regenerate with \`npm run generate:data -- household\`)`, pathText(issue.path));
  }
  const data = result.data as HouseholdFile;
  const ids = new Set<string>();
  data.tasks.forEach((record, i) => {
    if (ids.has(record.id)) throw new DatasetError(`duplicate task id "${record.id}"`, `tasks[${i}].id`);
    ids.add(record.id);
    checkTask(record, `tasks[${i}]`);
  });
  const tasks: Task[] = data.tasks.map((t) => ({ id: t.id, env: 'household', goal: t.goal, split: t.split, kind: t.kind, data: t.data }));
  return { env: 'household', tasks };
}
