import { INERTIA_GRAPH, TOOL_NETWORK } from '../../core/strategies/snapshots';
import { defaultTop, drawable, parseInertia, strongest } from './inertia-model';

/**
 * What strategies build over a run (StrategyInstance.snapshot) as one node-link model the page
 * can draw: AutoTool's tool inertia graph (pruned to its strongest transitions) and ToolExpNet's tool network. Snapshots are data from
 * a run (or a stored result), so unknown or malformed ones give no model rather than an error.
 */
export interface SnapshotNode {
  id: string;
  label: string;
  /** Shown under the label (a count, a score). */
  meta: string;
  /** Shown when the node is clicked (ToolExpNet guidance), as text. */
  detail?: string;
}

export interface SnapshotEdge {
  id: string;
  source: string;
  target: string;
  /** Decides the edge style: `transition`, `inertial`, `similarity`, `dependency`, `parameter`. */
  kind: string;
  label?: string;
  /** AutoTool transitions: the feedback weight, which sets the stroke width. */
  weight?: number;
  /** AutoTool transitions: rank of first appearance in the run (see InertiaTransition.order). */
  order?: number;
  /** AutoTool transitions and parameter edges: the task (0-based ordinal) that first recorded it, when the snapshot says. */
  firstTask?: number;
}

export interface SnapshotGraph {
  title: string;
  /** Which strategy built it. */
  kind?: 'autotool' | 'toolexpnet';
  /** Set when some edges or nodes are left out to keep the drawing legible. */
  note?: string;
  /** One line per edge kind that appears, saying how it is drawn. */
  legend: { kind: string; text: string }[];
  nodes: SnapshotNode[];
  edges: SnapshotEdge[];
  /** ToolExpNet: what the drawing kept of the network (NetworkOptions). */
  filter?: NetworkFilter;
}

const LEGEND: Record<string, string> = {
  transition: 'solid arrow: tool-to-tool transition, labelled with its feedback weight (+1/−1 per inertial call that worked/failed, +0.5/−0.5 per model call); thicker is stronger',
  inertial: 'amber arrow: a transition also taken as an inertial call (no LLM call)',
  parameter: 'dotted: a parameter filled from an earlier tool’s output',
  similarity: 'dashed: similar tools the model should not confuse; labelled with the trials that used both and how many failed',
  dependency: 'solid arrow: one tool’s output feeds another’s input ("seen" once a trial passed an id along it); labelled with its trials and failures',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const fixed = (value: number | undefined) => (value === undefined ? '' : Number(value.toFixed(2)).toString());

/** Past this many edges the drawing leaves their labels out (they overlap); the legend says where to read them. */
export const MAX_EDGE_LABELS = 12;

function finish(title: string, nodes: SnapshotNode[], edges: SnapshotEdge[]): SnapshotGraph {
  const ids = new Set(nodes.map((n) => n.id));
  const kept = edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const kinds = [...new Set(kept.map((e) => e.kind))];
  const legendText = (kind: string) => (kept.length <= MAX_EDGE_LABELS ? LEGEND[kind] : LEGEND[kind].replace(/; labelled with (.*)$/, '; click a tool to read $1 (too many edges to label them all)'));
  return { title, nodes, edges: kept, legend: kinds.filter((k) => LEGEND[k]).map((kind) => ({ kind, text: legendText(kind) })) };
}

/** Options of the AutoTool drawing: how many of the strongest transitions, and parameter edges among the drawn tools. */
export interface InertiaOptions {
  top?: number;
  params?: boolean;
}

function autotool(snapshot: Record<string, unknown>, options: InertiaOptions): SnapshotGraph {
  const data = parseInertia(snapshot);
  const candidates = drawable(data.transitions).length;
  const kept = strongest(data.transitions, options.top ?? defaultTop(data.transitions));
  const edges: SnapshotEdge[] = kept.map((t) => ({
    id: `t${t.order}`,
    source: t.source,
    target: t.target,
    kind: t.inertialCount > 0 ? 'inertial' : 'transition',
    label: fixed(t.weight),
    weight: t.weight,
    order: t.order,
    ...(t.firstTask !== undefined ? { firstTask: t.firstTask } : {}),
  }));
  const shown = new Set(kept.flatMap((t) => [t.source, t.target]));
  if (options.params) {
    data.params.forEach((p, i) => {
      if (p.source !== p.target && shown.has(p.source) && shown.has(p.target)) edges.push({ id: `p${i}`, source: p.source, target: p.target, kind: 'parameter', label: p.param, ...(p.firstTask !== undefined ? { firstTask: p.firstTask } : {}) });
    });
  }
  const nodes = data.tools.filter((t) => shown.has(t.id)).map((t) => ({ id: t.id, label: t.id, meta: `used ${t.count}×` }));
  const graph = { ...finish('AutoTool tool inertia graph', nodes, edges), kind: 'autotool' as const };
  return kept.length < candidates || nodes.length < data.tools.length
    ? { ...graph, note: `Showing the ${kept.length} strongest of ${candidates} transitions between tools (by feedback weight) and the ${nodes.length} of ${data.tools.length} tools they link; a tool calling itself is listed when you pick it.` }
    : graph;
}

/**
 * What an edge of ToolExpNet's network says (section 3.1): its kind, whether a trial showed the
 * dependency, and its trials with their failures, whose rate is the edge's sampling weight. An
 * edge no trial used keeps the initial weight 1: "untried".
 */
function networkEdgeLabel(e: Record<string, unknown>): string {
  const attempts = num(e.attempts);
  const errors = num(e.errors) ?? 0;
  const kind = e.type === 'dependency' ? (e.confirmed === true ? 'feeds (seen)' : 'feeds') : 'similar';
  if (attempts === undefined) return [kind, fixed(num(e.weight))].filter(Boolean).join(' · ');
  return attempts > 0 ? `${kind} · ${errors}/${attempts} failed` : `${kind} · untried`;
}

/**
 * What the ToolExpNet drawing keeps of a network (issue 42: 185 edges drawn at once read as a
 * tangle): the `top` edges that say the most (most tried, then highest error rate, then confirmed),
 * among those touching a tool whose name holds `tool`, whose trials failed at least `minErrorRate`
 * (0-1; above 0 an untried edge is left out); or, with `focus`, one tool and every edge it has.
 */
export interface NetworkOptions {
  top?: number;
  tool?: string;
  minErrorRate?: number;
  focus?: string;
}

/** Edges a ToolExpNet drawing opens on: past this, top edges first and a slider for more. */
export const DEFAULT_NETWORK_TOP = 24;

/** What the network drawing left out and why (the controls read it). */
export interface NetworkFilter {
  /** Edges in the snapshot. */
  total: number;
  /** Edges the tool and error-rate filters (or the focus) keep, before `top`. */
  candidates: number;
  /** The `top` in force (every candidate when focused). */
  top: number;
  /** Tools of the network, for the tool filter's suggestions. */
  tools: string[];
  focus?: string;
}

const errorRate = (e: Record<string, unknown>) => {
  const attempts = num(e.attempts) ?? 0;
  return attempts > 0 ? (num(e.errors) ?? 0) / attempts : undefined;
};

function toolexpnet(snapshot: Record<string, unknown>, options: NetworkOptions = {}): SnapshotGraph & { filter: NetworkFilter } {
  const nodes = list(snapshot.nodes).map((n) => ({
    id: text(n.id),
    label: text(n.tool) || text(n.id),
    meta: text(n.guidance) ? 'has guidance' : '',
    detail: text(n.guidance) || undefined,
  }));
  const labelOf = new Map(nodes.map((n) => [n.id, n.label]));
  const all = list(snapshot.edges);
  const indexed = all.map((e, i) => ({ e, i }));
  const focus = options.focus && labelOf.has(options.focus) ? options.focus : undefined;
  const needle = (options.tool ?? '').trim().toLowerCase();
  const matches = (id: string) => id.toLowerCase().includes(needle) || (labelOf.get(id) ?? '').toLowerCase().includes(needle);
  const min = options.minErrorRate ?? 0;
  const candidates = indexed.filter(({ e }) => {
    const source = text(e.source);
    const target = text(e.target);
    if (focus && source !== focus && target !== focus) return false;
    if (!focus && needle && !matches(source) && !matches(target)) return false;
    if (min > 0 && !((errorRate(e) ?? -1) >= min - 1e-9)) return false;
    return true;
  });
  const top = focus ? candidates.length : Math.max(1, Math.min(options.top ?? DEFAULT_NETWORK_TOP, MAX_NETWORK_EDGES));
  const drawn = mostTelling(candidates, top);
  const edges = drawn.map(({ e, i }) => ({
    id: `e${i}`,
    source: text(e.source),
    target: text(e.target),
    kind: e.type === 'dependency' ? 'dependency' : 'similarity',
    label: networkEdgeLabel(e),
  }));
  const pruned = drawn.length < all.length;
  // Legibility: tools with no drawn edge are left out; when nothing is pruned, those with guidance stay.
  const linked = new Set([...edges.flatMap((e) => [e.source, e.target]), ...(focus ? [focus] : [])]);
  const shown = nodes.filter((n) => linked.has(n.id) || (!pruned && n.detail));
  const graph = { ...finish('ToolExpNet tool network', shown, edges), kind: 'toolexpnet' as const };
  const filters = [
    ...(focus ? [`the edges of ${labelOf.get(focus)}`] : []),
    ...(!focus && needle ? [`touching a tool named like "${options.tool!.trim()}"`] : []),
    ...(min > 0 ? [`whose trials failed ${Math.round(min * 100)}% or more`] : []),
  ];
  const notes = [
    ...(pruned
      ? [`Drawing ${drawn.length} of ${all.length.toLocaleString('en-US')} edges${filters.length ? ` (${filters.join(', ')})` : ''}: the most tried first, then the highest error rate, then the dependencies a trial confirmed.`]
      : []),
    ...(shown.length < nodes.length ? [`Showing ${shown.length} of ${nodes.length} tools: those with ${pruned ? 'a drawn edge' : 'an edge'}${pruned ? '' : ' or learned guidance'}.`] : []),
  ];
  const filter: NetworkFilter = { total: all.length, candidates: candidates.length, top, tools: nodes.map((n) => n.label).sort(), ...(focus ? { focus } : {}) };
  return { ...(notes.length ? { ...graph, note: notes.join(' ') } : graph), filter };
}

/**
 * Most edges a network drawing holds. Without trials nothing prunes the initial network: over
 * SLATE's 1,000 tools that is about 150,000 edges, which no drawing can show (and which froze
 * the page when drawn whole). Every edge stays in the snapshot and in the tool details.
 */
export const MAX_NETWORK_EDGES = 400;

/** The `limit` edges that say the most, with their indices: tried ones (most first, then highest error rate), then confirmed, then in order. */
function mostTelling(edges: { e: Record<string, unknown>; i: number }[], limit: number): { e: Record<string, unknown>; i: number }[] {
  const rank = (e: Record<string, unknown>) => [num(e.attempts) ?? 0, errorRate(e) ?? 0, e.confirmed === true ? 1 : 0] as const;
  return edges
    .map(({ e, i }) => ({ e, i, r: rank(e) }))
    .sort((a, b) => b.r[0] - a.r[0] || b.r[1] - a.r[1] || b.r[2] - a.r[2] || a.i - b.i)
    .slice(0, limit)
    .sort((a, b) => a.i - b.i)
    .map(({ e, i }) => ({ e, i }));
}

/** The snapshot kinds the page draws (snapshotGraph gives a model for each). */
export const DRAWN_KINDS: ReadonlySet<string> = new Set([INERTIA_GRAPH, TOOL_NETWORK]);

/**
 * The drawable model of a snapshot, or undefined when its kind has no view. Snapshots arrive as
 * data (a stored or opened run), so each field is still checked as it is read.
 */
export function snapshotGraph(snapshot: unknown, options: InertiaOptions & NetworkOptions = {}): SnapshotGraph | undefined {
  if (!isRecord(snapshot)) return undefined;
  if (snapshot.kind === INERTIA_GRAPH) return autotool(snapshot, options);
  if (snapshot.kind === TOOL_NETWORK) return toolexpnet(snapshot, options);
  return undefined;
}
