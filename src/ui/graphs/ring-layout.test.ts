import { describe, expect, it } from 'vitest';
import { ringCrossings, ringHub, ringLayout, ringOrder } from './ring-layout';

const edges = (pairs: string[]) => pairs.map((p) => ({ source: p[0], target: p[1] }));

describe('ring layout', () => {
  it('should count crossing chords, once per pair of tools', () => {
    expect(ringCrossings(['a', 'b', 'c', 'd'], edges(['ac', 'bd']))).toBe(1);
    expect(ringCrossings(['a', 'b', 'c', 'd'], edges(['ab', 'cd', 'ba']))).toBe(0);
    expect(ringCrossings(['a', 'b', 'c', 'd'], edges(['ac', 'ab']))).toBe(0);
  });

  it('should order the ring to avoid crossings where it can', () => {
    // A cycle a-c-b-d-a: in name order every chord crosses; a good order has none.
    const cycle = edges(['ac', 'cb', 'bd', 'da']);
    expect(ringCrossings(['a', 'b', 'c', 'd'], cycle)).toBeGreaterThan(0);
    const order = ringOrder(['a', 'b', 'c', 'd'], cycle);
    expect([...order].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(ringCrossings(order, cycle)).toBe(0);
  });

  it('should place every node without two overlapping', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `tool_${i}`);
    const nodes = ids.map((id, i) => ({ id, width: 120 + (i % 3) * 60, height: 58 }));
    const at = ringLayout(nodes, ids.slice(1).map((id, i) => ({ source: ids[i], target: id })));
    expect(at.size).toBe(12);
    for (const a of nodes) {
      for (const b of nodes) {
        if (a.id >= b.id) continue;
        const [p, q] = [at.get(a.id)!, at.get(b.id)!];
        const apart = p.x + a.width <= q.x || q.x + b.width <= p.x || p.y + a.height <= q.y || q.y + b.height <= p.y;
        expect(apart, `${a.id} and ${b.id}`).toBe(true);
      }
    }
    expect(ringLayout([], [])).toEqual(new Map());
  });
});

describe('ring layout in a narrow box (issue 42: AutoTool\'s ring ran past a phone\'s box)', () => {
  it('keeps within the width given, growing taller, with no two nodes overlapping', () => {
    for (const count of [4, 7, 11]) {
      const ids = Array.from({ length: count }, (_, i) => `tool_${i}`);
      const nodes = ids.map((id, i) => ({ id, width: 120 + (i % 3) * 30, height: 58 }));
      // A hub linked to every other tool, and a cycle through the rest.
      const edges = [...ids.slice(1).map((id) => ({ source: ids[0], target: id })), ...ids.slice(2).map((id, i) => ({ source: ids[i + 1], target: id }))];
      const at = ringLayout(nodes, edges, 28, 300);
      expect(at.size).toBe(count);
      const left = Math.min(...nodes.map((n) => at.get(n.id)!.x));
      const right = Math.max(...nodes.map((n) => at.get(n.id)!.x + n.width));
      expect(right - left, `${count} tools`).toBeLessThanOrEqual(300);
      for (const a of nodes)
        for (const b of nodes) {
          if (a.id >= b.id) continue;
          const [p, q] = [at.get(a.id)!, at.get(b.id)!];
          expect(p.x + a.width <= q.x || q.x + b.width <= p.x || p.y + a.height <= q.y || q.y + b.height <= p.y, `${count}: ${a.id} and ${b.id}`).toBe(true);
        }
    }
  });
});

describe('ring hub', () => {
  it('should put a tool linked to most others at the centre of the ring', () => {
    const spokes = edges(['ha', 'hb', 'hc', 'hd', 'he', 'ab']);
    expect(ringHub(['a', 'b', 'c', 'd', 'e', 'h'], spokes)).toBe('h');
    expect(ringHub(['a', 'b', 'c', 'd', 'e', 'h'], edges(['ab', 'cd', 'eh']))).toBeUndefined();
    expect(ringHub(['a', 'b', 'h'], edges(['ha', 'hb']))).toBeUndefined();
    const nodes = ['a', 'b', 'c', 'd', 'e', 'h'].map((id) => ({ id, width: 100, height: 50 }));
    const at = ringLayout(nodes, spokes);
    const centre = (id: string) => ({ x: at.get(id)!.x + 50, y: at.get(id)!.y + 25 });
    const ring = ['a', 'b', 'c', 'd', 'e'].map(centre);
    const mid = { x: ring.reduce((s, p) => s + p.x, 0) / 5, y: ring.reduce((s, p) => s + p.y, 0) / 5 };
    expect(Math.abs(centre('h').x - mid.x)).toBeLessThan(60);
    expect(Math.abs(centre('h').y - mid.y)).toBeLessThan(40);
  });
});
