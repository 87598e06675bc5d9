import { describe, expect, it } from 'vitest';
import { configFromHash, configToHash } from './url-config';
import { DEFAULT_RUN_CONFIG } from '../core/run/run-config';

describe('configToHash', () => {
  it('should round-trip a config through the URL hash', () => {
    const config = { ...DEFAULT_RUN_CONFIG, envs: ['household', 'academic'], tasks: 30, seeds: 2, seed: 42, params: { reflexion: { memory: 2 } } };
    expect(configFromHash(configToHash(config))).toEqual(config);
  });

  it('should round-trip a server model and its concurrency, with no key in the link', () => {
    const config = { ...DEFAULT_RUN_CONFIG, model: 'openai:http://localhost:11434/v1#qwen2.5:7b-instruct', concurrency: 8, constrained: true };
    const hash = configToHash(config);
    expect(configFromHash(hash)).toEqual(config);
    expect(hash).not.toMatch(/key/i);
  });

  it('should round-trip SimLM dials as d.<skill>=<value>', () => {
    const config = { ...DEFAULT_RUN_CONFIG, dials: { kappa: 3, historyUse: 0.9 } };
    const hash = configToHash(config);
    expect(hash).toContain('d.kappa=3');
    expect(configFromHash(hash)).toEqual(config);
    expect(configFromHash('#d.kappa=abc')).toEqual(DEFAULT_RUN_CONFIG);
  });

  it('should keep defaults for missing or malformed fields', () => {
    expect(configFromHash('#tasks=abc&seed=')).toEqual(DEFAULT_RUN_CONFIG);
  });
});
