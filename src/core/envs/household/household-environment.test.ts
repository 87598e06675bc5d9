import { describe, expect, it } from 'vitest';
import type { Action } from '../../types';
import { parseCommand, UNKNOWN_COMMAND } from '../../llm/action-format';
import { Rng } from '../../rng';
import { HouseholdEnvironment } from './household-environment';
import { tinyTask } from './tiny-task';
import type { HouseholdTaskType } from './world';

function start(kind: HouseholdTaskType = 'pick_and_place') {
  const env = new HouseholdEnvironment();
  const first = env.reset(tinyTask(kind), 1);
  const run = (command: string) => env.step(parseCommand(command, env.tools()));
  return { env, first, run };
}

/** The world as plain data, for comparing states. */
const snapshot = (env: HouseholdEnvironment) => JSON.stringify({ ...env.world, seen: [...env.world.seen] });

describe('HouseholdEnvironment', () => {
  it('should start in the middle of the room, listing the receptacles, then the goal', () => {
    const { first } = start();
    expect(first).toBe(
      'You are in the middle of a room. Looking quickly around you, you see a cabinet 1, a countertop 1, a diningtable 1, a drawer 1, a fridge 1, a microwave 1, a sidetable 1, and a sinkbasin 1.\n\nYour task is to: put a apple on diningtable.',
    );
  });

  it('should describe arrivals, closed containers and their contents once opened', () => {
    const { run } = start();
    expect(run('go to countertop 1').observation).toBe('You arrive at countertop 1. On the countertop 1, you see a apple 1, and a knife 1.');
    expect(run('go to fridge 1').observation).toBe('You arrive at fridge 1. The fridge 1 is closed.');
    expect(run('take mug 2 from fridge 1').observation).toBe('Nothing happens.');
    expect(run('open fridge 1').observation).toBe('You open the fridge 1. In it, you see a mug 2.');
    expect(run('take mug 2 from fridge 1')).toMatchObject({ observation: 'You pick up the mug 2 from the fridge 1.', ok: true });
    expect(run('look').observation).toBe('You are facing the fridge 1. The fridge 1 is open. In it, you see nothing.');
    expect(run('inventory').observation).toBe('You are carrying: a mug 2.');
    expect(run('close fridge 1').observation).toBe('You close the fridge 1.');
    expect(run('go to drawer 1').observation).toBe('You arrive at drawer 1. The drawer 1 is closed.');
    expect(run('open drawer 1').observation).toBe('You open the drawer 1. In it, you see nothing.');
    expect(run('put mug 2 in/on drawer 1').observation).toBe('You put the mug 2 in/on the drawer 1.');
  });

  it('should answer invalid and ineffective actions with "Nothing happens." and change nothing else', () => {
    const { env, run } = start();
    run('go to countertop 1');
    const invalid: Action[] = [
      { tool: UNKNOWN_COMMAND, args: { command: 'dance' } },
      { tool: 'fly', args: {} },
      { tool: 'take', args: {} },
      { tool: 'take', args: { obj: 42, recep: true } },
      { tool: 'take', args: { obj: 'mug 1', recep: 'countertop 1' } },
      { tool: 'take', args: { obj: 'apple 1', recep: 'cabinet 1' } },
      { tool: 'put', args: { obj: 'apple 1', recep: 'countertop 1' } },
      { tool: 'go_to', args: { recep: 'countertop 1' } },
      { tool: 'go_to', args: { recep: 'bathtub 9' } },
      { tool: 'open', args: { recep: 'countertop 1' } },
      { tool: 'open', args: { recep: 'cabinet 1' } },
      { tool: 'toggle', args: { target: 'desklamp 1' } },
      { tool: 'heat', args: { obj: 'apple 1', recep: 'countertop 1' } },
      { tool: 'examine', args: { target: 'mug 2' } },
      null as unknown as Action,
    ];
    for (const action of invalid) {
      const before = snapshot(env);
      expect(env.step(action)).toEqual({ observation: 'Nothing happens.', ok: false, done: false, progress: 0, success: false });
      expect(snapshot(env)).toBe(before);
    }
  });

  it('should let the agent carry one object at a time', () => {
    const { run } = start();
    run('go to countertop 1');
    expect(run('take apple 1 from countertop 1').ok).toBe(true);
    expect(run('take knife 1 from countertop 1')).toMatchObject({ observation: 'Nothing happens.', ok: false });
  });

  it('should clean, heat and cool only the held object at a sinkbasin, microwave or fridge', () => {
    const { env, run } = start('pick_heat_then_place');
    run('go to countertop 1');
    run('take apple 1 from countertop 1');
    expect(run('heat apple 1 with countertop 1').ok).toBe(false);
    run('go to microwave 1');
    expect(run('heat apple 1 with microwave 1')).toMatchObject({ observation: 'You heat the apple 1 using the microwave 1.', ok: true, progress: 2 / 3 });
    expect(run('examine apple 1').observation).toBe('This is a hot apple 1.');
    run('go to fridge 1');
    expect(run('cool apple 1 with fridge 1').observation).toBe('You cool the apple 1 using the fridge 1.');
    expect(env.world.things[0]).toMatchObject({ hot: false, cool: true });
    expect(run('clean apple 1 with fridge 1').ok).toBe(false);
    run('go to sinkbasin 1');
    expect(run('clean apple 1 with sinkbasin 1').observation).toBe('You clean the apple 1 using the sinkbasin 1.');
  });

  it('should list in "check valid actions" exactly the commands validActions() gives, all of which work', () => {
    const { env, run } = start('look_at_obj_in_light');
    for (const command of ['go to sidetable 1', 'go to cabinet 1', 'open cabinet 1', 'take mug 1 from cabinet 1', 'go to sidetable 1']) {
      run(command);
      const valid = env.validActions();
      expect(run('check valid actions').observation).toBe(`Choose an action from these valid actions: ${valid.join(', ')}.`);
      for (const text of valid) {
        const copy = new HouseholdEnvironment();
        copy.reset(env.task!, 1);
        copy.world = structuredClone(env.world);
        expect([text, copy.step(parseCommand(text, copy.tools())).ok]).toEqual([text, true]);
      }
    }
    expect(env.validActions()).toContain('toggle desklamp 1');
    expect(run('toggle desklamp 1')).toMatchObject({ observation: 'You turn on the desklamp 1.', progress: 1, success: true, done: true });
  });

  it('should keep progress monotone and end the episode at maxSteps', () => {
    const rng = new Rng(5);
    const { env, run } = start('pick_two_obj_and_place');
    const commands = () => [...env.validActions(), 'dance', 'take mug 1 from fridge 1'];
    let last = 0;
    for (let step = 1; step <= env.maxSteps && !env.done; step++) {
      const result = run(rng.pick(commands()));
      expect(result.progress).toBeGreaterThanOrEqual(last);
      last = result.progress;
      expect(result.done).toBe(result.success || step === env.maxSteps);
    }
    expect(env.done).toBe(true);
  });

  it('should count subgoals in order: reaching a later one counts the earlier ones', () => {
    const { run } = start('pick_two_obj_and_place');
    const progress = ['go to cabinet 1', 'open cabinet 1', 'take mug 1 from cabinet 1', 'go to diningtable 1', 'put mug 1 in diningtable 1'].map((c) => run(c).progress);
    expect(progress).toEqual([0, 0, 0.25, 0.25, 0.5]);
  });

  it('should replay the same observations for the same task, seed and actions', () => {
    const replay = () => {
      const { first, run } = start('pick_clean_then_place');
      return [first, ...['go to cabinet 1', 'open cabinet 1', 'take mug 1 from cabinet 1', 'look'].map((c) => run(c).observation)];
    };
    expect(replay()).toEqual(replay());
  });
});
