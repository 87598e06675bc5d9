import { BaseEdge, useInternalNode, type EdgeProps, type InternalNode } from '@xyflow/react';

/** Where the line from a node's centre toward `toward` leaves the node's box. */
function border(node: InternalNode, toward: { x: number; y: number }, gap: number) {
  const w = node.measured.width ?? node.width ?? 0;
  const h = node.measured.height ?? node.height ?? 0;
  const c = { x: node.internals.positionAbsolute.x + w / 2, y: node.internals.positionAbsolute.y + h / 2 };
  const dx = toward.x - c.x;
  const dy = toward.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const scale = Math.min(dx === 0 ? Infinity : (w / 2 + gap) / Math.abs(dx), dy === 0 ? Infinity : (h / 2 + gap) / Math.abs(dy));
  return { x: c.x + dx * scale, y: c.y + dy * scale };
}

const centre = (node: InternalNode) => ({
  x: node.internals.positionAbsolute.x + (node.measured.width ?? node.width ?? 0) / 2,
  y: node.internals.positionAbsolute.y + (node.measured.height ?? node.height ?? 0) / 2,
});

/**
 * An edge between the borders of its nodes (not fixed top and bottom handles), bent a little to
 * its right so that the two directions between a pair of tools run apart; `data.bend` sets how
 * much (a fraction of its length). Its label sits on the curve's middle.
 */
export function FloatingEdge({ id, source, target, markerEnd, style, label, labelStyle, labelShowBg, labelBgStyle, labelBgPadding, labelBgBorderRadius, data, interactionWidth }: EdgeProps) {
  const from = useInternalNode(source);
  const to = useInternalNode(target);
  if (!from || !to) return null;
  const a = centre(from);
  const b = centre(to);
  const bend = typeof data?.bend === 'number' ? data.bend : 0.15;
  const control = { x: (a.x + b.x) / 2 - (b.y - a.y) * bend, y: (a.y + b.y) / 2 + (b.x - a.x) * bend };
  const start = border(from, control, 2);
  const end = border(to, control, 4);
  const path = `M ${start.x},${start.y} Q ${control.x},${control.y} ${end.x},${end.y}`;
  const labelX = 0.25 * start.x + 0.5 * control.x + 0.25 * end.x;
  const labelY = 0.25 * start.y + 0.5 * control.y + 0.25 * end.y;
  return (
    <BaseEdge
      id={id}
      path={path}
      markerEnd={markerEnd}
      style={style}
      label={label}
      labelX={labelX}
      labelY={labelY}
      labelStyle={labelStyle}
      labelShowBg={labelShowBg}
      labelBgStyle={labelBgStyle}
      labelBgPadding={labelBgPadding}
      labelBgBorderRadius={labelBgBorderRadius}
      interactionWidth={interactionWidth}
    />
  );
}

export const FLOATING_EDGE_TYPES = { floating: FloatingEdge };
