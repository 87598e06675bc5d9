import { describe, expect, it } from 'vitest';
import { configFromHash, configToHash, readConfigHash } from './url-config';
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

  it('should round-trip SimLM dials as sim.<skill>=<value>, and still read the older d.<skill>', () => {
    const config = { ...DEFAULT_RUN_CONFIG, dials: { kappa: 3, historyUse: 0.9 } };
    const hash = configToHash(config);
    expect(hash).toContain('sim.kappa=3');
    expect(hash).not.toContain('d.kappa');
    expect(configFromHash(hash)).toEqual(config);
    expect(configFromHash('#d.kappa=3&d.historyUse=0.9')).toEqual(config);
    expect(configFromHash('#d.kappa=abc')).toEqual(DEFAULT_RUN_CONFIG);
  });

  it('should write hyperparameters as <strategy>.<key>, and still read the older p.<strategy>.<key>', () => {
    const config = { ...DEFAULT_RUN_CONFIG, params: { 'egb-logits': { tau: 0.3 } } };
    expect(configToHash(config)).toContain('egb-logits.tau=0.3');
    expect(configFromHash('#p.egb-logits.tau=0.3')).toEqual(config);
  });

  it('should refuse a bad number with a message naming the setting, not turn it into a default silently (tasks=NaN)', () => {
    for (const text of ['NaN', 'Infinity', '1e999', '2.5', '0', '-3', '', 'abc']) {
      const { config, problems } = readConfigHash(`#tasks=${text}`);
      expect(config.tasks, text).toBe(DEFAULT_RUN_CONFIG.tasks);
      expect(problems, text).toEqual([`tasks=${text}: give a whole number from 1 to 100,000 (tasks per environment); kept ${DEFAULT_RUN_CONFIG.tasks}.`]);
    }
    expect(readConfigHash('#sim.tau=0').problems[0]).toMatch(/^sim\.tau=0: give a number above 0 and at most 10/);
    expect(readConfigHash('#egb-logits.tau=NaN').problems).toHaveLength(1);
    expect(readConfigHash('#tasks=30&seeds=3').problems).toEqual([]);
  });

  it('should keep defaults for missing or malformed fields', () => {
    expect(configFromHash('#tasks=abc&seed=')).toEqual(DEFAULT_RUN_CONFIG);
  });
});
