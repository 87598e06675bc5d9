import { describe, expect, it } from 'vitest';
import { branchTree } from './branch-tree-model';
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
