import type { InertiaGraphSnapshot } from '../snapshots';
/**
 * The Tool Inertia Graph of AutoTool (section 4.3 and appendix A): tool paths with frequencies and
 * a path index for prediction, tool-to-tool transitions for display, and parameter dependency edges
 * (which earlier tool's argument fed a later tool's parameter). Built online from a cold start.
 */

/** A stored tool sequence and its frequency (appendix A, ToolPaths). */
interface ToolPath {
  tools: string[];
  frequency: number;
}

/** A tool-to-tool transition as seen over the run (for the page's graph view). */
export interface Transition {
  count: number;
  inertialCount: number;
  /** Sum of the feedback weights of the steps that took it. */
  weight: number;
  /** Ordinal of the task (0-based, in the order the stream ran them) that first took it; unset outside a task. */
  firstTask?: number;
}

/** One task of the stream as the graph saw it (the cold start of AutoTool section 5.1, replayed on the page). */
export interface TaskRecord {
  taskId: string;
  /** Environment steps the task took (its outcome's `steps`). */
  steps: number;
  /** Calls made without the model in the task. */
  inertialCalls: number;
}

/**
 * Where a parameter's value came from: an input argument or an output field of a tool (AutoTool
 * appendix A: "an output value or input value from a particular source_param of a source_tool").
 * An output field is a dotted path into the tool's structured output (`items.0.id`).
 */
export interface ParamSource {
  tool: string;
  field: string;
  output: boolean;
}

const sourceKey = (source: ParamSource) => `${source.tool}\u0000${source.output ? 'out' : 'in'}\u0000${source.field}`;

function sourceOf(key: string): ParamSource {
  const [tool, side, field] = key.split('\u0000');
  return { tool, field, output: side === 'out' };
}

/** The initial weight of a new path learned from a successful step (AutoTool section 4.4: "typically with an initial weight of 1"). */
export const INITIAL_PATH_WEIGHT = 1;

/** Confidence constant k of the Inertia Confidence Factor ICF = 1 - k^(-W_total) (appendix A). */
export const ICF_BASE = 1.1;

export class ToolInertiaGraph {
  private readonly paths: ToolPath[] = [];
  /** path_index: tool name -> ids of paths that contain it (appendix A). */
  private readonly pathIndex = new Map<string, Set<number>>();
  private readonly lookup = new Map<string, number>();
  readonly transitions = new Map<string, Transition>();
  readonly uses = new Map<string, number>();
  /** ParamEdges: target tool -> target param -> source (see sourceKey) -> count (appendix A). */
  readonly paramEdges = new Map<string, Map<string, Map<string, number>>>();
  /** The tasks run so far, in order; the last one is under way between startTask and finishTask. */
  readonly tasks: TaskRecord[] = [];
  /** The ordinal of the task under way (firstTask of what it records first). */
  private task: number | undefined;
  /** Tool -> ordinal of the task that first used it. */
  private readonly toolFirstTask = new Map<string, number>();
  /** "target\0param\0source" -> ordinal of the task that first recorded that parameter edge. */
  private readonly paramFirstTask = new Map<string, number>();

  /**
   * Marks the start of a task: what is first recorded from now on belongs to it. Recording only,
   * for the page's replay (AutoTool section 4.3 builds the graph online, task after task).
   */
  startTask(taskId: string): void {
    this.task = this.tasks.push({ taskId, steps: 0, inertialCalls: 0 }) - 1;
  }

  /** Closes the task under way with what it took. */
  finishTask(steps: number, inertialCalls: number): void {
    const record = this.task === undefined ? undefined : this.tasks[this.task];
    if (record) Object.assign(record, { steps, inertialCalls });
    this.task = undefined;
  }

  /**
   * Records the path `tools` with feedback `weight`. A new path starts at INITIAL_PATH_WEIGHT
   * (section 4.4) when the feedback is positive, and at the (negative) weight of a failed chain
   * otherwise (appendix A: "a tool call chain with a negative frequency"); a known path adds the weight.
   */
  recordPath(tools: string[], weight: number): void {
    const key = tools.join('\u0000');
    let id = this.lookup.get(key);
    if (id === undefined) {
      id = this.paths.push({ tools: [...tools], frequency: weight > 0 ? INITIAL_PATH_WEIGHT : weight }) - 1;
      this.lookup.set(key, id);
      for (const tool of tools) {
        let ids = this.pathIndex.get(tool);
        if (!ids) this.pathIndex.set(tool, (ids = new Set()));
        ids.add(id);
      }
      return;
    }
    this.paths[id].frequency += weight;
  }

  /** Counts a step for display: the tool's use and the transition from the tool before it. */
  recordStep(previous: string | undefined, tool: string, weight: number, inertial: boolean): void {
    this.uses.set(tool, (this.uses.get(tool) ?? 0) + 1);
    if (this.task !== undefined && !this.toolFirstTask.has(tool)) this.toolFirstTask.set(tool, this.task);
    if (!previous) return;
    const key = `${previous}\u0000${tool}`;
    const transition: Transition = this.transitions.get(key) ?? { count: 0, inertialCount: 0, weight: 0, ...(this.task !== undefined ? { firstTask: this.task } : {}) };
    transition.count++;
    if (inertial) transition.inertialCount++;
    transition.weight += weight;
    this.transitions.set(key, transition);
  }

  /** Strengthens the dependency edge `from` -> `target.param` (section 4.4, parameter dependency edges). */
  recordParamEdge(targetTool: string, targetParam: string, from: ParamSource): void {
    const source = sourceKey(from);
    let byParam = this.paramEdges.get(targetTool);
    if (!byParam) this.paramEdges.set(targetTool, (byParam = new Map()));
    let sources = byParam.get(targetParam);
    if (!sources) byParam.set(targetParam, (sources = new Map()));
    sources.set(source, (sources.get(source) ?? 0) + 1);
    const key = `${targetTool}\u0000${targetParam}\u0000${source}`;
    if (this.task !== undefined && !this.paramFirstTask.has(key)) this.paramFirstTask.set(key, this.task);
  }

  /** Sources of a parameter, strongest first. */
  paramSources(tool: string, param: string): (ParamSource & { count: number })[] {
    return [...(this.paramEdges.get(tool)?.get(param) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([source, count]) => ({ ...sourceOf(source), count }));
  }

  /**
   * Candidate next tools after `window` (appendix A, Tool Prediction): paths that contain every
   * window tool (path-index intersection), the first contiguous occurrence of the window, and the
   * tool right after it, which gains that path's frequency.
   */
  candidates(recent: string[]): Map<string, number> {
    const out = new Map<string, number>();
    if (recent.length === 0) return out;
    let ids: Set<number> | undefined;
    for (const tool of recent) {
      const withTool = this.pathIndex.get(tool) ?? new Set<number>();
      ids = ids ? new Set([...ids].filter((id) => withTool.has(id))) : new Set(withTool);
    }
    for (const id of [...(ids ?? [])].sort((a, b) => a - b)) {
      const { tools, frequency } = this.paths[id];
      for (let start = 0; start + recent.length < tools.length; start++) {
        if (recent.every((tool, i) => tools[start + i] === tool)) {
          const next = tools[start + recent.length];
          out.set(next, (out.get(next) ?? 0) + frequency);
          break;
        }
      }
    }
    return out;
  }

  /**
   * Score_freq per candidate (appendix A): ICS(c) = (w(c) / W_total) * (1 - k^(-W_total)), over the
   * candidates with positive weight; none while W_total is not positive.
   */
  frequencyScores(recent: string[]): Map<string, number> {
    const positive = [...this.candidates(recent)].filter(([, weight]) => weight > 0);
    const total = positive.reduce((sum, [, weight]) => sum + weight, 0);
    if (total <= 0) return new Map();
    const factor = 1 - ICF_BASE ** -total;
    return new Map(positive.map(([tool, weight]) => [tool, (weight / total) * factor]));
  }

  /**
   * A JSON view for the page: tools with their use counts, transitions, parameter edges, each with
   * the task that first recorded it, and the tasks in the order they ran.
   */
  snapshot(): InertiaGraphSnapshot {
    const tools = new Set([...this.uses.keys()]);
    const first = (task: number | undefined) => (task !== undefined ? { firstTask: task } : {});
    return {
      kind: 'autotool-graph',
      nodes: [...tools].sort().map((tool) => ({ id: tool, tool, count: this.uses.get(tool) ?? 0, ...first(this.toolFirstTask.get(tool)) })),
      edges: [...this.transitions].map(([key, t]) => {
        const [source, target] = key.split('\u0000');
        return { source, target, count: t.count, inertialCount: t.inertialCount, weight: Number(t.weight.toFixed(2)), ...first(t.firstTask) };
      }),
      paramEdges: [...this.paramEdges].flatMap(([target, byParam]) =>
        [...byParam].flatMap(([param, sources]) =>
          [...sources]
            .map(([key, count]) => ({ key, from: sourceOf(key), count }))
            .filter(({ from }) => from.tool !== target)
            .map(({ key, from, count }) => ({
              source: from.tool,
              target,
              param: `${from.output ? `output ${from.field}` : from.field} → ${param}`,
              count,
              ...first(this.paramFirstTask.get(`${target}\u0000${param}\u0000${key}`)),
            })),
        ),
      ),
      paths: this.paths.length,
      ...(this.tasks.length > 0 ? { tasks: this.tasks.map((task) => ({ ...task })) } : {}),
    };
  }
}
