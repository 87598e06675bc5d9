import { describe, expect, it } from 'vitest';
import { boundsOf, canvasHeight, initialViewport } from './viewport';

const options = { minZoom: 0.8, maxZoom: 1.25, padding: 10 };

describe('initialViewport', () => {
  it('should fit and centre a graph that fits at a readable zoom', () => {
    const view = initialViewport({ x: 0, y: 0, width: 400, height: 200 }, { width: 620, height: 420 }, options);
    expect(view.zoom).toBe(1.25);
    expect(view.x).toBe((620 - 500) / 2);
    expect(view.y).toBe((420 - 250) / 2);
  });

  it('should never open below the readable zoom: a big graph opens at its top left corner', () => {
    const view = initialViewport({ x: -50, y: -20, width: 3000, height: 2000 }, { width: 800, height: 600 }, options);
    expect(view.zoom).toBe(0.8);
    expect(view.x).toBe(10 + 50 * 0.8);
    expect(view.y).toBe(10 + 20 * 0.8);
  });

  it('should keep a strip at the left clear', () => {
    const view = initialViewport({ x: 0, y: 0, width: 3000, height: 2000 }, { width: 800, height: 600 }, { ...options, leftInset: 40 });
    expect(view.x).toBe(50);
  });

  it('should open a big graph on a focus node, centred across and near the top, within the graph', () => {
    const bounds = { x: 0, y: 0, width: 2000, height: 3000 };
    const view = initialViewport(bounds, { width: 820, height: 620 }, options, { x: 1000, y: 1500, width: 200, height: 100 });
    expect(view.zoom).toBe(0.8);
    // Focus centre x 1100 at the middle of the room (10 + 400); its top at the padding.
    expect(1100 * view.zoom + view.x).toBeCloseTo(410);
    expect(1500 * view.zoom + view.y).toBeCloseTo(10);
    // Near the far end it stops at the graph's edge rather than showing empty space.
    const end = initialViewport(bounds, { width: 820, height: 620 }, options, { x: 1900, y: 2950, width: 100, height: 50 });
    expect(3000 * end.zoom + end.y).toBeCloseTo(610);
    expect(2000 * end.zoom + end.x).toBeCloseTo(810);
    // A focus wider than the room (a narrow screen) is shown from its left edge.
    const narrow = initialViewport(bounds, { width: 300, height: 620 }, options, { x: 400, y: 100, width: 480, height: 100 });
    expect(400 * narrow.zoom + narrow.x).toBeCloseTo(10);
  });
});

describe('boundsOf and canvasHeight', () => {
  it('should box the rectangles and size a canvas within its limits', () => {
    expect(boundsOf([{ x: 10, y: 5, width: 20, height: 10 }, { x: -5, y: 30, width: 10, height: 10 }])).toEqual({ x: -5, y: 5, width: 35, height: 35 });
    expect(boundsOf([])).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    expect(canvasHeight(100, 1, 300, 600)).toBe(300);
    expect(canvasHeight(400, 1, 300, 600)).toBe(448);
    expect(canvasHeight(4000, 1, 300, 600)).toBe(600);
  });
});
