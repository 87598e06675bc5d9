import { describe, expect, it } from 'vitest';
import { entropy, voteDistribution } from './entropy';
import { candidateDistributionFromDigits } from '../../llm/digit-distribution';
import { runEntropyGuidedBranching, type Alternative, type EntropySource } from './branching';
import { PlanHarness } from '../plan/plan-harness';
import { ToyPlanEnvironment } from '../../../../test/fixtures/toy-plan-env';
import { ScriptedModel } from '../../../../test/fixtures/scripted-model';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { Rng } from '../../rng';
import type { TraceEvent } from '../../trace';

describe('voteDistribution (EGB Alg. 2)', () => {
  it('should give p_t = votes / m, the vote entropy and the majority', () => {
    const result = voteDistribution(['a', 'b', 'a', 'c', 'a', 'b', 'a', 'a', 'b', 'a']);
    expect([...result.distribution]).toEqual([['a', 0.6], ['b', 0.3], ['c', 0.1]]);
    expect(result.entropy).toBeCloseTo(-(0.6 * Math.log(0.6) + 0.3 * Math.log(0.3) + 0.1 * Math.log(0.1)), 12);
    expect(result.majority).toBe('a');
  });

  it('should give zero entropy for unanimous votes and log(m) for all different', () => {
    expect(voteDistribution(Array(10).fill('x')).entropy).toBe(0);
    expect(voteDistribution(['a', 'b', 'c', 'd']).entropy).toBeCloseTo(Math.log(4), 12);
  });

  it('should break a tie in favour of the tool sampled first', () => {
    expect(voteDistribution(['b', 'a', 'a', 'b']).majority).toBe('b');
  });
});

describe('candidateDistributionFromDigits (EGB Alg. 3)', () => {
  const oneHot = (d: number, p = 1) => Array.from({ length: 10 }, (_, i) => (i === d ? p : 0));
  const zeros = () => Array(10).fill(0);

  it('should put single-digit mass on index d1 when the index ends after one digit', () => {
    const first = oneHot(3);
    const second = Array.from({ length: 10 }, () => zeros()); // p_end = 1 everywhere
    const p = candidateDistributionFromDigits(first, second, 12);
    expect(p[3]).toBeCloseTo(1);
    expect(entropy(p)).toBeCloseTo(0);
  });

  it('should combine first and second digits into two-digit indices', () => {
    const first = [0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0];
    const second = Array.from({ length: 10 }, () => zeros());
    second[1] = oneHot(2, 0.6); // "12" with 0.6, "1" alone with 0.4
    second[2] = oneHot(0, 1); // "20"
    const p = candidateDistributionFromDigits(first, second, 25);
    expect(p[12]).toBeCloseTo(0.3);
    expect(p[1]).toBeCloseTo(0.2);
    expect(p[20]).toBeCloseTo(0.5);
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1);
    expect(entropy(p)).toBeCloseTo(-(0.3 * Math.log(0.3) + 0.2 * Math.log(0.2) + 0.5 * Math.log(0.5)));
  });

  it('should drop indices at or above K and renormalise', () => {
    const first = [0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0];
    const second = Array.from({ length: 10 }, () => zeros());
    second[1] = oneHot(5, 1); // "15" is out of range for K = 12
    const p = candidateDistributionFromDigits(first, second, 12);
    expect(p[2]).toBeCloseTo(1);
    expect(() => candidateDistributionFromDigits(first, second, 101)).toThrow(RangeError);
  });
});

/** A scripted entropy source: fixed choices, entropies and alternatives per substep. */
function scriptedSource(plan: { chosen: string; entropy: number; alternatives: Alternative[] }[], log: string[]): EntropySource {
  return {
    async decide(index) {
      const { chosen, entropy, alternatives } = plan[index];
      return { decision: { action: { tool: chosen, args: {} }, thought: '', invalid: false }, entropy, distribution: [{ tool: chosen, p: 0.5 }, ...alternatives] };
    },
    async realize(alternative, index) {
      log.push(`branch ${index}:${alternative.tool}`);
      return { action: { tool: alternative.tool, args: {} }, thought: '', invalid: false };
    },
  };
}

function harnessFor(env: ToyPlanEnvironment, reply: string) {
  const events: TraceEvent[] = [];
  env.reset();
  const model = new ScriptedModel([reply]);
  const context = { taskId: 't', goal: 'toy', initialObservation: '', env, model, embedder: new LexicalEmbedder(), rng: new Rng(1), emit: (e: TraceEvent) => events.push(e) };
  return { harness: new PlanHarness(context, { candidates: 5, history: true }), events, model };
}

describe('runEntropyGuidedBranching (EGB Alg. 1)', () => {
  it('should branch from the highest-entropy substep first, trying alternatives by probability', async () => {
    // Substep 2 (index 1) is wrong; it has the highest entropy, and its right tool is the second alternative.
    const env = new ToyPlanEnvironment(['t0', 't1', 't2']);
    const log: string[] = [];
    const source = scriptedSource(
      [
        { chosen: 't0', entropy: 0.2, alternatives: [{ tool: 'alt_a', p: 0.3 }] },
        { chosen: 'alt_b', entropy: 1.5, alternatives: [{ tool: 'alt_c', p: 0.3 }, { tool: 't1', p: 0.2 }] },
        { chosen: 't2', entropy: 0.9, alternatives: [{ tool: 'alt_a', p: 0.1 }] },
      ],
      log,
    );
    // Single-pass selection after a branch picks the gold tool of the toy env (the scripted reply uses t2).
    const { harness, events } = harnessFor(env, 'Think: x\nAction: t2 with Action Input: {}');
    const outcome = await runEntropyGuidedBranching(harness, source, { global: 5, perStep: 5 });
    expect(log).toEqual(['branch 1:alt_c', 'branch 1:t1']);
    expect(outcome.success).toBe(true);
    expect(events.filter((e) => e.type === 'branch').map((e) => e.type === 'branch' && [e.index, e.tool, e.success])).toEqual([
      [1, 'alt_c', false],
      [1, 't1', true],
    ]);
  });

  it('should respect the per-step and global budgets and return the first pass when no branch succeeds', async () => {
    const env = new ToyPlanEnvironment(['t0', 't1']);
    const log: string[] = [];
    const alternatives = ['alt_a', 'alt_b', 'alt_c'].map((tool, i) => ({ tool, p: 0.3 - i * 0.1 }));
    const source = scriptedSource(
      [
        { chosen: 'alt_b', entropy: 0.5, alternatives },
        { chosen: 'alt_c', entropy: 0.7, alternatives: alternatives.filter((a) => a.tool !== 'alt_c') },
      ],
      log,
    );
    const { harness } = harnessFor(env, 'Think: x\nAction: alt_a with Action Input: {}');
    const outcome = await runEntropyGuidedBranching(harness, source, { global: 3, perStep: 2 });
    expect(log).toEqual(['branch 1:alt_a', 'branch 1:alt_b', 'branch 0:alt_a']);
    expect(outcome.success).toBe(false);
    // The environment ends on the first-pass trajectory.
    expect(env.executed.map((e) => e.action.tool)).toEqual(['alt_b', 'alt_c']);
  });

  it('should not branch when the first pass succeeds', async () => {
    const env = new ToyPlanEnvironment(['t0']);
    const log: string[] = [];
    const source = scriptedSource([{ chosen: 't0', entropy: 2, alternatives: [{ tool: 'alt_a', p: 0.4 }] }], log);
    const { harness } = harnessFor(env, 'unused');
    expect((await runEntropyGuidedBranching(harness, source, { global: 5, perStep: 5 })).success).toBe(true);
    expect(log).toEqual([]);
  });
});
