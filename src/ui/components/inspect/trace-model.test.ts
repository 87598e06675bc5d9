import { describe, expect, it } from 'vitest';
import { SIM_BADGE, traceModel, traceModelLine } from './trace-model';
import { traceFile } from './trace-file';

describe('traceModel (issue 42 item 3: every trace says which model wrote it)', () => {
  it('names SimLM and its preset for a simulated model, with any dials', () => {
    const model = traceModel({ id: 'sim:small', label: 'Simulated model: Small (7B-class open model)', simulated: true });
    expect(model.badge).toBe(SIM_BADGE);
    expect(model.preset).toBe('small');
    expect(model.detail).toContain('preset small: Small (7B-class open model)');
    expect(model.detail).toContain('not a real LLM');
    expect(traceModel({ id: 'sim:medium', label: 'x', simulated: true }, { kappa: 3, bias: 0.5 }).detail).toContain('dials bias=0.5, kappa=3');
  });

  it("names a real model by its label, with no SimLM badge", () => {
    const model = traceModel({ id: 'openai:http://127.0.0.1:8766/v1#qwen', label: 'qwen at 127.0.0.1:8766', simulated: false });
    expect(model).toMatchObject({ simulated: false, badge: 'qwen at 127.0.0.1:8766', preset: '' });
    expect(traceModelLine(model)).toBe('Written by qwen at 127.0.0.1:8766');
  });

  it("a trace's JSON file states the model before its events", () => {
    const model = traceModel({ id: 'sim:strong', label: 'Simulated model: Strong (frontier API model)', simulated: true });
    const file = traceFile('household/react/1/h-1', model, [{ type: 'step', index: 1, thought: 't', action: 'look', observation: 'o', ok: true, progress: 0 }] as never);
    const text = JSON.stringify(file);
    expect(Object.keys(file)[0]).toBe('trace');
    expect(file.model).toMatchObject({ id: 'sim:strong', simulated: true, preset: 'strong', writtenBy: expect.stringContaining('Simulated (SimLM)') });
    expect(text.indexOf('"model"')).toBeLessThan(text.indexOf('"events"'));
  });
});
