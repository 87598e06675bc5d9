import { describe, expect, it } from 'vitest';
import type { Action } from '../../types';
import type { SlateDataset } from './index';
import { devSetDataset } from '../../../../test/fixtures/dev-sets';
import { SlateEnvironment } from './slate-environment';
import { slateExpert } from './slate-expert';

/**
 * The clinic development set (`eval/dev-sets/slate-clinic/`, written apart from the SLATE generator)
 * loads with the importer, and the environment's expert solves every case: success with each gold
 * call matched, and success again when each gold tool with a family alias is swapped for the alias.
 */
describe('SLATE clinic development set', () => {
  const dataset = devSetDataset('slate') as SlateDataset;
  const env = new SlateEnvironment(dataset.tools);

  it('loads all 24 cases (8 train, 16 test) and 207 tools', () => {
    expect(dataset.tasks).toHaveLength(24);
    expect(dataset.tasks.filter((t) => t.split === 'train')).toHaveLength(8);
    expect(dataset.tools).toHaveLength(207);
    expect(dataset.skipped ?? []).toEqual([]);
  });

  it('is solved by the expert on every case with every gold call matched', () => {
    for (const task of dataset.tasks) {
      env.reset(task);
      const expert = slateExpert(env);
      let last;
      for (let action = expert.next(), n = 0; action && n < 40; action = expert.next(), n++) last = env.step(action);
      const metrics = env.metrics();
      expect([task.id, last?.success, metrics.progress, metrics.toolMatch]).toEqual([task.id, true, 1, 1]);
    }
  });

  it('still succeeds when a gold tool is swapped for its family alias', () => {
    const family = new Map<string, string[]>();
    for (const tool of dataset.tools) if (tool.family) family.set(tool.family, [...(family.get(tool.family) ?? []), tool.name]);
    let swapped = 0;
    for (const task of dataset.tasks) {
      env.reset(task);
      const expert = slateExpert(env);
      let last;
      for (let action: Action | null = expert.next(), n = 0; action && n < 40; action = expert.next(), n++) {
        const name = dataset.tools.find((t) => t.name === action!.tool)?.family;
        const alias = name ? family.get(name)!.find((other) => other !== action!.tool) : undefined;
        if (alias) {
          swapped++;
          action = { ...action, tool: alias };
        }
        last = env.step(action);
      }
      expect([task.id, last?.success]).toEqual([task.id, true]);
    }
    expect(swapped).toBeGreaterThan(30);
  });
});
