import type { TraceEvent } from '../../core/trace';

/**
 * The cases of an EGB run as a list the branch tree opens from: per case, whether the first pass
 * solved it, how many branches phase 2 tried (EGB Alg. 1, lines 14-36) and which one solved it.
 */
export interface BranchCase {
  /** The trace key. */
  key: string;
  taskId: string;
  branches: number;
  /** The number of the branch that solved the case; absent when none did. */
  solvedBy?: number;
  success: boolean;
  /** The highest first-pass entropy, the substep phase 2 branches from first. */
  maxEntropy: number;
  /** Its substep label. */
  maxEntropyStep: string;
}

/** One case from its trace; undefined for a trace without entropy records (not an EGB case). */
export function branchCase(key: string, taskId: string, events: TraceEvent[]): BranchCase | undefined {
  const entropy = events.filter((e): e is Extract<TraceEvent, { type: 'entropy' }> => e.type === 'entropy');
  if (entropy.length === 0) return undefined;
  const branches = events.filter((e): e is Extract<TraceEvent, { type: 'branch' }> => e.type === 'branch');
  const end = events.find((e): e is Extract<TraceEvent, { type: 'task-end' }> => e.type === 'task-end');
  const solved = branches.find((b) => b.success);
  // Stable: the first substep of the highest entropy, as phase 2 ranks them.
  const top = entropy.reduce((best, e) => (e.entropy > best.entropy ? e : best), entropy[0]);
  return {
    key,
    taskId,
    branches: branches.length,
    ...(solved ? { solvedBy: solved.branch } : {}),
    success: end?.success ?? solved !== undefined,
    maxEntropy: top.entropy,
    maxEntropyStep: top.step,
  };
}

/** How a case went, in words. */
export function caseOutcome(c: BranchCase): string {
  if (c.branches === 0) return c.success ? 'solved in the first pass' : 'not solved, no branch';
  const tried = `${c.branches} branch${c.branches === 1 ? '' : 'es'}`;
  return c.solvedBy !== undefined ? `${tried}: branch ${c.solvedBy} solved it` : `${tried}, none solved it`;
}

/**
 * The case the tree opens on: the one Inspect shows when it branched; else the first a branch
 * solved; else the first that branched; else the one Inspect shows (or the first).
 */
export function defaultCase(cases: BranchCase[], selected?: string): string | undefined {
  const current = cases.find((c) => c.key === selected);
  if (current && current.branches > 0) return current.key;
  return (cases.find((c) => c.solvedBy !== undefined) ?? cases.find((c) => c.branches > 0) ?? current ?? cases[0])?.key;
}
