import { useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Background, Controls, ReactFlow, type Edge, type EdgeTypes, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { boundsOf, initialViewport } from '../../graphs/viewport';

/**
 * The lowest zoom a graph opens at. Node text is at least 14 px (styles.css, `.flow-readable`),
 * so at this zoom it is still at least 11.2 px on screen; a graph too big to fit opens at its top
 * left corner and pans.
 */
export const READABLE_ZOOM = 0.8;
const PADDING = 16;
/** The zoom buttons' strip at the left, kept clear of nodes in the opening view. */
const CONTROLS = 44;

/** The node element (a `.react-flow__node` inside `box`) an event started from, if any. */
function nodeIdOf(target: EventTarget | null, box: HTMLElement | null): string | undefined {
  const node = target instanceof Element ? target.closest('.react-flow__node') : null;
  return node && box?.contains(node) ? (node.getAttribute('data-id') ?? undefined) : undefined;
}

/**
 * A React Flow drawing that opens readable (at READABLE_ZOOM or closer), and whose nodes work from
 * the keyboard: Tab focuses a node (focus highlights it like a hover), Enter or Space picks it as a
 * click does. Nodes need their `width` and `height` set (the opening view is computed from them).
 */
export function ReadableFlow({
  nodes,
  edges,
  height,
  onPick,
  onHover,
  label,
  testId,
  focus,
  edgeTypes,
}: {
  nodes: Node[];
  edges: Edge[];
  height: number;
  onPick?(id: string): void;
  onHover?(id: string | undefined): void;
  /** What the drawing shows, for screen readers. */
  label: string;
  testId?: string;
  /** A node to open on when the graph does not fit (ReadableFlow opens at the top left otherwise). */
  focus?: string;
  edgeTypes?: EdgeTypes;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (box.current) setWidth(box.current.clientWidth);
  }, []);
  // Computed once per drawing (the box is remounted with a new graph): later changes (a hover,
  // the growth slider) keep the user's pan and zoom.
  const [firstNodes] = useState(nodes);
  const opening = useMemo(() => {
    if (width === undefined) return undefined;
    const rect = (n: Node) => ({ x: n.position.x, y: n.position.y, width: n.width ?? 0, height: n.height ?? 0 });
    const target = firstNodes.find((n) => n.id === focus);
    return initialViewport(boundsOf(firstNodes.map(rect)), { width, height }, { minZoom: READABLE_ZOOM, maxZoom: 1.25, padding: PADDING, leftInset: CONTROLS }, target && rect(target));
  }, [width, height, firstNodes, focus]);

  // A drawing that fits its box whole at the opening view has nothing to pan: a drag or the wheel
  // over it scrolls the page (on a phone the network's column fills the screen, and a swipe on it
  // would pan an empty canvas instead). Zoomed in with the buttons or a pinch, it pans as usual.
  const fits = useMemo(() => {
    if (!opening || width === undefined) return false;
    const bounds = boundsOf(firstNodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.width ?? 0, height: n.height ?? 0 })));
    const [left, top] = [opening.x + bounds.x * opening.zoom, opening.y + bounds.y * opening.zoom];
    return left >= 0 && top >= 0 && left + bounds.width * opening.zoom <= width + 0.5 && top + bounds.height * opening.zoom <= height + 0.5;
  }, [opening, width, height, firstNodes]);
  const [zoomed, setZoomed] = useState(false);
  const pans = !fits || zoomed;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const id = nodeIdOf(event.target, box.current);
    if (!id) return;
    event.preventDefault();
    onPick?.(id);
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = nodeIdOf(event.target, box.current);
    if (id) onHover?.(id);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (nodeIdOf(event.target, box.current)) onHover?.(undefined);
  };

  return (
    <div ref={box} className="flow-readable" style={{ height }} data-testid={testId} data-fits={fits} onKeyDown={onKeyDown} onFocus={onFocus} onBlur={onBlur} aria-label={label}>
      {opening && (
        <ReactFlow
          nodes={nodes}
          edges={edges}
          edgeTypes={edgeTypes}
          defaultViewport={opening}
          minZoom={0.2}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          edgesFocusable={false}
          panActivationKeyCode={null}
          panOnDrag={pans}
          zoomOnScroll={pans}
          preventScrolling={pans}
          onMove={(_, viewport) => opening && !zoomed && Math.abs(viewport.zoom - opening.zoom) > 1e-3 && setZoomed(true)}
          onNodeClick={(_, node) => onPick?.(node.id)}
          onNodeMouseEnter={(_, node) => onHover?.(node.id)}
          onNodeMouseLeave={() => onHover?.(undefined)}
        >
          <Background />
          <Controls position="top-left" showInteractive={false} fitViewOptions={{ minZoom: READABLE_ZOOM, maxZoom: 1.25, padding: 0.05 }} />
        </ReactFlow>
      )}
    </div>
  );
}
