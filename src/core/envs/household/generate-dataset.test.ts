import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expertSteps, generateHouseholdDataset, HOUSEHOLD_SEED } from './generate-dataset';
import { parseHouseholdDataset } from './dataset';
import { HOUSEHOLD_TASK_TYPES } from './world';

const file = generateHouseholdDataset(HOUSEHOLD_SEED);

describe('generateHouseholdDataset', () => {
  it('should give the same file for the same seed and another for another seed', () => {
    expect(JSON.stringify(generateHouseholdDataset(7))).toBe(JSON.stringify(generateHouseholdDataset(7)));
    expect(generateHouseholdDataset(8)).not.toEqual(generateHouseholdDataset(7));
  });

  it('should match the bundled public/data/household.json (rerun npm run generate:data -- household if not)', () => {
    const bundled = readFileSync(new URL('../../../../public/data/household.json', import.meta.url), 'utf8');
    expect(bundled).toBe(`${JSON.stringify(file, null, 2)}\n`);
  });

  it('should draw balanced task types, a third of each for training, numbered in order', () => {
    expect(file.tasks.length).toBeGreaterThanOrEqual(90);
    for (const kind of HOUSEHOLD_TASK_TYPES) {
      const ofKind = file.tasks.filter((task) => task.kind === kind);
      expect([kind, ofKind.length]).toEqual([kind, file.tasks.length / 6]);
      expect(ofKind.filter((task) => task.split === 'train').length).toBe(ofKind.length / 3);
    }
    file.tasks.forEach((task, index) => expect(task.id).toBe(`household-${String(index + 1).padStart(3, '0')}`));
    expect(() => parseHouseholdDataset(file)).not.toThrow();
  });

  it('should phrase goals like ALFWorld, in both templates of each type', () => {
    const patterns: Record<string, RegExp> = {
      pick_and_place: /^put (a|some) \w+ (in|on) \w+\.$/,
      pick_clean_then_place: /^(put a clean \w+|clean some \w+ and put it) (in|on) \w+\.$/,
      pick_heat_then_place: /^(put a hot \w+|heat some \w+ and put it) (in|on) \w+\.$/,
      pick_cool_then_place: /^(put a cool \w+|cool some \w+ and put it) (in|on) \w+\.$/,
      look_at_obj_in_light: /^(examine the \w+ with the|look at \w+ under the) (desklamp|floorlamp)\.$/,
      pick_two_obj_and_place: /^(put two \w+|find two \w+ and put them) (in|on) \w+\.$/,
    };
    for (const task of file.tasks) {
      const text = task.goal.replace(/^Your task is to: /, '');
      expect([task.id, patterns[task.kind].test(text)]).toEqual([task.id, true]);
    }
    const openings = new Set(file.tasks.map((task) => task.goal.split(' ').slice(5, 7).join(' ')));
    expect(openings.size).toBeGreaterThanOrEqual(12);
  });

  it('should give each task its own layout, in several rooms, with things both in closed containers and on surfaces', () => {
    const layouts = new Set(file.tasks.map((task) => JSON.stringify(task.data.receptacles)));
    expect(layouts.size).toBeGreaterThan(file.tasks.length / 2);
    expect(new Set(file.tasks.map((task) => task.data.room)).size).toBe(4);
    const spots = file.tasks.flatMap((task) => task.data.objects.map((o) => task.data.receptacles.find((r) => r.name === o.at)!.openable));
    expect(spots.filter(Boolean).length).toBeGreaterThan(spots.length / 4);
    expect(spots.filter((openable) => !openable).length).toBeGreaterThan(spots.length / 4);
  });

  it('should need 5 to 20 expert steps per task, at least 6 beyond plain picking and looking', () => {
    for (const task of file.tasks) {
      const steps = expertSteps({ ...task, env: 'household' }) ?? 0;
      const least = task.kind === 'pick_and_place' || task.kind === 'look_at_obj_in_light' ? 5 : 6;
      expect([task.id, steps >= least && steps <= 20]).toEqual([task.id, true]);
    }
  });
});
