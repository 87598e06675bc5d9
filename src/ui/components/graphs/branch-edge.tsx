import { BaseEdge, useInternalNode, type EdgeProps } from '@xyflow/react';

/**
 * A branch's edge in the EGB tree: from the bottom of the node the branch hangs off, down into the
 * gap before the substep it replaces, right to a trunk beside the branch column, and into the
 * branch's left side; branches of one substep share the trunk, so no edge crosses a node.
 */
export function BranchEdge({ id, source, target, style, markerEnd }: EdgeProps) {
  const from = useInternalNode(source);
  const to = useInternalNode(target);
  if (!from || !to) return null;
  const fromWidth = from.measured.width ?? from.width ?? 0;
  const fromHeight = from.measured.height ?? from.height ?? 0;
  const toHeight = to.measured.height ?? to.height ?? 0;
  const sx = from.internals.positionAbsolute.x + fromWidth / 2;
  const sy = from.internals.positionAbsolute.y + fromHeight;
  const tx = to.internals.positionAbsolute.x;
  const ty = to.internals.positionAbsolute.y + toHeight / 2;
  const mid = sy + 14;
  const trunk = tx - 14;
  return <BaseEdge id={id} path={`M ${sx},${sy} V ${mid} H ${trunk} V ${ty} H ${tx - 2}`} style={style} markerEnd={markerEnd} />;
}

export const BRANCH_EDGE_TYPES = { branch: BranchEdge };
