/**
 * The opening viewport of a graph: fit to the box, but never below `minZoom`, so text stays
 * readable (node text is sized so that at `minZoom` it is still at least 11 px on screen). A graph
 * too big to fit at that zoom opens at its top (and left) edge instead of its middle: the start of
 * a tree, the first rows of a layered graph; the rest is a pan away.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** The box around all rectangles (an empty list gives a zero box at the origin). */
export function boundsOf(rects: Rect[]): Rect {
  if (rects.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * `focus`, when given, is where a graph too big to fit opens instead: that rectangle centred
 * across and near the top (the start of a case's branches, say), within the graph's bounds.
 */
export function initialViewport(bounds: Rect, box: { width: number; height: number }, options: { minZoom: number; maxZoom: number; padding: number; leftInset?: number }, focus?: Rect): Viewport {
  const { minZoom, maxZoom, padding } = options;
  // A strip kept clear at the left (the zoom buttons sit there); the rest is laid out as a box of its own.
  const inset = options.leftInset ?? 0;
  const room = { width: Math.max(1, box.width - inset - 2 * padding), height: Math.max(1, box.height - 2 * padding) };
  const fit = Math.min(room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height));
  const zoom = Math.min(maxZoom, Math.max(minZoom, fit));
  const place = (start: number, size: number, space: number, boxSize: number, target: number | undefined) => {
    if (size * zoom <= space) return (boxSize - size * zoom) / 2 - start * zoom;
    const edge = padding - start * zoom;
    if (target === undefined) return edge;
    // Screen position of `start` may not go right of the padding, nor the far end left of the box.
    const far = boxSize - padding - (start + size) * zoom;
    return Math.min(edge, Math.max(far, padding - target * zoom));
  };
  return {
    // A focus wider than the room is shown from its left edge, else centred.
    x: inset + place(bounds.x, bounds.width, room.width, box.width - inset, focus && (focus.width * zoom > room.width ? focus.x : focus.x + focus.width / 2 - room.width / 2 / zoom)),
    y: place(bounds.y, bounds.height, room.height, box.height, focus?.y),
    zoom,
  };
}

/** A canvas height (px) that shows a layout of this height at about `zoom`, within [min, max]. */
export function canvasHeight(layoutHeight: number, zoom: number, min: number, max: number, padding = 24): number {
  return Math.round(Math.min(max, Math.max(min, layoutHeight * zoom + 2 * padding)));
}
