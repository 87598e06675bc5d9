import { describe, expect, it } from 'vitest';
import { rewordedBundledSlate } from './reword-data';
import { loadNodeData } from './node-data';
import { InThreadRunner, createModelResolver } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG } from '../src/core/run/run-config';
import { ENVIRONMENTS } from '../src/core/envs';

// Issue 39: SimLM's competence is the task's key, not the words, so renaming every tool and rewording
// every description leaves ReAct's success inside the original's interval.
describe('renaming invariance on SLATE', () => {
  it('renames every tool, rewords the descriptions, and keeps ReAct\'s success inside the original\'s 95% interval', async () => {
    const copy = await rewordedBundledSlate();
    const original = (await loadNodeData('slate/tools.json')) as { name: string; description: string }[];
    const names = new Set(original.map((tool) => tool.name));
    expect(copy.tools.filter((tool) => names.has(tool.name))).toEqual([]);
    expect(copy.tools.filter((tool, i) => tool.description !== original[i].description).length).toBeGreaterThan(original.length * 0.9);

    const config = { ...DEFAULT_RUN_CONFIG, envs: ['slate'], strategies: ['react'], tasks: 40, seeds: 2, seed: 1, embedder: 'lexical' };
    const runner = () => new InThreadRunner(loadNodeData, createModelResolver(), ENVIRONMENTS);
    const before = (await runner().run(config)).rows[0];
    const reworded = runner();
    await reworded.environments();
    reworded.importDataset('slate', copy);
    const after = (await reworded.run(config)).rows[0];
    expect(after.tasks).toBe(before.tasks);
    expect(after.success).toBeGreaterThanOrEqual(before.intervals!.success[0]);
    expect(after.success).toBeLessThanOrEqual(before.intervals!.success[1]);
  }, 120_000);
});
