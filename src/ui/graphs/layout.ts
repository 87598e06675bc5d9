import dagre from '@dagrejs/dagre';

/** A node to lay out, with its size in pixels. */
export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

/** Positions (top-left corners) from dagre's layered layout. */
export function layoutGraph(nodes: LayoutNode[], edges: { source: string; target: string }[], direction: 'TB' | 'LR' = 'TB'): Map<string, { x: number; y: number }> {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: direction, nodesep: 24, ranksep: 40 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: node.width, height: node.height });
  for (const edge of edges) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  return new Map(
    nodes.map((node) => {
      const { x, y } = graph.node(node.id);
      return [node.id, { x: x - node.width / 2, y: y - node.height / 2 }];
    }),
  );
}
