/**
 * A ring layout for small cyclic graphs (AutoTool's strongest transitions: tools that lead to each
 * other both ways). A layered layout sends such edges back up through the layers and across
 * nodes; on a ring every edge is a chord between two nodes and passes through none. The order
 * round the ring is chosen to cross few chords and keep linked tools near each other.
 */
import type { LayoutNode } from './layout';

type Pair = [string, string];

/** Undirected, distinct pairs of different nodes. */
function chords(edges: { source: string; target: string }[]): Pair[] {
  const seen = new Set<string>();
  const out: Pair[] = [];
  for (const { source, target } of edges) {
    if (source === target) continue;
    const [a, b] = source < target ? [source, target] : [target, source];
    const key = `${a}\u0000${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([a, b]);
  }
  return out;
}

/** How many pairs of chords cross when the nodes sit round a ring in `order`. */
export function ringCrossings(order: string[], edges: { source: string; target: string }[]): number {
  const at = new Map(order.map((id, i) => [id, i]));
  const list = chords(edges).map(([a, b]) => {
    const [i, j] = [at.get(a)!, at.get(b)!];
    return i < j ? [i, j] : [j, i];
  });
  let crossings = 0;
  for (let x = 0; x < list.length; x++) {
    for (let y = x + 1; y < list.length; y++) {
      const [a, b] = list[x];
      const [c, d] = list[y];
      if (a === c || a === d || b === c || b === d) continue;
      if ((a < c && c < b) !== (a < d && d < b)) crossings++;
    }
  }
  return crossings;
}

function cost(order: string[], edges: { source: string; target: string }[]): number {
  const n = order.length;
  const at = new Map(order.map((id, i) => [id, i]));
  const span = chords(edges).reduce((sum, [a, b]) => {
    const d = Math.abs(at.get(a)! - at.get(b)!);
    return sum + Math.min(d, n - d);
  }, 0);
  return ringCrossings(order, edges) * 1000 + span;
}

/** An order round the ring: greedy by links to the placed nodes, then pairwise swaps while they help. */
export function ringOrder(ids: string[], edges: { source: string; target: string }[]): string[] {
  const known = new Set(ids);
  const pairs = chords(edges).filter(([a, b]) => known.has(a) && known.has(b));
  const degree = new Map(ids.map((id) => [id, 0]));
  for (const [a, b] of pairs) {
    degree.set(a, degree.get(a)! + 1);
    degree.set(b, degree.get(b)! + 1);
  }
  const left = [...ids].sort((a, b) => degree.get(b)! - degree.get(a)! || a.localeCompare(b));
  const order: string[] = [];
  while (left.length > 0) {
    const placed = new Set(order);
    const links = (id: string) => pairs.filter(([a, b]) => (a === id && placed.has(b)) || (b === id && placed.has(a))).length;
    let best = 0;
    for (let i = 1; i < left.length; i++) if (links(left[i]) > links(left[best])) best = i;
    order.push(left.splice(best, 1)[0]);
  }
  const linked = pairs.map(([source, target]) => ({ source, target }));
  let current = cost(order, linked);
  for (let pass = 0; pass < 20; pass++) {
    let improved = false;
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        [order[i], order[j]] = [order[j], order[i]];
        const next = cost(order, linked);
        if (next < current) {
          current = next;
          improved = true;
        } else {
          [order[i], order[j]] = [order[j], order[i]];
        }
      }
    }
    if (!improved) break;
  }
  return order;
}

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }, gap: number) =>
  Math.abs(a.x - b.x) < (a.w + b.w) / 2 + gap && Math.abs(a.y - b.y) < (a.h + b.h) / 2 + gap;

/**
 * A tool linked to most others (a hub, such as "check valid actions"), or undefined. On the ring its
 * chords would crowd into one side; at the centre they run out like spokes.
 */
export function ringHub(ids: string[], edges: { source: string; target: string }[]): string | undefined {
  if (ids.length < 5) return undefined;
  const known = new Set(ids);
  const degree = new Map<string, number>();
  for (const [a, b] of chords(edges).filter(([x, y]) => known.has(x) && known.has(y))) {
    degree.set(a, (degree.get(a) ?? 0) + 1);
    degree.set(b, (degree.get(b) ?? 0) + 1);
  }
  const [hub, links] = [...degree].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0] ?? [];
  return hub !== undefined && links >= 0.6 * (ids.length - 1) ? hub : undefined;
}

/**
 * Top-left corners on an ellipse (wider than tall), from the top clockwise, grown until no two
 * nodes come closer than `gap`; a hub (see ringHub) sits at the centre. `maxWidth`, where given (a
 * phone's box, issue 42: the ring ran past it), caps the width: where the ellipse does not fit, the ring becomes
 * two columns read down one and up the other, and a hub joins it (at the centre it would meet the sides).
 */
export function ringLayout(nodes: LayoutNode[], edges: { source: string; target: string }[], gap = 28, maxWidth?: number): Map<string, { x: number; y: number }> {
  if (nodes.length === 0) return new Map();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const widest = Math.max(...nodes.map((node) => node.width));
  const tallest = Math.max(...nodes.map((node) => node.height));
  const rxCap = maxWidth === undefined ? Infinity : Math.max(0, (maxWidth - widest) / 2);
  const wanted = (hubbed: boolean, count: number) => Math.max(widest * (hubbed ? 1.4 : 1), (count * (widest * 0.75 + gap)) / (2 * Math.PI));
  const central = ringHub(nodes.map((n) => n.id), edges);
  const hub = central !== undefined && wanted(true, nodes.length - 1) <= rxCap ? central : undefined;
  const order = ringOrder(nodes.map((n) => n.id).filter((id) => id !== hub), edges.filter((e) => e.source !== hub && e.target !== hub));
  const n = order.length;
  let rx = Math.min(rxCap, wanted(Boolean(hub), n));
  if (rx < wanted(Boolean(hub), n)) {
    // Too narrow for an ellipse: two columns, down the right and up the left, each row half a step
    // below the one across, so the two sides (which overlap across) never meet; neighbours round
    // the ring stay neighbours.
    const m = Math.ceil(n / 2);
    const step = 2 * (tallest + gap);
    return new Map(
      order.map((id, k) => {
        const node = byId.get(id)!;
        const [cx, cy] = k < m ? [rx, k * step] : [-rx, (n - 1 - k) * step + step / 2];
        return [id, { x: cx - node.width / 2 + rx + widest / 2, y: cy - node.height / 2 + tallest / 2 }];
      }),
    );
  }
  let ry = Math.max(tallest * (hub ? 2.6 : 1.5), rx * 0.62);
  for (let attempt = 0; attempt < 60; attempt++) {
    const centres = order.map((id, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / n;
      const node = byId.get(id)!;
      return { id, x: rx * Math.cos(angle), y: ry * Math.sin(angle), w: node.width, h: node.height };
    });
    if (hub) centres.push({ id: hub, x: 0, y: 0, w: byId.get(hub)!.width, h: byId.get(hub)!.height });
    // The hub needs room around it for its spokes' labels: twice the gap.
    const clash = centres.some((a, i) => centres.some((b, j) => j > i && overlaps(a, b, a.id === hub || b.id === hub ? 3 * gap : gap)));
    if (!clash || centres.length === 1) return new Map(centres.map((c) => [c.id, { x: c.x - c.w / 2 + rx + widest / 2, y: c.y - c.h / 2 + ry + tallest / 2 }]));
    rx = Math.min(rxCap, rx * 1.08);
    ry *= 1.08;
  }
  return new Map([...(hub ? [hub] : []), ...order].map((id, k) => [id, { x: k * (widest + gap), y: 0 }]));
}
