import { describe, expect, it } from 'vitest';
import { reflexionSpec } from '.';
import { withDefaults } from '../strategy';
import { ScriptedModel } from '../../../../test/fixtures/scripted-model';
import { contextFor } from '../../../../test/fixtures/strategy-context';

describe('reflexionSpec', () => {
  it('should reflect after a failed call and show the reflection in later prompts', async () => {
    const model = new ScriptedModel([
      'Think: x\nAction: press blue',
      'The action "press blue" failed. Press red first.',
      'Think: y\nAction: press red',
      'Think: z\nAction: press green',
      'Think: w\nAction: press blue',
    ]);
    const { context, events } = contextFor(model);
    const outcome = await reflexionSpec.create(withDefaults(reflexionSpec)).runTask(context);
    expect(outcome.success).toBe(true);
    expect(model.requests.map((r) => r.kind)).toEqual(['act', 'reflect', 'act', 'act', 'act']);
    expect(model.requests[1].messages[1].content).toContain('Action: press blue\nObservation: Nothing happens.');
    expect(model.requests[2].messages[0].content).toContain('The action "press blue" failed. Press red first.');
    expect(events.filter((e) => e.type === 'reflection')).toEqual([{ type: 'reflection', text: 'The action "press blue" failed. Press red first.', trigger: 'failed-call' }]);
  });

  it('should reflect after three identical observations', async () => {
    const model = new ScriptedModel([
      'Think: a\nAction: look',
      'Think: a\nAction: look',
      'Think: a\nAction: look',
      'Stop looking.',
      'Think: b\nAction: press red',
    ]);
    const { context, events } = contextFor(model, 0);
    await reflexionSpec.create(withDefaults(reflexionSpec)).runTask(context);
    expect(events.find((e) => e.type === 'reflection')).toMatchObject({ trigger: 'repeated-observation' });
  });

  it('should keep at most `memory` reflections, newest last', async () => {
    const script = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 'Think: x\nAction: press purple' : `Reflection number ${i}.`));
    const model = new ScriptedModel(script);
    const { context } = contextFor(model);
    await reflexionSpec.create({ memory: 2, window: 4 }).runTask(context);
    const last = model.requests.filter((r) => r.kind === 'act').at(-1)!;
    expect(last.messages[0].content).toContain('Reflection number 13.');
    expect(last.messages[0].content).not.toContain('Reflection number 9.');
  });

  it('under the cache layout, appends the reflection after the observation and keeps the system prompt and goal as they were', async () => {
    const model = new ScriptedModel(['Think: x\nAction: press blue', 'The action "press blue" failed. Press red first.', 'Think: y\nAction: press red', 'Think: z\nAction: press green', 'Think: w\nAction: press blue']);
    const { context } = contextFor(model);
    await reflexionSpec.create(withDefaults(reflexionSpec)).runTask({ ...context, layout: 'cache' });
    const acts = model.requests.filter((r) => r.kind === 'act').map((r) => r.messages);
    expect(acts[0][0].content).not.toContain(context.goal);
    expect(acts[0][1]).toEqual({ role: 'user', content: expect.stringContaining(context.goal) });
    for (let i = 1; i < acts.length; i++) expect(acts[i].slice(0, acts[i - 1].length)).toEqual(acts[i - 1]);
    expect(acts[1].at(-1)).toEqual({ role: 'user', content: expect.stringContaining('The action "press blue" failed. Press red first.') });
    expect(acts[1].at(-2)!.content).toMatch(/^Observation: /);
  });
});
