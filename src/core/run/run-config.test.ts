import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_CONFIG, validateRunConfig } from './run-config';
import { ENVIRONMENTS } from '../envs';
import { STRATEGIES } from '../strategies';
import { ConfigError } from '../errors';

const known = {
  envs: Object.keys(ENVIRONMENTS),
  strategies: Object.keys(STRATEGIES),
  planGuidedEnvs: Object.keys(ENVIRONMENTS).filter((id) => ENVIRONMENTS[id].planGuided),
  planGuidedOnlyStrategies: Object.keys(STRATEGIES).filter((id) => STRATEGIES[id].planGuidedOnly),
};

describe('validateRunConfig', () => {
  it('should mark SLATE as plan-guided and the plan-only strategies as such, ReAct and Reflexion as neither', () => {
    expect(known.planGuidedEnvs).toEqual(['slate']);
    expect(known.planGuidedOnlyStrategies).toEqual(expect.arrayContaining(['baseline-llm', 'egb-sampling', 'egb-logits', 'react-memory', 'egb-logits-memory']));
    expect(known.planGuidedOnlyStrategies).not.toContain('react');
    expect(known.planGuidedOnlyStrategies).not.toContain('reflexion');
  });

  it('should refuse a plan-only strategy on an environment without a plan, and say what to do', () => {
    const config = { ...DEFAULT_RUN_CONFIG, envs: ['household', 'slate'], strategies: ['react', 'egb-logits'] };
    expect(() => validateRunConfig(config, known)).toThrow(ConfigError);
    expect(() => validateRunConfig(config, known)).toThrow(/egb-logits needs a plan of substeps and runs on SLATE only, not on household/);
  });

  it('should accept ReAct and Reflexion anywhere and plan-only strategies on SLATE alone', () => {
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, envs: ['household', 'academic', 'slate'], strategies: ['react', 'reflexion'] }, known)).not.toThrow();
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, envs: ['slate'], strategies: ['react', 'egb-sampling', 'baseline-llm-memory'] }, known)).not.toThrow();
  });

  it('should name unknown ids and bad numbers', () => {
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, envs: ['nowhere'] }, known)).toThrow(/Unknown environment "nowhere"/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, tasks: 0 }, known)).toThrow(/whole number from 1 to/);
  });
});

describe('validateRunConfig: hyperparameters and ids', () => {
  const withParams = { ...known, params: Object.fromEntries(Object.values(STRATEGIES).map((spec) => [spec.id, spec.params])) };
  const slate = { ...DEFAULT_RUN_CONFIG, envs: ['slate'], strategies: ['egb-sampling', 'reflexion'] };

  it('should refuse a hyperparameter out of its range, not whole where it must be, or unknown', () => {
    expect(() => validateRunConfig({ ...slate, params: { 'egb-sampling': { m: 0 } } }, withParams)).toThrow(/egb-sampling\.m = 0 is out of range: give a whole number from 1 to 30/);
    expect(() => validateRunConfig({ ...slate, params: { 'egb-sampling': { m: 1_000_000 } } }, withParams)).toThrow(/out of range/);
    expect(() => validateRunConfig({ ...slate, params: { reflexion: { trials: 0 } } }, withParams)).toThrow(/reflexion\.trials = 0/);
    expect(() => validateRunConfig({ ...slate, params: { reflexion: { memory: 2.5 } } }, withParams)).toThrow(/whole number/);
    expect(() => validateRunConfig({ ...slate, params: { reflexion: { foo: 1 } } }, withParams)).toThrow(/reflexion has no parameter "foo"/);
    expect(() => validateRunConfig({ ...slate, params: { 'egb-sampling': { m: 5 } } }, withParams)).not.toThrow();
  });

  it('should refuse seeds and tasks beyond what a run can hold, and ids that are only object keys', () => {
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, seeds: 1_000_000_000 }, withParams)).toThrow(/seeds must be a whole number from 1 to 1,000/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, tasks: 1e23 }, withParams)).toThrow(/tasks must be a whole number from 1 to 100,000/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, envs: ['constructor'] }, withParams)).toThrow(/Unknown environment "constructor"/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, envs: ['__proto__'] }, withParams)).toThrow(/Unknown environment "__proto__"/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, strategies: ['react', 'react'] }, withParams)).toThrow(/strategy "react" is listed twice/);
  });
});

describe('validateRunConfig: SimLM dials', () => {
  it('should accept known skills in range on a sim: model, and no dials at all', () => {
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { kappa: 3, tau: 0.5, historyUse: 1, bias: 0 } }, known)).not.toThrow();
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, model: 'openai:http://x/v1#m', dials: {} }, known)).not.toThrow();
  });

  it('should refuse dials on a model that is not SimLM, unknown skills and values out of range', () => {
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, model: 'openai:http://x/v1#m', dials: { kappa: 3 } }, known)).toThrow(/need a SimLM model/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { wisdom: 3 } }, known)).toThrow(/SimLM has no skill "wisdom". Its skills: beta, kappa/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { constructor: 3 } }, known)).toThrow(/no skill "constructor"/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { historyUse: 1.5 } }, known)).toThrow(/historyUse = 1.5 is out of range: give a number from 0 to 1/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { tau: 0 } }, known)).toThrow(/tau = 0 is out of range: give a number above 0 and at most 10/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { kappa: 51 } }, known)).toThrow(ConfigError);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, dials: { beta: Number.NaN } }, known)).toThrow(ConfigError);
  });
});
