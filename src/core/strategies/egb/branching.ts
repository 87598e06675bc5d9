import type { Action } from '../../types';
import type { ExecutedStep } from '../../plan-guided';
import type { TaskOutcome } from '../strategy';
import type { Decision, PlanHarness } from '../plan/plan-harness';

/** One alternative at a substep: a tool, its probability, and a call sampled for it (Alg. 2). */
export interface Alternative {
  tool: string;
  p: number;
  call?: Action;
}

/** What COMPUTEENTROPY returns for a substep (Alg. 1, line 6). */
export interface EntropyDecision {
  decision: Decision;
  entropy: number;
  /** The distribution D_{i,j}, chosen tool included. */
  distribution: Alternative[];
}

/** The two entropy sources plug in here (Alg. 2 or Alg. 3). */
export interface EntropySource {
  decide(index: number, history: ExecutedStep[]): Promise<EntropyDecision>;
  /** GETORGENERATECALL (Alg. 1, line 25): the cached call of Alg. 2 or parameters generated for Alg. 3. */
  realize(alternative: Alternative, index: number, history: ExecutedStep[]): Promise<Decision>;
}

/** Branching budgets of Alg. 1. */
export interface BranchBudget {
  /** Global branch limit. */
  global: number;
  /** Per-step branch limit B_s. */
  perStep: number;
}

/**
 * Entropy-Guided Branching (EGB paper, Alg. 1). Phase 1 executes the plan once, recording each
 * substep's entropy and distribution. If the case fails, phase 2 ranks substeps by entropy and,
 * from the most uncertain, replays the first-pass prefix, swaps in the next most likely
 * alternative tool, and finishes the plan by single-pass selection, until a branch succeeds or the
 * budgets run out. Without a success it returns the first-pass trajectory (line 37).
 */
export async function runEntropyGuidedBranching(harness: PlanHarness, source: EntropySource, budget: BranchBudget): Promise<TaskOutcome> {
  const { env, context } = harness;
  await harness.start();
  // Phase 1: initial execution with entropy recording (lines 1-13).
  const first: ExecutedStep[] = [];
  const records: { index: number; entropy: number; chosen: string; distribution: Alternative[] }[] = [];
  let success = false;
  for (let index = 0; index < env.substeps().length; index++) {
    const { decision, entropy, distribution } = await source.decide(index, first);
    records.push({ index, entropy, chosen: decision.action.tool, distribution });
    context.emit({
      type: 'entropy',
      step: env.substeps()[index].step,
      index,
      entropy,
      distribution: distribution.slice(0, 5).map(({ tool, p }) => ({ tool, p })),
      chosen: decision.action.tool,
    });
    success = harness.execute(decision, first);
  }
  if (success) return harness.outcome(first, true);

  // Phase 2: entropy-guided branching (lines 14-36). Stable sort: ties keep plan order.
  const ranked = [...records].sort((a, b) => b.entropy - a.entropy || a.index - b.index);
  let branches = 0;
  for (const record of ranked) {
    const alternatives = record.distribution.filter((alt) => alt.tool !== record.chosen).sort((a, b) => b.p - a.p);
    let stepBranches = 0;
    for (const alternative of alternatives) {
      if (branches >= budget.global || stepBranches >= budget.perStep) break;
      const branch = first.slice(0, record.index);
      env.seek(record.index, branch);
      const decision = await source.realize(alternative, record.index, branch);
      let branchSuccess = harness.execute(decision, branch);
      if (branch.length < env.substeps().length) branchSuccess = await harness.finish(branch);
      branches++;
      stepBranches++;
      context.emit({
        type: 'branch',
        branch: branches,
        step: env.substeps()[record.index].step,
        index: record.index,
        entropy: record.entropy,
        tool: alternative.tool,
        p: alternative.p,
        success: branchSuccess,
      });
      if (branchSuccess) return harness.outcome(branch, true);
    }
    if (branches >= budget.global) break;
  }
  return harness.outcome(first, false);
}
