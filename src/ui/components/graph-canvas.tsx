import { useMemo } from 'react';
import { Background, Controls, MarkerType, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { SnapshotGraph } from '../graphs/snapshot-graph-model';
import { layoutGraph } from '../graphs/layout';

const WIDTH = 190;
const HEIGHT = 52;

const EDGE_STYLE: Record<string, Partial<Edge>> = {
  transition: { style: { stroke: '#556' } },
  inertial: { style: { stroke: '#e69f00', strokeWidth: 3 }, animated: true },
  parameter: { style: { stroke: '#889', strokeDasharray: '2 4' } },
  similarity: { style: { stroke: '#0072b2', strokeDasharray: '6 4' } },
  dependency: { style: { stroke: '#009e73', strokeWidth: 2 } },
};

/** Nodes in rows of about a 3:2 grid, in name order (related endpoints sit together). */
function gridLayout(ids: string[]): Map<string, { x: number; y: number }> {
  const columns = Math.max(1, Math.ceil(Math.sqrt(ids.length * 1.5)));
  return new Map([...ids].sort().map((id, i) => [id, { x: (i % columns) * (WIDTH + 40), y: Math.floor(i / columns) * (HEIGHT + 60) }]));
}

/** The node-link drawing of a strategy graph (React Flow, dagre layout); loaded only when a graph is opened. */
export default function GraphCanvas({ graph, onPick }: { graph: SnapshotGraph; onPick(id: string): void }) {
  const { nodes, edges } = useMemo(() => {
    // Lay out on transitions and dependencies; similarity edges would pull the layers together.
    const structural = graph.edges.filter((e) => e.kind !== 'similarity' && e.source !== e.target);
    // A sparse network leaves dagre a few very long rows; a grid keeps it readable.
    const layered = layoutGraph(graph.nodes.map((n) => ({ id: n.id, width: WIDTH, height: HEIGHT })), structural, 'TB');
    const xs = [...layered.values()].map((p) => p.x);
    const ys = [...layered.values()].map((p) => p.y);
    const wide = Math.max(0, ...xs) - Math.min(0, ...xs) > 3 * (Math.max(0, ...ys) - Math.min(0, ...ys) + HEIGHT);
    const positions = wide ? gridLayout(graph.nodes.map((n) => n.id)) : layered;
    const flowNodes: Node[] = graph.nodes.map((n) => ({
      id: n.id,
      position: positions.get(n.id) ?? { x: 0, y: 0 },
      data: {
        label: (
          <div className="graph-node" title={n.detail ?? n.label}>
            <strong>{n.label}</strong>
            <span className="muted">{n.meta}</span>
          </div>
        ),
      },
      className: `snapshot-node ${n.detail ? 'has-detail' : ''}`,
      style: { width: WIDTH, height: HEIGHT },
    }));
    const flowEdges: Edge[] = graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      label: e.label,
      className: `edge-${e.kind}`,
      markerEnd: e.kind === 'similarity' ? undefined : { type: MarkerType.ArrowClosed },
      ...EDGE_STYLE[e.kind],
    }));
    return { nodes: flowNodes, edges: flowEdges };
  }, [graph]);
  return (
    <div className="graph-canvas">
      <ReactFlow nodes={nodes} edges={edges} fitView fitViewOptions={{ padding: 0.1 }} minZoom={0.1} nodesDraggable={false} nodesConnectable={false} onNodeClick={(_, node) => onPick(node.id)}>
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

