/**
 * Where a scatter point's label goes so that it covers no marker, no interval bar and no other
 * label (issue 29: point labels overlapped markers). Pure geometry in screen pixels, so it is
 * tested without a browser.
 */
export type LabelSide = 'left' | 'right' | 'top' | 'bottom';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface LabelRequest {
  /** The point's centre. */
  x: number;
  y: number;
  lines: string[];
  /** The side tried first (the chart's ordering: leftmost point's label to its left, and so on). */
  preferred: LabelSide;
}

export interface PlacedLabel {
  side: LabelSide;
  box: Box;
}

/** How far a label stands from its point's centre (the marker's radius and a gap). */
export const LABEL_GAP = 14;
/** Font size and line height of the labels, in pixels. */
export const LABEL_FONT = 11;
export const LINE_HEIGHT = LABEL_FONT * 1.1;
/** Average advance of a character at 11 px in the page's sans-serif (an estimate: text is not measured). */
const CHAR_WIDTH = 6.3;

/** The box of a label's text on a side of its point. */
export function labelBox(x: number, y: number, lines: string[], side: LabelSide): Box {
  const width = Math.max(...lines.map((line) => line.length)) * CHAR_WIDTH;
  const height = lines.length * LINE_HEIGHT;
  switch (side) {
    case 'left':
      return { left: x - LABEL_GAP - width, right: x - LABEL_GAP, top: y - height / 2, bottom: y + height / 2 };
    case 'right':
      return { left: x + LABEL_GAP, right: x + LABEL_GAP + width, top: y - height / 2, bottom: y + height / 2 };
    case 'top':
      return { left: x - width / 2, right: x + width / 2, top: y - LABEL_GAP - height, bottom: y - LABEL_GAP };
    case 'bottom':
      return { left: x - width / 2, right: x + width / 2, top: y + LABEL_GAP, bottom: y + LABEL_GAP + height };
  }
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** How much of a box lies outside the plot. */
function outside(box: Box, plot: Box): number {
  const inside = overlap(box, plot);
  return (box.right - box.left) * (box.bottom - box.top) - inside;
}

const ORDER: LabelSide[] = ['left', 'right', 'bottom', 'top'];

/**
 * Each label's side, in the order given: its preferred side, else the first of left, right, below,
 * above whose box covers no obstacle (markers and interval bars, as boxes), no label placed before
 * it and stays in the plot; when every side collides, the side that covers least.
 */
export function placeLabels(requests: LabelRequest[], obstacles: Box[], plot: Box): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const request of requests) {
    const sides = [request.preferred, ...ORDER.filter((side) => side !== request.preferred)];
    let best: PlacedLabel | undefined;
    let bestCost = Infinity;
    for (const side of sides) {
      const box = labelBox(request.x, request.y, request.lines, side);
      const cost =
        obstacles.reduce((sum, obstacle) => sum + overlap(box, obstacle), 0) + placed.reduce((sum, other) => sum + overlap(box, other.box), 0) + outside(box, plot);
      if (cost < bestCost) {
        best = { side, box };
        bestCost = cost;
      }
      if (cost === 0) break;
    }
    placed.push(best!);
  }
  return placed;
}
