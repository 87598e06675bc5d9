/**
 * Where a scatter point's label goes so that it covers no marker, no interval bar and no other
 * label (issue 29: point labels overlapped markers). Pure geometry in screen pixels, so it is
 * tested without a browser.
 */
export type LabelSide = 'left' | 'right' | 'top' | 'bottom' | 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left';

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
  /** The widest line's width in pixels, where the page measured it; else estimated from its length. */
  width?: number;
}

export interface PlacedLabel {
  side: LabelSide;
  box: Box;
  /** Every side would cover another label: the label is left out (the legend names the colour). */
  hidden?: boolean;
}

/** How far a label stands from its point's centre (the marker's radius and a gap). */
export const LABEL_GAP = 14;
/** Font size and line height of the labels, in pixels. */
export const LABEL_FONT = 11;
export const LINE_HEIGHT = LABEL_FONT * 1.1;
/** Average advance of a character at 11 px in the page's sans-serif (an estimate: text is not measured). */
const CHAR_WIDTH = 6.3;

/**
 * The box of a label's text on a side of its point. `measured` is the widest line's width where the
 * page measured it (the estimate ran 3 px short of "EGB-Sampling", which then reached past its card).
 */
export function labelBox(x: number, y: number, lines: string[], side: LabelSide, measured?: number): Box {
  const width = measured ?? Math.max(...lines.map((line) => line.length)) * CHAR_WIDTH;
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
    case 'top-right':
      return { left: x + LABEL_GAP * 0.6, right: x + LABEL_GAP * 0.6 + width, top: y - LABEL_GAP * 0.6 - height, bottom: y - LABEL_GAP * 0.6 };
    case 'top-left':
      return { left: x - LABEL_GAP * 0.6 - width, right: x - LABEL_GAP * 0.6, top: y - LABEL_GAP * 0.6 - height, bottom: y - LABEL_GAP * 0.6 };
    case 'bottom-right':
      return { left: x + LABEL_GAP * 0.6, right: x + LABEL_GAP * 0.6 + width, top: y + LABEL_GAP * 0.6, bottom: y + LABEL_GAP * 0.6 + height };
    case 'bottom-left':
      return { left: x - LABEL_GAP * 0.6 - width, right: x - LABEL_GAP * 0.6, top: y + LABEL_GAP * 0.6, bottom: y + LABEL_GAP * 0.6 + height };
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

const ORDER: LabelSide[] = ['left', 'right', 'bottom', 'top', 'top-right', 'bottom-right', 'top-left', 'bottom-left'];

/**
 * What a pixel of label past the drawing's edge (`drawing`, the SVG's box) costs against a pixel
 * covering a marker or a bar: text there is cut off by the chart's card (issue 42: "EGB-Samplin"),
 * while text over an interval bar still reads.
 */
const OFF_THE_DRAWING = 50;

/** Labels may overlap by this much area (px²) and still read (a corner's anti-aliasing). */
const TOLERANCE = 2;

/**
 * Each label's side: first, in the order given, its preferred side, else the first of left, right,
 * below, above and the four corners whose box covers no obstacle (markers and interval bars, as
 * boxes), no label placed before it and stays in the plot, else the side that covers least; then,
 * while some label still covers something, each is moved to its least covering side given all the
 * others (a few rounds). A label that still covers another label is left out (`hidden`): two
 * labels drawn over each other read as neither (issue 42).
 */
export function placeLabels(requests: LabelRequest[], obstacles: Box[], plot: Box, drawing?: Box): PlacedLabel[] {
  const cost = (box: Box, index: number, placed: (PlacedLabel | undefined)[]) =>
    obstacles.reduce((sum, obstacle) => sum + overlap(box, obstacle), 0) +
    placed.reduce((sum, other, j) => sum + (other && j !== index && !other.hidden ? overlap(box, other.box) * 2 : 0), 0) +
    outside(box, plot) +
    (drawing ? outside(box, drawing) * OFF_THE_DRAWING : 0);
  const sidesOf = (request: LabelRequest) => [request.preferred, ...ORDER.filter((side) => side !== request.preferred)];
  const best = (index: number, placed: (PlacedLabel | undefined)[]) => {
    const request = requests[index];
    let chosen: PlacedLabel | undefined;
    let chosenCost = Infinity;
    for (const side of sidesOf(request)) {
      const box = labelBox(request.x, request.y, request.lines, side, request.width);
      const c = cost(box, index, placed);
      if (c < chosenCost - 1e-9) {
        chosen = { side, box };
        chosenCost = c;
      }
      if (c === 0) break;
    }
    return { placed: chosen!, cost: chosenCost };
  };
  const placed: (PlacedLabel | undefined)[] = [];
  requests.forEach((_, index) => {
    placed[index] = best(index, placed).placed;
  });
  for (let round = 0; round < 4; round++) {
    let moved = false;
    requests.forEach((_, index) => {
      if (cost(placed[index]!.box, index, placed) === 0) return;
      const next = best(index, placed);
      if (next.cost < cost(placed[index]!.box, index, placed) - 1e-9) {
        placed[index] = next.placed;
        moved = true;
      }
    });
    if (!moved) break;
  }
  // Left out, in turn, the labels that still cover a shown one, or are cut by the drawing's edge.
  requests.forEach((_, index) => {
    const label = placed[index]!;
    if (placed.some((other, j) => j !== index && other && !other.hidden && overlap(label.box, other.box) > TOLERANCE)) placed[index] = { ...label, hidden: true };
    else if (drawing && outside(label.box, drawing) > TOLERANCE) placed[index] = { ...label, hidden: true };
  });
  return placed as PlacedLabel[];
}
