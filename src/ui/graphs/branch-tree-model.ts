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
  /** Substeps: the place of its entropy among the first pass, highest first (phase 2 branches in this order). */
  rank?: number;
  /** Substeps: the branches phase 2 started here, each an alternative tool and whether it solved the case. */
  branches?: { branch: number; tool: string; success: boolean }[];
  /** Branches: the first-pass substep it replaces. */
  at?: string;
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
  const branchEvents = events.filter((e): e is Extract<TraceEvent, { type: 'branch' }> => e.type === 'branch');
  // Phase 2's order: highest entropy first, ties in plan order.
  const ranked = [...entropyEvents].sort((a, b) => b.entropy - a.entropy || a.index - b.index);
  entropyEvents.forEach((event, index) => {
    const id = `s${event.index}`;
    const parent = index > 0 ? `s${entropyEvents[index - 1].index}` : 'start';
    parentOf.set(event.index, parent);
    const branches = branchEvents.filter((b) => b.index === event.index).map((b) => ({ branch: b.branch, tool: b.tool, success: b.success }));
    nodes.push({ id, kind: 'substep', title: event.step, tool: event.chosen, entropy: event.entropy, ok: steps[index]?.ok ?? false, distribution: event.distribution, rank: ranked.indexOf(event) + 1, branches });
    edges.push({ id: `p${index}`, source: parent, target: id, kind: 'plan' });
  });
  for (const event of branchEvents) {
    const id = `b${event.branch}`;
    nodes.push({ id, kind: 'branch', title: `branch ${event.branch} at ${event.step}`, tool: event.tool, entropy: event.entropy, p: event.p, ok: event.success, distribution: [], at: `s${event.index}` });
    edges.push({ id: `e${event.branch}`, source: parentOf.get(event.index) ?? 'start', target: id, kind: 'branch' });
  }
  const end = events.find((e) => e.type === 'task-end');
  return { nodes, edges, success: end?.type === 'task-end' && end.success };
}

/**
 * Places a branch tree as its drawing reads it: the first pass as one column top to bottom from
 * the start; the branches in a second column to its right, each level with the substep whose
 * choice it replaces or, when branches pile up, just below the one before it (in plan order of
 * their substeps, then branch order). Gives top-left corners.
 */
export function layoutBranchTree(tree: BranchTree, size: (node: BranchTreeNode) => { width: number; height: number }, gap = { x: 32, y: 36 }): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  const column = tree.nodes.filter((n) => n.kind !== 'branch');
  const columnWidth = Math.max(0, ...column.map((n) => size(n).width));
  let y = 0;
  for (const node of column) {
    out.set(node.id, { x: (columnWidth - size(node).width) / 2, y });
    y += size(node).height + gap.y;
  }
  const row = (node: BranchTreeNode) => column.findIndex((n) => n.id === node.at);
  const branches = tree.nodes.filter((n) => n.kind === 'branch').sort((a, b) => row(a) - row(b) || Number(a.id.slice(1)) - Number(b.id.slice(1)));
  let below = -Infinity;
  for (const node of branches) {
    const top = Math.max(out.get(node.at ?? '')?.y ?? 0, below);
    out.set(node.id, { x: columnWidth + gap.x, y: top });
    below = top + size(node).height + gap.y / 2;
  }
  return out;
}
