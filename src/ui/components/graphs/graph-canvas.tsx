import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import { MAX_EDGE_LABELS, type SnapshotGraph } from '../../graphs/snapshot-graph-model';
import { layoutGraph } from '../../graphs/layout';
import { ringLayout } from '../../graphs/ring-layout';
import { FLOATING_EDGE_TYPES } from './graph-floating-edge';
import { canvasHeight } from '../../graphs/viewport';
import { edgeColor, GRAPH_COLORS } from '../../graphs/graph-colors';
import { READABLE_ZOOM, ReadableFlow } from './graph-flow';

const HEIGHT = 58;
/** Wide enough for the label at 14 px bold (long REST tool names are cut with an ellipsis). */
const nodeWidth = (label: string, widest = MAX_NODE_WIDTH) => Math.round(Math.min(widest, Math.max(MIN_NODE_WIDTH, label.length * 10.2 + 34)));

const DASH: Record<string, string> = { parameter: '2 4', similarity: '6 4' };

/**
 * The widest a network is packed into, in layout pixels: at READABLE_ZOOM it spans Inspect's box
 * at 1400-1440 px (about 930 px, less the zoom buttons' strip), so ToolExpNet's network fits its box without panning across.
 */
const PACKED_WIDTH = 1040;
/** The zoom buttons' strip and the padding of ReadableFlow's opening view, in screen pixels. */
const SIDE_ROOM = 44 + 2 * 16;
/** The widest node (nodeWidth's cap; a narrower row caps its nodes at its own width) and the narrowest. */
const MAX_NODE_WIDTH = 300;
const MIN_NODE_WIDTH = 120;
const GAP = { x: 36, y: 44 };
/** The gap between rows of one tool each. */
const NARROW_GAP_Y = 30;
/** The tallest a packed network's canvas grows in a narrow box: tall enough for every drawn tool (issue 42: at 390 px the column was cut at 1,400 px, hiding the last tools). */
const NARROW_MAX_HEIGHT = 4000;

/**
 * The row width a network is packed into for a box this wide (screen pixels): what the box shows
 * at READABLE_ZOOM, so a phone's narrow box gets narrower rows (more of them, one under another)
 * rather than a drawing that pans sideways; never more than PACKED_WIDTH. Unknown width: PACKED_WIDTH.
 */
export function packedWidthFor(boxWidth: number | undefined): number {
  if (boxWidth === undefined) return PACKED_WIDTH;
  return Math.round(Math.min(PACKED_WIDTH, Math.max(MIN_NODE_WIDTH, (boxWidth - SIDE_ROOM) / READABLE_ZOOM)));
}

/**
 * Tools in rows of a fixed width, in the order of a layered layout (top to bottom, then left to
 * right), so that what feeds what still reads downwards. A layered layout of a dense network (30
 * tools, 150 edges) was three times as wide as the box.
 */
function packRows(order: string[], widths: Map<string, number>, packed: number): Map<string, { x: number; y: number }> {
  const positions = new Map<string, { x: number; y: number }>();
  // One tool a row (a phone's box): a shorter gap keeps the column a screen or two tall, with room for the arrowheads.
  const gap = Math.min(...order.map((id) => widths.get(id)!)) * 2 + GAP.x > packed ? NARROW_GAP_Y : GAP.y;
  let x = 0;
  let y = 0;
  for (const id of order) {
    const width = widths.get(id)!;
    if (x > 0 && x + width > packed) {
      x = 0;
      y += HEIGHT + gap;
    }
    positions.set(id, { x, y });
    x += width + GAP.x;
  }
  return positions;
}



/**
 * The node-link drawing of a strategy graph (React Flow, dagre layout), loaded only when a graph is
 * opened. It opens readable (see ReadableFlow); hovering or focusing a tool lights its transitions
 * in and out and dims the rest; a click, Enter or Space picks it. `visible` draws only those edges
 * (and the tools their transitions link; a parameter edge also needs both its tools drawn) on the
 * layout of the whole graph, so the replay slider keeps places. Colours are the theme's (graph-colors.ts).
 */
export default function GraphCanvas({ graph, onPick, picked, visible, color }: { graph: SnapshotGraph; onPick(id: string): void; picked?: string; visible?: Set<string>; color?: string }) {
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  // The box's width sets the rows' width (packedWidthFor): measured before the first drawing, and
  // again when the window is resized (the drawing is laid out anew only if the rows change).
  const box = useRef<HTMLDivElement>(null);
  const [packed, setPacked] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => box.current && setPacked(packedWidthFor(box.current.clientWidth));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const rowWidth = packed ?? PACKED_WIDTH;
  const layout = useMemo(() => {
    // In a narrow box a node is at most a row wide (a long REST tool name is cut with an ellipsis).
    const widths = new Map(graph.nodes.map((n) => [n.id, nodeWidth(n.label, Math.min(MAX_NODE_WIDTH, rowWidth))]));
    const structural = graph.edges.filter((e) => e.kind !== 'similarity' && e.kind !== 'parameter' && e.source !== e.target);
    const sized = graph.nodes.map((n) => ({ id: n.id, width: widths.get(n.id)!, height: HEIGHT }));
    let positions: Map<string, { x: number; y: number }>;
    if (graph.kind === 'autotool') {
      // AutoTool's transitions run both ways between tools: a ring keeps every edge off other nodes.
      // In a phone's box the ring is as wide as the box and grows taller instead.
      positions = ringLayout(sized, structural, undefined, rowWidth < PACKED_WIDTH ? rowWidth : undefined);
    } else {
      // Tools with an edge in layers (similar pairs too, so they sit near each other); the rest in rows below.
      const links = graph.edges.filter((e) => e.source !== e.target && e.kind !== 'parameter');
      const linked = new Set(links.flatMap((e) => [e.source, e.target]));
      let layered = layoutGraph(sized.filter((n) => linked.has(n.id)), links, 'TB');
      const span = Math.max(0, ...[...layered.entries()].map(([id, p]) => p.x + widths.get(id)!)) - Math.min(0, ...[...layered.values()].map((p) => p.x));
      if (span > rowWidth) {
        const order = [...layered.entries()].sort(([, a], [, b]) => a.y - b.y || a.x - b.x).map(([id]) => id);
        layered = packRows(order, widths, rowWidth);
      }
      const xs = [...layered.values()].map((p) => p.x);
      const left = Math.min(0, ...xs);
      const right = Math.max(0, ...[...layered.entries()].map(([id, p]) => p.x + widths.get(id)!));
      const bottom = Math.max(-60, ...[...layered.values()].map((p) => p.y + HEIGHT));
      const rest = sized.filter((n) => !linked.has(n.id)).map((n) => n.id).sort();
      const cell = Math.max(0, ...rest.map((id) => widths.get(id)!)) + 24;
      const columns = Math.max(1, Math.floor(Math.min(rowWidth, Math.max(right - left, 3 * cell)) / cell));
      positions = new Map(layered);
      rest.forEach((id, i) => positions.set(id, { x: left + (i % columns) * cell, y: bottom + 60 + Math.floor(i / columns) * (HEIGHT + 24) }));
    }
    const bottom = Math.max(0, ...[...positions.values()].map((p) => p.y + HEIGHT)) - Math.min(0, ...[...positions.values()].map((p) => p.y));
    // Up to 920 px tall: a packed network of 30-odd tools fits whole at the readable zoom. A
    // narrow box's rows (one tool each on a phone) get the height they need, so every drawn tool
    // shows without panning, and the page scrolls past it (ReadableFlow leaves a drawing that fits to the page).
    const narrow = rowWidth < PACKED_WIDTH;
    return { widths, positions, height: canvasHeight(bottom, 0.82, 340, narrow ? NARROW_MAX_HEIGHT : 920) };
  }, [graph, rowWidth]);

  const { nodes, edges } = useMemo(() => {
    // Parameter edges follow the tools: drawn when both ends are.
    const primary = graph.edges.filter((e) => e.kind !== 'parameter' && (!visible || visible.has(e.id)));
    const shownNodes = visible ? new Set(primary.flatMap((e) => [e.source, e.target])) : undefined;
    const shownEdges = graph.edges.filter((e) => (!visible || visible.has(e.id)) && (e.kind !== 'parameter' || !shownNodes || (shownNodes.has(e.source) && shownNodes.has(e.target))));
    const shownIds = new Set(shownEdges.map((e) => e.id));
    const lit = hovered ? new Set([hovered, ...shownEdges.filter((e) => e.source === hovered || e.target === hovered).flatMap((e) => [e.source, e.target])]) : undefined;
    const maxWeight = Math.max(0, ...graph.edges.map((e) => e.weight ?? 0));
    const flowNodes: Node[] = graph.nodes.map((n) => ({
      id: n.id,
      position: layout.positions.get(n.id) ?? { x: 0, y: 0 },
      width: layout.widths.get(n.id),
      height: HEIGHT,
      hidden: shownNodes ? !shownNodes.has(n.id) : false,
      ariaLabel: `${n.label}${n.meta ? `, ${n.meta}` : ''}`,
      data: {
        label: (
          <div className="graph-node" title={n.detail ?? n.label}>
            <strong>{n.label}</strong>
            <span className="graph-node-meta">{n.meta}</span>
          </div>
        ),
      },
      className: ['snapshot-node', n.detail ? 'has-detail' : '', n.id === picked ? 'picked' : '', lit ? (lit.has(n.id) ? 'lit' : 'dim') : ''].filter(Boolean).join(' '),
      style: {
        ...(color ? { borderLeft: `4px solid ${color}` } : {}),
        // The lit ring in the theme's colour (the picked ring stays the stylesheet's accent).
        ...(lit?.has(n.id) && n.id !== picked ? { boxShadow: `0 0 0 2px ${GRAPH_COLORS.leaves}` } : {}),
      },
    }));
    const flowEdges: Edge[] = graph.edges.map((e) => {
      const touches = (id: string | undefined) => id !== undefined && (e.source === id || e.target === id);
      const on = touches(hovered) || touches(picked);
      const stroke = on ? (e.source === (hovered ?? picked) ? GRAPH_COLORS.leaves : GRAPH_COLORS.arrives) : edgeColor(e.kind);
      const base = e.weight !== undefined && maxWeight > 0 ? 1.5 + 4 * Math.max(0, e.weight) / maxWeight : e.kind === 'inertial' || e.kind === 'dependency' ? 2.5 : 1.5;
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        // Past a dozen edges their labels overlap (even those of one tool: its edges meet at it); the
        // picked tool's panel lists each of its edges with its trials instead.
        label: graph.edges.length <= MAX_EDGE_LABELS ? e.label : undefined,
        type: 'floating',
        data: { bend: e.kind === 'parameter' ? 0.32 : e.kind === 'similarity' ? 0.06 : 0.15 },
        hidden: !shownIds.has(e.id),
        className: ['edge-' + e.kind, hovered ? (touches(hovered) ? 'lit' : 'dim') : '', on ? 'on' : ''].filter(Boolean).join(' '),
        markerEnd: e.kind === 'similarity' ? undefined : { type: MarkerType.ArrowClosed, color: stroke, width: 16, height: 16 },
        style: { stroke, strokeWidth: on ? base + 1.5 : base, ...(DASH[e.kind] ? { strokeDasharray: DASH[e.kind] } : {}) },
        labelBgPadding: [4, 2] as [number, number],
        zIndex: on ? 1 : 0,
      };
    });
    return { nodes: flowNodes, edges: flowEdges };
  }, [graph, layout, visible, hovered, picked, color]);

  return (
    <div ref={box} className="graph-canvas" data-testid="graph-canvas" data-hovered={hovered ?? ''} data-row-width={rowWidth}>
      {packed !== undefined && <ReadableFlow key={packed} nodes={nodes} edges={edges} edgeTypes={FLOATING_EDGE_TYPES} height={layout.height} onPick={onPick} onHover={setHovered} label={`${graph.title}: ${graph.nodes.length} tools, ${graph.edges.length} edges`} />}
    </div>
  );
}
