import { describe, expect, it } from 'vitest';
import { describeModel, familyOf, isSimModel, MODEL_FAMILIES, simPresetOf } from './model-families';
import { validateRunConfig } from '../run/run-config';
import { DEFAULT_RUN_CONFIG } from '../run/run-config';

describe('the model families registry', () => {
  it('tells each id its family by prefix, and each family is labelled plainly', () => {
    expect(familyOf('sim:small')?.id).toBe('sim');
    expect(familyOf('webllm:Qwen2.5-0.5B-Instruct-q4f32_1-MLC')?.id).toBe('webllm');
    expect(familyOf('openai:http://127.0.0.1:11434/v1#qwen2.5:7b')?.id).toBe('openai');
    expect(familyOf('gpt-4')).toBeUndefined();
    expect(describeModel('sim:medium')).toEqual({ label: expect.stringMatching(/^Simulated model: Medium/), simulated: true });
    expect(describeModel('openai:http://127.0.0.1:11434/v1#qwen2.5:7b').simulated).toBe(false);
    expect(Object.values(MODEL_FAMILIES).filter((family) => family.poolable).map((family) => family.id)).toEqual(['sim']);
  });

  it('names SimLM presets by own keys only', () => {
    expect(simPresetOf('sim:strong')?.id).toBe('strong');
    expect(simPresetOf('sim:constructor')).toBeUndefined();
    expect(isSimModel('sim:anything')).toBe(true);
  });

  it('lets validation refuse an id of no family, or a preset SimLM does not have', () => {
    const known = { envs: ['household'], strategies: ['react', 'reflexion'] };
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, model: 'gpt-4' }, known)).toThrow(/Unknown model "gpt-4"/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, model: 'sim:constructor' }, known)).toThrow(/Unknown SimLM preset/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, model: 'sim:medium' }, known)).not.toThrow();
  });
});
