import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../types';
import { formatAction, parseCommand } from '../../llm/action-format';
import { hashSeed, Rng } from '../../rng';
import { householdSpec } from '.';
import type { HouseholdEnvironment } from './household-environment';
import { householdExpert } from './household-expert';
import { tinyTask } from './tiny-task';
import { HOUSEHOLD_TASK_TYPES } from './world';

const bundled = householdSpec.parse(JSON.parse(readFileSync(new URL('../../../../public/data/household.json', import.meta.url), 'utf8')));

function start(task: Task) {
  const env = householdSpec.create(bundled) as HouseholdEnvironment;
  env.reset(task, 1);
  return { env, expert: householdSpec.expert(env) };
}

/** Follows the expert, each action written as a command and read back as a model's would be; returns the steps taken. */
function followExpert(env: HouseholdEnvironment, expert = householdExpert(env)): number {
  let taken = 0;
  for (let action = expert.next(); action && !env.done; action = expert.next()) {
    const command = formatAction(action, 'command', env.tools());
    const parsed = parseCommand(command, env.tools());
    expect(parsed).toEqual(action);
    const result = env.step(parsed);
    expect([command, result.ok]).toEqual([command, true]);
    taken++;
  }
  return taken;
}

/** A few random commands: valid ones, a garbled one, an impossible one. */
function wander(env: HouseholdEnvironment, rng: Rng, count: number): void {
  for (let i = 0; i < count; i++) {
    const commands = [...env.validActions(), 'jump around', 'take mug 1 from fridge 1'];
    env.step(parseCommand(rng.pick(commands), env.tools()));
  }
}

describe('householdExpert', () => {
  it('should solve every bundled task within maxSteps, reaching progress 1', () => {
    expect(bundled.tasks.length).toBeGreaterThanOrEqual(90);
    for (const task of bundled.tasks) {
      const { env, expert } = start(task);
      followExpert(env, expert);
      expect([task.id, env.success, env.progress()]).toEqual([task.id, true, 1]);
      expect(env.steps).toBeLessThanOrEqual(env.maxSteps);
      expect(expert.next()).toBeNull();
    }
  });

  it('should solve every task type of the hand-made task', () => {
    for (const kind of HOUSEHOLD_TASK_TYPES) {
      const { env } = start(tinyTask(kind));
      followExpert(env);
      expect([kind, env.success]).toEqual([kind, true]);
    }
  });

  it('should recover after 3 random actions', () => {
    const tasks = bundled.tasks.filter((_, index) => index % 4 === 0);
    expect(tasks.length).toBeGreaterThan(20);
    for (const task of tasks) {
      const { env } = start(task);
      wander(env, new Rng(hashSeed('wander', task.id)), 3);
      followExpert(env);
      expect([task.id, env.success]).toEqual([task.id, true]);
    }
  });

  it('should recover from long detours: things dropped elsewhere, containers left closed', () => {
    for (const task of bundled.tasks.slice(0, 30)) {
      const { env } = start(task);
      wander(env, new Rng(hashSeed('detour', task.id)), 12);
      if (env.done) continue;
      followExpert(env);
      expect([task.id, env.success]).toEqual([task.id, true]);
    }
  });

  it('should put down an unneeded object and reopen a container the target was put back in', () => {
    const { env } = start(tinyTask('pick_clean_then_place'));
    const run = (command: string) => expect(env.step(parseCommand(command, env.tools())).ok).toBe(true);
    ['go to cabinet 1', 'open cabinet 1', 'take mug 1 from cabinet 1', 'put mug 1 in cabinet 1', 'close cabinet 1', 'go to countertop 1', 'take knife 1 from countertop 1', 'go to cabinet 1'].forEach(run);
    const expert = householdExpert(env);
    expect(expert.next()).toEqual({ tool: 'open', args: { recep: 'cabinet 1' } });
    run('go to sinkbasin 1');
    expect(expert.next()).toEqual({ tool: 'put', args: { obj: 'knife 1', recep: 'sinkbasin 1' } });
    expect(followExpert(env)).toBe(8);
    expect(env.success).toBe(true);
  });

  it('should offer receptacles, and objects seen, held or in reach, as argument values', () => {
    const { env } = start(tinyTask('look_at_obj_in_light'));
    const expert = householdExpert(env);
    expect(expert.argumentChoices('go_to', 'recep')).toEqual(env.world.receptacles.map((r) => r.name));
    expect(expert.argumentChoices('take', 'obj')).toEqual([]);
    env.step({ tool: 'go_to', args: { recep: 'countertop 1' } });
    expect(expert.argumentChoices('take', 'obj')).toEqual(['apple 1', 'knife 1']);
    env.step({ tool: 'take', args: { obj: 'apple 1', recep: 'countertop 1' } });
    env.step({ tool: 'go_to', args: { recep: 'sidetable 1' } });
    expect(expert.argumentChoices('put', 'obj')).toEqual(['apple 1', 'knife 1']);
    expect(expert.argumentChoices('toggle', 'target')).toEqual([...env.world.receptacles.map((r) => r.name), 'apple 1', 'knife 1', 'desklamp 1']);
    expect(expert.argumentChoices('look', 'nothing')).toEqual([]);
  });
});
