import type { TraceEvent } from '../../core/trace';

/** A node of the EGB branch tree. */
export interface BranchTreeNode {
  id: string;
  kind: 'substep' | 'branch';
  /** Substep label (`2.1`) for substeps; the branch number for branches. */
  title: string;
  tool: string;
  entropy: number;
  /** For branches: the probability of the alternative tried. */
  p?: number;
  /** Substeps: the first-pass call matched; branches: the branch solved the case. */
  ok: boolean;
  /** The most likely tools at a substep. */
  distribution: { tool: string; p: number }[];
}

export interface BranchTree {
  nodes: BranchTreeNode[];
  edges: { id: string; source: string; target: string; kind: 'plan' | 'branch' }[];
  success: boolean;
}

/**
 * The EGB branch tree of one task from its trace: the first pass as a chain of substeps with
 * their entropy (Alg. 1 phase 1), and each branch hanging off the substep it started from
 * (phase 2), marked by whether it solved the case.
 */
export function branchTree(events: TraceEvent[]): BranchTree {
  const nodes: BranchTreeNode[] = [];
  const edges: BranchTree['edges'] = [];
  const entropyEvents = events.filter((e): e is Extract<TraceEvent, { type: 'entropy' }> => e.type === 'entropy');
  const steps = events.filter((e): e is Extract<TraceEvent, { type: 'step' }> => e.type === 'step');
  entropyEvents.forEach((event, index) => {
    const id = `s${event.index}`;
    nodes.push({ id, kind: 'substep', title: event.step, tool: event.chosen, entropy: event.entropy, ok: steps[index]?.ok ?? false, distribution: event.distribution });
    if (index > 0) edges.push({ id: `p${index}`, source: `s${entropyEvents[index - 1].index}`, target: id, kind: 'plan' });
  });
  for (const event of events) {
    if (event.type !== 'branch') continue;
    const id = `b${event.branch}`;
    nodes.push({ id, kind: 'branch', title: `branch ${event.branch}`, tool: event.tool, entropy: event.entropy, p: event.p, ok: event.success, distribution: [] });
    edges.push({ id: `e${event.branch}`, source: `s${event.index}`, target: id, kind: 'branch' });
  }
  const end = events.find((e) => e.type === 'task-end');
  return { nodes, edges, success: end?.type === 'task-end' && end.success };
}
