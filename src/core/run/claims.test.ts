import { describe, expect, it } from 'vitest';
import type { TaskResult } from './results';
import { CLAIMS, evaluateClaims, verdictOf } from './claims';

function run(strategy: string, taskId: string, seed: number, fields: Partial<TaskResult>): TaskResult {
  return { env: 'household', strategy, taskId, seed, taskKind: 'k', success: false, progress: 0, steps: 1, invalidSteps: 0, failedCalls: 0, llmCalls: 10, promptTokens: 1000, completionTokens: 1, logitPasses: 0, callsByKind: {}, metrics: {}, ms: 1, ...fields };
}

describe('claims', () => {
  it('computes the verdict from the interval alone', () => {
    expect(verdictOf(-2, [-3, -1], -1)).toBe('reproduced');
    expect(verdictOf(-1, [-3, 1], -1)).toBe('direction only');
    expect(verdictOf(1, [-1, 3], -1)).toBe('not reproduced');
    expect(verdictOf(0.2, [0.1, 0.3], 1)).toBe('reproduced');
    // Non-inferiority: not worse by more than the margin.
    expect(verdictOf(-0.01, [-0.04, 0.02], 1, 0.05)).toBe('reproduced');
    expect(verdictOf(-0.03, [-0.1, 0.04], 1, 0.05)).toBe('direction only');
    expect(verdictOf(-0.3, [-0.4, -0.2], 1, 0.05)).toBe('not reproduced');
  });

  it('reads AutoTool\'s claims off paired household runs, with a reason only where the claim fails', () => {
    const results: TaskResult[] = [];
    for (let t = 0; t < 20; t++) {
      results.push(run('react', `t${t}`, 1, { llmCalls: 24 + (t % 3), promptTokens: 6000, progress: 0.5 }));
      results.push(run('autotool-react', `t${t}`, 1, { llmCalls: 20 + (t % 2), promptTokens: 4000, progress: 0.5 }));
    }
    const claims = evaluateClaims(CLAIMS.filter((c) => c.paper === 'AutoTool'), results);
    expect(claims.map((c) => c.verdict)).toEqual(['reproduced', 'reproduced', 'reproduced']);
    expect(claims[0].ours).toBeLessThan(-0.1);
    expect(claims[0].high).toBeLessThan(0);
    expect(claims.every((c) => c.why === undefined)).toBe(true);
    const worse = results.map((r) => (r.strategy === 'autotool-react' ? { ...r, progress: 0.2 } : r));
    expect(evaluateClaims(CLAIMS.filter((c) => c.claim.startsWith('at similar progress')), worse)[0].verdict).toBe('not reproduced');
  });

  it('covers every paper with a figure from the paper', () => {
    expect(new Set(CLAIMS.map((c) => c.paper))).toEqual(new Set(['AutoTool', 'EcoAct', 'ToolExpNet', 'EGB']));
    expect(CLAIMS.every((c) => /Table|Figure/.test(c.paperValue))).toBe(true);
  });
});
