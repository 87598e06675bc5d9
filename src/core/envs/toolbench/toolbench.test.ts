import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateToolbenchDataset, TOOLBENCH_SEED } from './generate-dataset';
import { parseToolbenchDataset } from './dataset';
import { ToolbenchEnvironment } from './toolbench-environment';
import { toolbenchExpert } from './toolbench-expert';
import type { ToolbenchTaskData } from './toolbench-types';

describe('toolbench', () => {
  const file = generateToolbenchDataset(TOOLBENCH_SEED);

  it('should give the same file for the same seed and match the bundled public/data/toolbench.json', () => {
    expect(generateToolbenchDataset(5, 12)).toEqual(generateToolbenchDataset(5, 12));
    expect(generateToolbenchDataset(6, 12)).not.toEqual(generateToolbenchDataset(5, 12));
    const bundled = JSON.parse(readFileSync(new URL('../../../../public/data/toolbench.json', import.meta.url), 'utf8'));
    expect(bundled).toEqual(file);
  });

  it('should hold at least 150 queries over the three tool-scale levels, 2 to 4 needed calls, a third for training', () => {
    expect(file.tasks.length).toBeGreaterThanOrEqual(150);
    for (const level of ['0-10', '10-20', '20+']) expect(file.tasks.filter((t) => t.kind === level).length).toBeGreaterThanOrEqual(50);
    for (const task of file.tasks) {
      expect(task.data.calls.length).toBeGreaterThanOrEqual(2);
      expect(task.data.calls.length).toBeLessThanOrEqual(4);
      expect(task.data.pool.length).toBeGreaterThanOrEqual(5);
      expect(task.data.pool.length).toBeLessThanOrEqual(64);
    }
    expect(Math.max(...file.tasks.map((t) => t.data.pool.length))).toBeGreaterThan(50);
    expect(file.tasks.filter((t) => t.split === 'train').length / file.tasks.length).toBeCloseTo(1 / 3, 1);
    const words = file.tools.map((t) => t.description.split(/\s+/).length);
    expect(Math.min(...words)).toBeGreaterThan(35);
  });

  it('should be solved by its expert on every query, and fail a wrong answer or a skipped call', () => {
    const dataset = parseToolbenchDataset(file);
    const env = new ToolbenchEnvironment(dataset.tools);
    for (const task of dataset.tasks) {
      env.reset(task);
      const expert = toolbenchExpert(env);
      let last;
      for (let action = expert.next(), n = 0; action && n < 10; action = expert.next(), n++) {
        last = env.step(action);
        if (last.done) break;
      }
      expect([task.id, last?.success]).toEqual([task.id, true]);
    }
    const task = dataset.tasks[0];
    const data = task.data as ToolbenchTaskData;
    env.reset(task);
    expect(env.step({ tool: 'finish', args: { answer: String(data.answer) } }).success).toBe(false);
    env.reset(task);
    const first = data.calls[0];
    expect(env.step({ tool: first.tool, args: { ...first.args, query: 'Somewhere else' } })).toMatchObject({ ok: false, progress: 0 });
    expect(env.step(first)).toMatchObject({ ok: true });
    expect(env.step({ tool: 'not_a_tool', args: {} }).observation).toMatch(/not one of this query's tools/);
  });

  it('should name the problem of a malformed file', () => {
    const broken = structuredClone(file);
    broken.tasks[2].data.pool.push('no_such_api');
    expect(() => parseToolbenchDataset(broken)).toThrow('task toolbench-003 uses tool "no_such_api"');
    expect(() => parseToolbenchDataset({ ...file, tasks: [] })).toThrow(/tasks/);
  });
});
