import { describe, expect, it } from 'vitest';
import { branchTree, layoutBranchTree } from './branch-tree-model';
import type { TraceEvent } from '../../core/trace';

describe('branchTree', () => {
  it('should chain the first-pass substeps from the start and put each branch beside the choice it replaces', () => {
    const events: TraceEvent[] = [
      { type: 'entropy', step: '1.1', index: 0, entropy: 0.1, distribution: [{ tool: 'a', p: 0.9 }], chosen: 'a' },
      { type: 'step', index: 1, thought: '', action: 'a', observation: '', ok: true, invalid: false, progress: 0.5 },
      { type: 'entropy', step: '1.2', index: 1, entropy: 1.2, distribution: [{ tool: 'x', p: 0.5 }, { tool: 'b', p: 0.4 }], chosen: 'x' },
      { type: 'step', index: 2, thought: '', action: 'x', observation: '', ok: false, invalid: false, progress: 0.5 },
      { type: 'branch', branch: 1, step: '1.2', index: 1, entropy: 1.2, tool: 'b', p: 0.4, success: true },
      { type: 'task-end', success: true, progress: 1, steps: 2 },
    ];
    const tree = branchTree(events);
    expect(tree.nodes.map((n) => [n.id, n.tool, n.ok])).toEqual([
      ['start', '', true],
      ['s0', 'a', true],
      ['s1', 'x', false],
      ['b1', 'b', true],
    ]);
    expect(tree.edges.map((e) => [e.source, e.target, e.kind])).toEqual([
      ['start', 's0', 'plan'],
      ['s0', 's1', 'plan'],
      ['s0', 'b1', 'branch'],
    ]);
    expect(tree.nodes.find((n) => n.id === 'b1')?.title).toBe('branch 1 at 1.2');
    expect(tree.success).toBe(true);
  });

  it('should be empty for a trace without entropy records', () => {
    expect(branchTree([{ type: 'task-end', success: false, progress: 0, steps: 0 }]).nodes).toEqual([]);
  });
});

describe('branchTree ranks and layout', () => {
  const events: TraceEvent[] = [
    { type: 'entropy', step: '1.1', index: 0, entropy: 0.2, distribution: [{ tool: 'a', p: 0.9 }], chosen: 'a' },
    { type: 'step', index: 1, thought: '', action: 'a', observation: '', ok: true, invalid: false, progress: 0.5 },
    { type: 'entropy', step: '1.2', index: 1, entropy: 1.5, distribution: [{ tool: 'x', p: 0.5 }, { tool: 'b', p: 0.3 }, { tool: 'c', p: 0.2 }], chosen: 'x' },
    { type: 'step', index: 2, thought: '', action: 'x', observation: '', ok: false, invalid: false, progress: 0.5 },
    { type: 'entropy', step: '1.3', index: 2, entropy: 0.9, distribution: [{ tool: 'y', p: 0.7 }, { tool: 'z', p: 0.3 }], chosen: 'y' },
    { type: 'step', index: 3, thought: '', action: 'y', observation: '', ok: false, invalid: false, progress: 0.5 },
    { type: 'branch', branch: 1, step: '1.2', index: 1, entropy: 1.5, tool: 'b', p: 0.3, success: false },
    { type: 'branch', branch: 2, step: '1.2', index: 1, entropy: 1.5, tool: 'c', p: 0.2, success: false },
    { type: 'branch', branch: 3, step: '1.3', index: 2, entropy: 0.9, tool: 'z', p: 0.3, success: true },
    { type: 'task-end', success: true, progress: 1, steps: 3 },
  ];

  it('should rank substeps by entropy as phase 2 does and list the branches each one started', () => {
    const tree = branchTree(events);
    const substeps = tree.nodes.filter((n) => n.kind === 'substep');
    expect(substeps.map((n) => [n.title, n.rank])).toEqual([['1.1', 3], ['1.2', 1], ['1.3', 2]]);
    expect(substeps[1].branches).toEqual([{ branch: 1, tool: 'b', success: false }, { branch: 2, tool: 'c', success: false }]);
    expect(tree.nodes.find((n) => n.id === 'b3')?.at).toBe('s2');
  });

  it('should lay the first pass out as a column and the branches beside their substeps without overlap', () => {
    const tree = branchTree(events);
    const size = (n: { kind: string }) => ({ width: n.kind === 'branch' ? 100 : 200, height: n.kind === 'substep' ? 80 : 40 });
    const at = layoutBranchTree(tree, size, { x: 20, y: 30 });
    const column = ['start', 's0', 's1', 's2'].map((id) => at.get(id)!);
    expect(column.map((p) => p.x)).toEqual([0, 0, 0, 0]);
    expect(column.map((p) => p.y)).toEqual([0, 70, 180, 290]);
    // Branches sit right of the column, level with their substep or just below the branch before.
    expect(['b1', 'b2', 'b3'].map((id) => at.get(id))).toEqual([
      { x: 220, y: 180 },
      { x: 220, y: 235 },
      { x: 220, y: 290 },
    ]);
  });
});
