/**
 * What strategies build over a run (StrategyInstance.snapshot) as one node-link model the page
 * can draw: AutoTool's tool inertia graph and ToolExpNet's tool network. Snapshots are data from
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
}

export interface SnapshotGraph {
  title: string;
  /** Set when some edges or nodes are left out to keep the drawing legible. */
  note?: string;
  /** One line per edge kind that appears, saying how it is drawn. */
  legend: { kind: string; text: string }[];
  nodes: SnapshotNode[];
  edges: SnapshotEdge[];
}

const LEGEND: Record<string, string> = {
  transition: 'solid: tool-to-tool transition, labelled with its weight and count',
  inertial: 'thick orange: a transition also taken as an inertial call (no LLM call)',
  parameter: 'dotted: a parameter filled from an earlier tool’s output',
  similarity: 'dashed: similar tools the model should not confuse; labelled with the trials that used both and how many failed',
  dependency: 'solid arrow: one tool’s output feeds another’s input ("seen" once a trial passed an id along it); labelled with its trials and failures',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const fixed = (value: number | undefined) => (value === undefined ? '' : Number(value.toFixed(2)).toString());

function finish(title: string, nodes: SnapshotNode[], edges: SnapshotEdge[]): SnapshotGraph {
  const ids = new Set(nodes.map((n) => n.id));
  const kept = edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const kinds = [...new Set(kept.map((e) => e.kind))];
  return { title, nodes, edges: kept, legend: kinds.filter((k) => LEGEND[k]).map((kind) => ({ kind, text: LEGEND[kind] })) };
}

function autotool(snapshot: Record<string, unknown>): SnapshotGraph {
  const nodes = list(snapshot.nodes).map((n) => ({ id: text(n.id), label: text(n.tool) || text(n.id), meta: num(n.count) !== undefined ? `used ${n.count}×` : '' }));
  const edges: SnapshotEdge[] = list(snapshot.edges).map((e, i) => ({
    id: `t${i}`,
    source: text(e.source),
    target: text(e.target),
    kind: (num(e.inertialCount) ?? 0) > 0 ? 'inertial' : 'transition',
    label: [fixed(num(e.weight)), num(e.count) !== undefined ? `${e.count}×` : '', (num(e.inertialCount) ?? 0) > 0 ? `${e.inertialCount} inertial` : ''].filter(Boolean).join(' · '),
  }));
  list(snapshot.paramEdges).forEach((e, i) =>
    edges.push({ id: `p${i}`, source: text(e.source), target: text(e.target), kind: 'parameter', label: text(e.param) || text(e.label) }),
  );
  // Legibility: per tool its two most frequent transitions, every inertial one, and no self-loops.
  const counts = new Map(list(snapshot.edges).map((e, i) => [`t${i}`, num(e.count) ?? 0]));
  const kept = edges.filter((edge) => {
    if (edge.source === edge.target) return false;
    if (edge.kind !== 'transition') return true;
    const siblings = edges.filter((e) => e.kind === 'transition' && e.source === edge.source).sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0));
    return siblings.indexOf(edge) < 2;
  });
  const graph = finish('AutoTool tool inertia graph', nodes, kept);
  return kept.length < edges.length ? { ...graph, note: `Showing ${kept.length} of ${edges.length} edges: each tool's two most frequent transitions, every inertial transition and parameter edge.` } : graph;
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

function toolexpnet(snapshot: Record<string, unknown>): SnapshotGraph {
  const nodes = list(snapshot.nodes).map((n) => ({
    id: text(n.id),
    label: text(n.tool) || text(n.id),
    meta: text(n.guidance) ? 'has guidance' : '',
    detail: text(n.guidance) || undefined,
  }));
  const edges = list(snapshot.edges).map((e, i) => ({
    id: `e${i}`,
    source: text(e.source),
    target: text(e.target),
    kind: e.type === 'dependency' ? 'dependency' : 'similarity',
    label: networkEdgeLabel(e),
  }));
  // Legibility: tools with no edge and no guidance are left out.
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  const shown = nodes.filter((n) => linked.has(n.id) || n.detail);
  const graph = finish('ToolExpNet tool network', shown, edges);
  return shown.length < nodes.length ? { ...graph, note: `Showing ${shown.length} of ${nodes.length} tools: those with an edge or learned guidance.` } : graph;
}

/** The drawable model of a snapshot, or undefined when its kind has no view. */
export function snapshotGraph(snapshot: unknown): SnapshotGraph | undefined {
  if (!isRecord(snapshot)) return undefined;
  if (snapshot.kind === 'autotool-graph') return autotool(snapshot);
  if (snapshot.kind === 'toolexpnet-network') return toolexpnet(snapshot);
  return undefined;
}
