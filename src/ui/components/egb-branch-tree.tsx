import { useMemo } from 'react';
import { Background, Controls, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { TraceEvent } from '../../core/trace';
import { branchTree, type BranchTreeNode } from '../graphs/branch-tree-model';
import { layoutGraph } from '../graphs/layout';

const WIDTH = 230;
const HEIGHT = 64;

function nodeLabel(node: BranchTreeNode) {
  const top = node.distribution.slice(0, 3).map((d) => `${d.tool} ${(d.p * 100).toFixed(0)}%`).join(', ');
  return (
    <div className="branch-node" title={top}>
      <strong>{node.kind === 'substep' ? `substep ${node.title}` : node.title}</strong>
      <span className="branch-tool">{node.kind === 'start' ? 'first pass below; branches to the side' : node.tool}</span>
      <span className="branch-meta">
        {node.kind === 'start' ? '' : node.kind === 'substep' ? `entropy ${node.entropy.toFixed(2)}` : `p ${((node.p ?? 0) * 100).toFixed(1)}% · ${node.ok ? 'solved' : 'failed'}`}
      </span>
    </div>
  );
}

/**
 * The EGB branch tree of one task (EGB Alg. 1): the first pass top to bottom with each substep's
 * entropy, branches to the side from the substeps they started at, green where a call matched or
 * a branch solved the case.
 */
export function EgbBranchTree({ events }: { events: TraceEvent[] }) {
  const { nodes, edges, success, height } = useMemo(() => {
    const tree = branchTree(events);
    const positions = layoutGraph(
      tree.nodes.map((node) => ({ id: node.id, width: WIDTH, height: HEIGHT })),
      tree.edges,
      'TB',
    );
    const flowNodes: Node[] = tree.nodes.map((node) => ({
      id: node.id,
      position: positions.get(node.id) ?? { x: 0, y: 0 },
      data: { label: nodeLabel(node) },
      className: `branch-tree-node ${node.kind} ${node.ok ? 'ok' : 'failed'}`,
      style: { width: WIDTH, height: HEIGHT },
    }));
    const flowEdges: Edge[] = tree.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      animated: edge.kind === 'branch',
      style: edge.kind === 'branch' ? { strokeDasharray: '6 4' } : undefined,
    }));
    const ranks = new Set([...positions.values()].map((p) => Math.round(p.y))).size;
    return { nodes: flowNodes, edges: flowEdges, success: tree.success, height: Math.min(820, Math.max(320, ranks * (HEIGHT + 40) + 60)) };
  }, [events]);

  const branches = nodes.filter((n) => n.id.startsWith('b')).length;
  if (nodes.length === 0) return <p className="muted">This trace has no EGB entropy records: choose an EGB-Sampling or EGB-Logits task on SLATE.</p>;
  return (
    <div className="branch-tree" data-testid="branch-tree">
      <p className="muted">
        {branches} branch{branches === 1 ? '' : 'es'} · case {success ? 'solved' : 'not solved'}. Substeps run top to bottom; dashed edges are branches to the side, green where a call matched or a branch solved the case.
      </p>
      <div className="branch-tree-canvas" style={{ height }}>
        <ReactFlow nodes={nodes} edges={edges} fitView fitViewOptions={{ minZoom: 0.6 }} nodesDraggable={false} nodesConnectable={false}>
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
    </div>
  );
}
