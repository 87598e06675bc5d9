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
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, tasks: 0 }, known)).toThrow(/at least 1/);
  });
});
