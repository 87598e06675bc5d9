import { describe, expect, it } from 'vitest';
import { networkToolFacts } from './network-model';

describe('networkToolFacts', () => {
  const snapshot = {
    kind: 'toolexpnet-network',
    nodes: [{ id: 'a', tool: 'a', guidance: 'Call b first.' }, { id: 'b', tool: 'b', guidance: '' }, { id: 'c', tool: 'c', guidance: '' }],
    edges: [
      { source: 'b', target: 'a', type: 'dependency', weight: 0.5, attempts: 4, errors: 2, confirmed: true },
      { source: 'a', target: 'c', type: 'similarity', weight: 1, attempts: 6, errors: 6, confirmed: false },
      { source: 'a', target: 'b', type: 'dependency', weight: 1, attempts: 0, errors: 0, confirmed: false },
      { source: 'b', target: 'c', type: 'similarity', weight: 1, attempts: 1, errors: 1, confirmed: false },
    ],
  };

  it('should give a tool its guidance and the trials over its edges, most tried first, with directions', () => {
    const facts = networkToolFacts(snapshot, 'a')!;
    expect(facts.guidance).toBe('Call b first.');
    expect(facts.edges.map((e) => [e.relation, e.other, e.attempts, e.errors])).toEqual([
      ['similar', 'c', 6, 6],
      ['fed by', 'b', 4, 2],
      ['feeds', 'b', 0, 0],
    ]);
    expect([facts.attempts, facts.errors]).toEqual([10, 8]);
    expect(facts.edges[1].confirmed).toBe(true);
  });

  it('should add up its edges’ trials per round, every round listed, and read its trials', () => {
    const withRounds = {
      kind: 'toolexpnet-network',
      rounds: 3,
      nodes: [
        { id: 'a', tool: 'a', guidance: 'g', trials: [{ round: 0, goal: 'find x', success: false }, { round: 2, goal: 'find y', success: true }], trialCount: 7 },
        { id: 'b', tool: 'b', guidance: '' },
        { id: 'c', tool: 'c', guidance: '' },
      ],
      edges: [
        { source: 'b', target: 'a', type: 'dependency', weight: 0.5, attempts: 4, errors: 2, confirmed: true, rounds: [{ round: 0, attempts: 3, errors: 2 }, { round: 2, attempts: 1, errors: 0 }] },
        { source: 'a', target: 'c', type: 'similarity', weight: 1, attempts: 2, errors: 2, confirmed: false, rounds: [{ round: 0, attempts: 2, errors: 2 }] },
        { source: 'b', target: 'c', type: 'similarity', weight: 1, attempts: 5, errors: 1, confirmed: false, rounds: [{ round: 1, attempts: 5, errors: 1 }] },
      ],
    };
    const facts = networkToolFacts(withRounds, 'a')!;
    expect(facts.rounds).toEqual([
      { round: 0, attempts: 5, errors: 4 },
      { round: 1, attempts: 0, errors: 0 },
      { round: 2, attempts: 1, errors: 0 },
    ]);
    // The rounds add up to the totals.
    expect([facts.rounds!.reduce((s, r) => s + r.attempts, 0), facts.rounds!.reduce((s, r) => s + r.errors, 0)]).toEqual([facts.attempts, facts.errors]);
    expect(facts.edges.find((e) => e.other === 'b')?.rounds).toEqual([{ round: 0, attempts: 3, errors: 2 }, { round: 2, attempts: 1, errors: 0 }]);
    expect(facts.trials).toEqual([{ round: 0, goal: 'find x', success: false }, { round: 2, goal: 'find y', success: true }]);
    expect(facts.trialCount).toBe(7);
    expect(networkToolFacts(withRounds, 'b')).not.toHaveProperty('trials');
    // An older snapshot: no rounds, no trials.
    expect(networkToolFacts(snapshot, 'a')).not.toHaveProperty('rounds');
  });

  it('should give nothing for another kind of snapshot, and an empty record for a tool without edges', () => {
    expect(networkToolFacts({ kind: 'autotool-graph' }, 'a')).toBeUndefined();
    expect(networkToolFacts(snapshot, 'zz')).toEqual({ id: 'zz', guidance: '', edges: [], attempts: 0, errors: 0 });
  });
});
