import { describe, expect, it } from 'vitest';
import { labelBox, placeLabels, type Box } from './label-placement';

const plot: Box = { left: 0, top: 0, right: 300, bottom: 200 };
const marker = (x: number, y: number): Box => ({ left: x - 7, right: x + 7, top: y - 7, bottom: y + 7 });
const hits = (a: Box, b: Box) => Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);

describe('point label placement', () => {
  it('keeps the preferred side when it is free', () => {
    const [placed] = placeLabels([{ x: 150, y: 100, lines: ['ReAct'], preferred: 'left' }], [marker(150, 100)], plot);
    expect(placed.side).toBe('left');
  });

  it('moves a label off another strategy’s marker and off the plot edge, and never onto a label placed before', () => {
    // Left of the point sits another strategy's diamond; right of it, the plot ends.
    const obstacles = [marker(150, 100), marker(125, 100)];
    const [first] = placeLabels([{ x: 150, y: 100, lines: ['AutoTool', '(ReAct)'], preferred: 'left' }], obstacles, { ...plot, right: 170 });
    expect(first.side).not.toBe('left');
    expect(first.side).not.toBe('right');
    for (const obstacle of obstacles) expect(hits(first.box, obstacle)).toBe(false);

    const both = placeLabels(
      [
        { x: 100, y: 100, lines: ['ReAct'], preferred: 'right' },
        { x: 160, y: 100, lines: ['Reflexion'], preferred: 'left' },
      ],
      [marker(100, 100), marker(160, 100)],
      plot,
    );
    expect(hits(both[0].box, both[1].box)).toBe(false);
  });

  it('never runs a label past the drawing\'s edge, where the card cuts it (issue 42: "EGB-Samplin" at 1440 px)', () => {
    // A point 60 px from the drawing's right edge, its interval bars to its left and up and down it, its diamond above: only the right is free.
    const [x, y] = [240, 100];
    const bars = [marker(x, y), marker(x, y - 12), { left: x - 4, right: x + 4, top: 20, bottom: 180 }, { left: x - 100, right: x, top: y - 4, bottom: y + 4 }];
    const drawing: Box = { left: -Infinity, top: -10, right: x + 60, bottom: Infinity };
    const request = { x, y, lines: ['EGB-Sampling'], preferred: 'right' as const, width: 79 };
    const wide = { ...plot, right: x + 120 };
    // Without the drawing's edge the right side wins, and runs past it.
    expect(placeLabels([request], bars, wide)[0].box.right).toBeGreaterThan(drawing.right);
    const [placed] = placeLabels([request], bars, wide, drawing);
    expect(placed.hidden || placed.box.right <= drawing.right).toBe(true);
    expect(placed.hidden).toBeFalsy();
  });

  it('sizes a label by its measured width where given', () => {
    expect(labelBox(0, 0, ['EGB-Sampling'], 'right', 79).right - labelBox(0, 0, ['EGB-Sampling'], 'right').right).toBeCloseTo(79 - 12 * 6.3);
  });

  it('puts a label above its point when below and beside are taken', () => {
    expect(labelBox(50, 50, ['a'], 'top').bottom).toBeLessThan(50 - 7);
  });

  it('never leaves two shown labels over each other, however crowded the points (issue 42: SLATE at 390 px)', () => {
    // As on SLATE's LLM-calls chart in a phone's narrow plot: four strategies within 30 px of each other.
    const narrow: Box = { left: 0, top: 0, right: 120, bottom: 150 };
    const points = [
      { x: 10, y: 110, lines: ['ReAct'], preferred: 'left' as const },
      { x: 22, y: 40, lines: ['Reflexion'], preferred: 'top' as const },
      { x: 14, y: 75, lines: ['EGB-Logits'], preferred: 'bottom' as const },
      { x: 40, y: 75, lines: ['EGB-Sampling'], preferred: 'right' as const },
      { x: 30, y: 80, lines: ['EGB-Sampling', '(ReAct)'], preferred: 'left' as const },
    ];
    const placed = placeLabels(points, points.map((p) => marker(p.x, p.y)), narrow);
    const shown = placed.filter((label) => !label.hidden);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) expect(hits(shown[i].box, shown[j].box), `${i} / ${j}`).toBe(false);
  });
});
