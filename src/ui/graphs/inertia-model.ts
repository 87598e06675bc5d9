import type { TraceEvent } from '../../core/trace';

/**
 * AutoTool's Tool Inertia Graph as the page reads it from a snapshot (ToolInertiaGraph.snapshot):
 * tools with their use counts, tool-to-tool transitions with their counts, inertial counts and
 * feedback weights, and parameter dependency edges, each with the task that first recorded it when
 * the snapshot says (see inertia-replay.ts). Pure functions for the graph view: which transitions
 * to draw (the strongest by weight), what the graph learned about one tool, and the inertial calls
 * made with it (from the run's traces).
 */
export interface InertiaTransition {
  source: string;
  target: string;
  count: number;
  inertialCount: number;
  /** Sum of the feedback weights of the steps that took it (+1 / -1 inertial, +0.5 / -0.5 model). */
  weight: number;
  /**
   * Rank of first appearance in the run: the snapshot lists transitions in the order the graph
   * first recorded them (insertion order of its map).
   */
  order: number;
  /** Ordinal (0-based) of the task that first took it; absent from snapshots stored before it was recorded. */
  firstTask?: number;
}

export interface InertiaParamEdge {
  source: string;
  target: string;
  /** `sourceParam → targetParam`. */
  param: string;
  count: number;
  firstTask?: number;
}

/** One task of the stream, in run order (the snapshot's `tasks`). */
export interface InertiaTask {
  taskId: string;
  steps: number;
  inertialCalls: number;
}

export interface InertiaData {
  tools: { id: string; count: number; firstTask?: number }[];
  transitions: InertiaTransition[];
  params: InertiaParamEdge[];
  /** Stored tool paths (appendix A), when the snapshot says. */
  paths?: number;
  /** The tasks in the order the stream ran them, when the snapshot says. */
  tasks?: InertiaTask[];
}

/** How many transitions the view draws at first. */
export const DEFAULT_TOP = 15;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** `{ firstTask }` when the record carries a valid task ordinal, else nothing. */
const first = (record: Record<string, unknown>) => {
  const task = num(record.firstTask);
  return task !== undefined && task >= 0 ? { firstTask: Math.floor(task) } : {};
};

/** Reads an `autotool-graph` snapshot; malformed parts are left out. */
export function parseInertia(snapshot: Record<string, unknown>): InertiaData {
  const tools = list(snapshot.nodes)
    .map((n) => ({ id: text(n.id) || text(n.tool), count: num(n.count) ?? 0, ...first(n) }))
    .filter((t) => t.id);
  const transitions = list(snapshot.edges)
    .map((e, order) => ({ source: text(e.source), target: text(e.target), count: num(e.count) ?? 0, inertialCount: num(e.inertialCount) ?? 0, weight: num(e.weight) ?? 0, order, ...first(e) }))
    .filter((t) => t.source && t.target);
  const params = list(snapshot.paramEdges)
    .map((e) => ({ source: text(e.source), target: text(e.target), param: text(e.param) || text(e.label), count: num(e.count) ?? 1, ...first(e) }))
    .filter((p) => p.source && p.target);
  const paths = num(snapshot.paths);
  // Kept in place even when malformed: a task's index is its ordinal.
  const tasks = Array.isArray(snapshot.tasks) ? snapshot.tasks.map((t: unknown) => (isRecord(t) ? { taskId: text(t.taskId), steps: num(t.steps) ?? 0, inertialCalls: num(t.inertialCalls) ?? 0 } : { taskId: '', steps: 0, inertialCalls: 0 })) : undefined;
  return { tools, transitions, params, ...(paths !== undefined ? { paths } : {}), ...(tasks ? { tasks } : {}) };
}

/** Strongest first: by weight, then count, then first appearance. */
export const byStrength = (a: InertiaTransition, b: InertiaTransition) => b.weight - a.weight || b.count - a.count || a.order - b.order;

/** Transitions between two different tools (a tool repeating itself is listed with the tool, not drawn). */
export const drawable = (transitions: InertiaTransition[]) => transitions.filter((t) => t.source !== t.target);

/** The `top` strongest transitions between different tools, strongest first. */
export function strongest(transitions: InertiaTransition[], top: number): InertiaTransition[] {
  return drawable(transitions).sort(byStrength).slice(0, Math.max(0, Math.floor(top)));
}

/** The number drawn at first: the DEFAULT_TOP strongest, or all when fewer. */
export function defaultTop(transitions: InertiaTransition[]): number {
  return Math.min(DEFAULT_TOP, drawable(transitions).length);
}

/** What the graph learned about one tool. */
export interface ToolFacts {
  id: string;
  uses: number;
  /** Transitions from the tool to another, strongest first. */
  outgoing: InertiaTransition[];
  /** Transitions into the tool from another, strongest first. */
  incoming: InertiaTransition[];
  /** The tool called right after itself. */
  repeat?: InertiaTransition;
  /** Parameters of this tool filled from earlier tools' arguments, and those it fed. */
  paramsIn: InertiaParamEdge[];
  paramsOut: InertiaParamEdge[];
  /** Transitions into the tool taken as inertial calls (the graph's record). */
  inertialInto: number;
}

export function toolFacts(data: InertiaData, id: string): ToolFacts {
  const uses = data.tools.find((t) => t.id === id)?.count ?? 0;
  const others = drawable(data.transitions);
  const byCount = (a: InertiaParamEdge, b: InertiaParamEdge) => b.count - a.count || a.param.localeCompare(b.param);
  return {
    id,
    uses,
    outgoing: others.filter((t) => t.source === id).sort(byStrength),
    incoming: others.filter((t) => t.target === id).sort(byStrength),
    repeat: data.transitions.find((t) => t.source === id && t.target === id),
    paramsIn: data.params.filter((p) => p.target === id).sort(byCount),
    paramsOut: data.params.filter((p) => p.source === id).sort(byCount),
    inertialInto: data.transitions.filter((t) => t.target === id).reduce((sum, t) => sum + t.inertialCount, 0),
  };
}

type InertiaEvent = Extract<TraceEvent, { type: 'inertia' }>;

/** One call AutoTool made without the model: its trace event, where it stands in the run, and how it went. */
export type InertialCall = Omit<InertiaEvent, 'type' | 'index'> & {
  taskId: string;
  /** Position of the task in the run (0 = first). */
  task: number;
  step: number;
  /** The step it took succeeded; undefined when the trace has no step for it. */
  ok: boolean | undefined;
};

/**
 * The calls made without the model in the given traces (in run order), with how each went.
 * `position` is the task's place in the run (the index in `traces` when absent).
 */
export function inertialCalls(traces: { taskId: string; events: TraceEvent[]; position?: number }[]): InertialCall[] {
  const out: InertialCall[] = [];
  traces.forEach(({ taskId, events, position }, index) => {
    const task = position ?? index;
    events.forEach((event, at) => {
      if (event.type !== 'inertia') return;
      const step = events.slice(at + 1).find((e): e is Extract<TraceEvent, { type: 'step' }> => e.type === 'step' && e.index === event.index);
      const { type: _type, index, ...call } = event;
      out.push({ ...call, taskId, task, step: index, ok: step?.ok });
    });
  });
  return out;
}

/** Per task in run order: inertial calls and those that succeeded, from the results' metrics. */
export function coldStart(results: { taskId: string; metrics: Record<string, number> }[]): { taskId: string; calls: number; ok: number }[] {
  return results.map((r) => ({ taskId: r.taskId, calls: r.metrics.inertialCalls ?? 0, ok: r.metrics.inertialOk ?? 0 }));
}
