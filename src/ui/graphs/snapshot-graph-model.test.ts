import { describe, expect, it } from 'vitest';
import { MAX_NETWORK_EDGES, snapshotGraph } from './snapshot-graph-model';

describe('snapshotGraph', () => {
  it('should draw an AutoTool graph with its transitions labelled by weight, inertial ones marked, and parameter edges on request', () => {
    const snapshot = {
      kind: 'autotool-graph',
      nodes: [{ id: 'go', tool: 'go to', count: 5 }, { id: 'take', tool: 'take', count: 3 }],
      edges: [{ source: 'go', target: 'take', weight: 0.75, count: 3, inertialCount: 1 }, { source: 'take', target: 'go', weight: 0.5, count: 2, inertialCount: 0 }],
      paramEdges: [{ source: 'go', target: 'take', param: 'recep → recep', count: 2 }],
    };
    const graph = snapshotGraph(snapshot)!;
    expect(graph.kind).toBe('autotool');
    expect(graph.nodes.map((n) => [n.id, n.meta])).toEqual([['go', 'used 5×'], ['take', 'used 3×']]);
    expect(graph.edges.map((e) => [e.kind, e.label, e.weight, e.order])).toEqual([['inertial', '0.75', 0.75, 0], ['transition', '0.5', 0.5, 1]]);
    expect(graph.legend.map((l) => l.kind)).toEqual(['inertial', 'transition']);
    expect(graph.note).toBeUndefined();
    const withParams = snapshotGraph(snapshot, { params: true })!;
    expect(withParams.edges.map((e) => [e.kind, e.label])).toContainEqual(['parameter', 'recep → recep']);
  });

  it('should draw only the strongest AutoTool transitions, without self-loops, and the tools they link, and say so', () => {
    const edges = [
      { source: 'a', target: 'b', weight: 5, count: 10, inertialCount: 0 },
      { source: 'a', target: 'a', weight: 9, count: 20, inertialCount: 0 },
      { source: 'b', target: 'c', weight: 1, count: 2, inertialCount: 0 },
      { source: 'c', target: 'd', weight: 3, count: 3, inertialCount: 1 },
    ];
    const graph = snapshotGraph({ kind: 'autotool-graph', nodes: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, tool: id, count: 1 })), edges }, { top: 2 })!;
    expect(graph.edges.map((e) => `${e.source}>${e.target}`)).toEqual(['a>b', 'c>d']);
    expect(graph.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(graph.note).toContain('2 strongest of 3 transitions');
    expect(graph.note).toContain('4 of 5 tools');
  });

  it('should draw a ToolExpNet network with its two edge kinds and guidance on the nodes', () => {
    const graph = snapshotGraph({
      kind: 'toolexpnet-network',
      nodes: [{ id: 'a', tool: 'GET /a', guidance: 'Use for albums.' }, { id: 'b', tool: 'GET /b', guidance: '' }],
      edges: [
        { source: 'a', target: 'b', type: 'similarity', weight: 0.83, attempts: 6, errors: 5, confirmed: false },
        { source: 'a', target: 'b', type: 'dependency', weight: 1, attempts: 0, errors: 0, confirmed: true },
        { source: 'a', target: 'zz', type: 'dependency', weight: 1 },
      ],
    })!;
    // Labelled by what the trials showed, not by the initial weight 1 every edge starts with.
    expect(graph.edges.map((e) => e.label)).toEqual(['similar · 5/6 failed', 'feeds (seen) · untried']);
    expect(graph.nodes[0].detail).toBe('Use for albums.');
    expect(graph.nodes[1].detail).toBeUndefined();
    expect(graph.edges.map((e) => e.kind)).toEqual(['similarity', 'dependency']);
    expect(graph.kind).toBe('toolexpnet');
  });

  it('should draw at most MAX_NETWORK_EDGES of a large untrimmed network: tried first, then confirmed, and say so', () => {
    const tools = Array.from({ length: 60 }, (_, i) => `t${i}`);
    // Every ordered pair: 3,540 edges, as a network without trials keeps them.
    const edges = tools.flatMap((a) => tools.filter((b) => b !== a).map((b) => ({ source: a, target: b, type: 'dependency', weight: 1, attempts: 0, errors: 0, confirmed: false })));
    edges[3000] = { ...edges[3000], attempts: 5, errors: 1 };
    edges[3001] = { ...edges[3001], confirmed: true };
    const graph = snapshotGraph({ kind: 'toolexpnet-network', nodes: tools.map((t) => ({ id: t, tool: t, guidance: '' })), edges })!;
    expect(graph.edges).toHaveLength(MAX_NETWORK_EDGES);
    // The tried and the confirmed edge are drawn although they come last; the rest in order.
    expect(graph.edges.map((e) => e.id).slice(-2)).toEqual(['e3000', 'e3001']);
    expect(graph.edges[0].id).toBe('e0');
    expect(graph.note).toContain(`Drawing ${MAX_NETWORK_EDGES} of 3,540 edges`);
    // A small network is drawn whole, without the note.
    const small = snapshotGraph({ kind: 'toolexpnet-network', nodes: tools.slice(0, 3).map((t) => ({ id: t, tool: t, guidance: '' })), edges: edges.slice(0, 2) })!;
    expect(small.edges).toHaveLength(2);
    expect(small.note ?? '').not.toContain('Drawing');
  });

  it('should give nothing for unknown or malformed snapshots', () => {
    expect(snapshotGraph({ kind: 'other' })).toBeUndefined();
    expect(snapshotGraph(null)).toBeUndefined();
    expect(snapshotGraph({ kind: 'autotool-graph', nodes: 'x' })).toEqual({ title: 'AutoTool tool inertia graph', kind: 'autotool', nodes: [], edges: [], legend: [] });
  });
});
