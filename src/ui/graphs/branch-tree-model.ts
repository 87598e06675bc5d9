import type { TraceEvent } from '../../core/trace';

/** A node of the EGB branch tree. */
export interface BranchTreeNode {
  id: string;
  kind: 'start' | 'substep' | 'branch';
  /** Substep label (`2.1`) for substeps; `branch 1 at 2.1` for branches. */
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
 * The EGB branch tree of one task from its trace, as a search tree: from the case start, the first
 * pass as a chain of substeps with their entropy (Alg. 1 phase 1); each branch (phase 2) is an
 * alternative tool at a substep, so it hangs off the node before that substep, beside the choice
 * it replaces, and is marked by whether it solved the case.
 */
export function branchTree(events: TraceEvent[]): BranchTree {
  const nodes: BranchTreeNode[] = [];
  const edges: BranchTree['edges'] = [];
  const entropyEvents = events.filter((e): e is Extract<TraceEvent, { type: 'entropy' }> => e.type === 'entropy');
  const steps = events.filter((e): e is Extract<TraceEvent, { type: 'step' }> => e.type === 'step');
  if (entropyEvents.length === 0) return { nodes, edges, success: false };
  nodes.push({ id: 'start', kind: 'start', title: 'case start', tool: '', entropy: 0, ok: true, distribution: [] });
  // The node a substep's choice hangs off: the first-pass node before it, or the start.
  const parentOf = new Map<number, string>();
  entropyEvents.forEach((event, index) => {
    const id = `s${event.index}`;
    const parent = index > 0 ? `s${entropyEvents[index - 1].index}` : 'start';
    parentOf.set(event.index, parent);
    nodes.push({ id, kind: 'substep', title: event.step, tool: event.chosen, entropy: event.entropy, ok: steps[index]?.ok ?? false, distribution: event.distribution });
    edges.push({ id: `p${index}`, source: parent, target: id, kind: 'plan' });
  });
  for (const event of events) {
    if (event.type !== 'branch') continue;
    const id = `b${event.branch}`;
    nodes.push({ id, kind: 'branch', title: `branch ${event.branch} at ${event.step}`, tool: event.tool, entropy: event.entropy, p: event.p, ok: event.success, distribution: [] });
    edges.push({ id: `e${event.branch}`, source: parentOf.get(event.index) ?? 'start', target: id, kind: 'branch' });
  }
  const end = events.find((e) => e.type === 'task-end');
  return { nodes, edges, success: end?.type === 'task-end' && end.success };
}
