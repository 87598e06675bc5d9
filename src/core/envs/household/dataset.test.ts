import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../errors';
import { parseHouseholdDataset } from './dataset';
import { tinyTask } from './tiny-task';

/** A well-formed file with the hand-made task. */
function tinyFile() {
  const { id, goal, split, kind, data } = tinyTask('pick_heat_then_place');
  return structuredClone({ env: 'household', version: 1, tasks: [{ id, goal, split, kind, data }] }) as {
    env: string;
    tasks: { kind: string; data: { objects: { name: string; at: string }[]; target?: Record<string, string> } }[];
  };
}

function errorOf(json: unknown): DatasetError {
  try {
    parseHouseholdDataset(json);
  } catch (error) {
    if (error instanceof DatasetError) return error;
    throw error;
  }
  throw new Error('parseHouseholdDataset accepted a malformed file');
}

describe('parseHouseholdDataset', () => {
  it('should read a well-formed file as tasks of the household environment', () => {
    const dataset = parseHouseholdDataset(tinyFile());
    expect(dataset.env).toBe('household');
    expect(dataset.tasks[0]).toMatchObject({ id: 'household-tiny-pick_heat_then_place', env: 'household', kind: 'pick_heat_then_place', split: 'test' });
  });

  it('should reject a file of another shape with a DatasetError naming the path', () => {
    const file = tinyFile();
    delete file.tasks[0].data.target;
    expect(errorOf(file).path).toBe('tasks[0].data.target');
    const kind = tinyFile();
    kind.tasks[0].kind = 'juggle';
    expect(errorOf(kind).path).toBe('tasks[0].kind');
    expect(errorOf({ env: 'academic' }).path).toBe('env');
    expect(errorOf(null)).toBeInstanceOf(DatasetError);
  });

  it('should reject unknown receptacles and targets the layout cannot satisfy', () => {
    const file = tinyFile();
    file.tasks[0].data.objects[1].at = 'bathtub 1';
    expect(errorOf(file).message).toBe('tasks[0].data.objects[1].at: unknown receptacle "bathtub 1"');
    const target = tinyFile();
    target.tasks[0].data.target!.receptacle = 'toilet';
    expect(errorOf(target).path).toBe('tasks[0].data.target.receptacle');
    const two = tinyFile();
    two.tasks[0].kind = 'pick_two_obj_and_place';
    expect(errorOf(two).path).toBe('tasks[0].data.target.object');
  });
});
