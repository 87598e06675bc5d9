import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_TOP, MAX_NETWORK_EDGES, snapshotGraph } from './snapshot-graph-model';

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
    const graph = snapshotGraph({ kind: 'toolexpnet-network', nodes: tools.map((t) => ({ id: t, tool: t, guidance: '' })), edges }, { top: MAX_NETWORK_EDGES * 2 })!;
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

  it('should open a network of 185 edges on its top edges, and filter it by tool name, by error rate, or focus one tool (issue 42)', () => {
    // 185 edges over 20 tools, as RestBench's network after learning: edge i was tried i % 7 times, failing i % 3 of them.
    const tools = Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, tool: i % 4 === 0 ? `GET /albums/${i}` : `GET /playlists/${i}`, guidance: 'g' }));
    const edges = Array.from({ length: 185 }, (_, i) => {
      const attempts = i % 7;
      return { source: `t${i % 20}`, target: `t${(i * 7 + 1) % 20 === i % 20 ? (i + 1) % 20 : (i * 7 + 1) % 20}`, type: i % 2 ? 'dependency' : 'similarity', weight: 1, attempts, errors: Math.min(attempts, i % 3), confirmed: false };
    });
    const snapshot = { kind: 'toolexpnet-network', nodes: tools, edges };
    const rate = (id: string) => {
      const e = edges[Number(id.slice(1))];
      return e.attempts ? e.errors / e.attempts : -1;
    };

    // Top edges first: the most tried, then the highest error rate.
    const opening = snapshotGraph(snapshot)!;
    expect(opening.edges).toHaveLength(DEFAULT_NETWORK_TOP);
    expect(DEFAULT_NETWORK_TOP).toBeLessThanOrEqual(30);
    const tried = (id: string) => edges[Number(id.slice(1))].attempts;
    expect(Math.min(...opening.edges.map((e) => tried(e.id)))).toBe(6);
    expect(opening.filter).toMatchObject({ total: 185, candidates: 185, top: DEFAULT_NETWORK_TOP });
    expect(opening.note).toContain(`Drawing ${DEFAULT_NETWORK_TOP} of 185 edges`);
    // Only the tools the drawn edges link.
    const linked = new Set(opening.edges.flatMap((e) => [e.source, e.target]));
    expect(opening.nodes.every((n) => linked.has(n.id))).toBe(true);
    expect(snapshotGraph(snapshot, { top: 60 })!.edges).toHaveLength(60);

    // By tool name: only edges touching an album tool.
    const albums = snapshotGraph(snapshot, { tool: 'albums', top: 185 })!;
    const isAlbum = (id: string) => Number(id.slice(1)) % 4 === 0;
    expect(albums.edges.length).toBeGreaterThan(0);
    expect(albums.edges.every((e) => isAlbum(e.source) || isAlbum(e.target))).toBe(true);
    expect(albums.filter!.candidates).toBe(edges.filter((e) => isAlbum(e.source) || isAlbum(e.target)).length);
    expect(albums.note).toContain('albums');

    // By error rate: half or more of their trials failed (untried edges left out).
    const failing = snapshotGraph(snapshot, { minErrorRate: 0.5, top: 185 })!;
    expect(failing.edges.length).toBeGreaterThan(0);
    expect(failing.edges.every((e) => rate(e.id) >= 0.5)).toBe(true);
    expect(failing.filter!.candidates).toBe(edges.filter((e) => e.attempts > 0 && e.errors / e.attempts >= 0.5).length);

    // Focus: one tool and every edge it has, whatever the top.
    const focused = snapshotGraph(snapshot, { focus: 't3', top: 2 })!;
    const of3 = edges.filter((e) => e.source === 't3' || e.target === 't3').length;
    expect(of3).toBeGreaterThan(2);
    expect(focused.edges).toHaveLength(of3);
    expect(focused.edges.every((e) => e.source === 't3' || e.target === 't3')).toBe(true);
    expect(focused.filter!.focus).toBe('t3');
    expect(focused.note).toContain('the edges of GET /playlists/3');
  });

  it('should give nothing for unknown or malformed snapshots', () => {
    expect(snapshotGraph({ kind: 'other' })).toBeUndefined();
    expect(snapshotGraph(null)).toBeUndefined();
    expect(snapshotGraph({ kind: 'autotool-graph', nodes: 'x' })).toEqual({ title: 'AutoTool tool inertia graph', kind: 'autotool', nodes: [], edges: [], legend: [] });
  });
});
