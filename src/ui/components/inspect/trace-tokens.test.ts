import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../core/trace';
import { traceBlocks } from './trace-blocks';
import { isEcoActTrace, registrationsOf, tokensPerStep } from './trace-tokens';

const call = (promptTokens: number): TraceEvent => ({ type: 'llm-call', kind: 'act', promptTokens, completionTokens: 10, ms: 1, response: 'r' });
const step = (index: number): TraceEvent => ({ type: 'step', index, thought: '', action: 'a', observation: 'o', ok: true, invalid: false, progress: 0 });
const start = (instruction: string): TraceEvent => ({ type: 'task-start', goal: 'g', instruction, initialObservation: 'o' });

describe('input tokens per step', () => {
  it('should sum the prompt tokens of the calls behind each step, 0 for a step without the model', () => {
    const points = tokensPerStep(
      traceBlocks([
        start('tools: a, b, tool_register'),
        call(400), { type: 'register', index: 1, tool: 'b', registered: 1, available: 9 }, step(1),
        call(450), call(460), step(2),
        { type: 'inertia', index: 3, kind: 'inertial', tool: 'a', action: 'a', score: 1, frequency: 1, context: 1, params: [] }, step(3),
      ]),
    );
    expect(points.map((p) => [p.n, p.step, p.input, p.calls, p.registered ?? null])).toEqual([
      [1, 1, 400, 1, 'b'],
      [2, 2, 910, 2, null],
      [3, 3, 0, 0, null],
    ]);
  });

  it('should number steps in order across attempts and say which attempt each is in', () => {
    const points = tokensPerStep(traceBlocks([call(100), step(1), call(120), step(2), { type: 'trial', trial: 1, success: false }, call(150), step(1)]));
    expect(points.map((p) => [p.n, p.step, p.attempt])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
      [3, 1, 2],
    ]);
  });

  it('should tell EcoAct traces by their registrations or their tool_register listing', () => {
    expect(isEcoActTrace([start('Tools: go_to, open')])).toBe(false);
    expect(isEcoActTrace([start('tool_register: register ONE of them')])).toBe(true);
    const registered: TraceEvent[] = [{ type: 'register', index: 2, tool: 't', registered: 1, available: 5 }];
    expect(isEcoActTrace(registered)).toBe(true);
    expect(registrationsOf([...registered, step(2)])).toEqual(registered);
  });
});
