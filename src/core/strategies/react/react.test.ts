import { describe, expect, it } from 'vitest';
import { reactSpec } from '.';
import { ScriptedModel } from '../../../../test/fixtures/scripted-model';
import { contextFor } from '../../../../test/fixtures/strategy-context';

describe('reactSpec', () => {
  it('should run Think/Action/Observation until the task is solved', async () => {
    const model = new ScriptedModel(['Think: first red.\nAction: press red', 'Think: now green.\nAction: press green', 'Think: blue.\nAction: press blue']);
    const { context, events } = contextFor(model);
    const outcome = await reactSpec.create({}).runTask(context);
    expect(outcome).toEqual({ success: true, progress: 1, steps: 3, invalidSteps: 0, failedCalls: 0 });
    expect(events.filter((e) => e.type === 'step')).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'task-end', success: true, progress: 1, steps: 3 });
  });

  it('should show the goal and every tool in the prompt, and the observations as turns', async () => {
    const model = new ScriptedModel(['Think: a\nAction: press red', 'Think: b\nAction: press green']);
    const { context } = contextFor(model);
    await reactSpec.create({}).runTask(context);
    const second = model.requests[1];
    expect(second.messages[0].content).toContain(context.goal);
    expect(second.messages[0].content).toContain('press {button}: Press a button.');
    expect(second.options?.map((o) => o.name)).toEqual(['press', 'look']);
    expect(second.messages.at(-1)?.content).toBe('Observation: Button red lights up.');
  });

  it('should count an unparseable reply as an invalid step with a format-error observation', async () => {
    const model = new ScriptedModel(['I will press the red one.', 'Think: a\nAction: press red']);
    const { context, events } = contextFor(model, 0);
    const outcome = await reactSpec.create({}).runTask(context);
    expect(outcome).toMatchObject({ success: true, steps: 2, invalidSteps: 1 });
    const first = events.find((e) => e.type === 'step');
    expect(first).toMatchObject({ invalid: true, ok: false });
    expect(first?.type === 'step' && first.observation).toMatch(/^Invalid format/);
  });

  it('should stop at the environment step limit', async () => {
    const model = new ScriptedModel(['Think: x\nAction: press purple']);
    const { context, env } = contextFor(model);
    const outcome = await reactSpec.create({}).runTask(context);
    expect(outcome).toMatchObject({ success: false, steps: env.maxSteps, failedCalls: env.maxSteps });
  });
});
