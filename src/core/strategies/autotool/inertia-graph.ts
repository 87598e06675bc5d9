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
}

/** Confidence constant k of the Inertia Confidence Factor ICF = 1 - k^(-W_total) (appendix A). */
export const ICF_BASE = 1.1;

export class ToolInertiaGraph {
  private readonly paths: ToolPath[] = [];
  /** path_index: tool name -> ids of paths that contain it (appendix A). */
  private readonly pathIndex = new Map<string, Set<number>>();
  private readonly lookup = new Map<string, number>();
  readonly transitions = new Map<string, Transition>();
  readonly uses = new Map<string, number>();
  /** ParamEdges: target tool -> target param -> "sourceTool.sourceParam" -> count (appendix A). */
  readonly paramEdges = new Map<string, Map<string, Map<string, number>>>();

  /** Adds `weight` to the path `tools` (a new path starts at 0 and gets it). */
  recordPath(tools: string[], weight: number): void {
    const key = tools.join('\u0000');
    let id = this.lookup.get(key);
    if (id === undefined) {
      id = this.paths.push({ tools: [...tools], frequency: 0 }) - 1;
      this.lookup.set(key, id);
      for (const tool of tools) {
        let ids = this.pathIndex.get(tool);
        if (!ids) this.pathIndex.set(tool, (ids = new Set()));
        ids.add(id);
      }
    }
    this.paths[id].frequency += weight;
  }

  /** Counts a step for display: the tool's use and the transition from the tool before it. */
  recordStep(previous: string | undefined, tool: string, weight: number, inertial: boolean): void {
    this.uses.set(tool, (this.uses.get(tool) ?? 0) + 1);
    if (!previous) return;
    const key = `${previous}\u0000${tool}`;
    const transition = this.transitions.get(key) ?? { count: 0, inertialCount: 0, weight: 0 };
    transition.count++;
    if (inertial) transition.inertialCount++;
    transition.weight += weight;
    this.transitions.set(key, transition);
  }

  /** Strengthens the dependency edge `source` -> `target.param` (section 4.4, parameter dependency edges). */
  recordParamEdge(targetTool: string, targetParam: string, source: string): void {
    let byParam = this.paramEdges.get(targetTool);
    if (!byParam) this.paramEdges.set(targetTool, (byParam = new Map()));
    let sources = byParam.get(targetParam);
    if (!sources) byParam.set(targetParam, (sources = new Map()));
    sources.set(source, (sources.get(source) ?? 0) + 1);
  }

  /** Sources of a parameter, strongest first. */
  paramSources(tool: string, param: string): { tool: string; param: string; count: number }[] {
    return [...(this.paramEdges.get(tool)?.get(param) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([source, count]) => {
        const [sourceTool, sourceParam] = source.split('.');
        return { tool: sourceTool, param: sourceParam, count };
      });
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

  /** A JSON view for the page: tools with their use counts, transitions, parameter edges. */
  snapshot(): InertiaGraphSnapshot {
    const tools = new Set([...this.uses.keys()]);
    return {
      kind: 'autotool-graph',
      nodes: [...tools].sort().map((tool) => ({ id: tool, tool, count: this.uses.get(tool) ?? 0 })),
      edges: [...this.transitions].map(([key, t]) => {
        const [source, target] = key.split('\u0000');
        return { source, target, count: t.count, inertialCount: t.inertialCount, weight: Number(t.weight.toFixed(2)) };
      }),
      paramEdges: [...this.paramEdges].flatMap(([target, byParam]) =>
        [...byParam].flatMap(([param, sources]) =>
          [...sources].filter(([source]) => source.split('.')[0] !== target).map(([source, count]) => ({ source: source.split('.')[0], target, param: `${source.split('.')[1]} → ${param}`, count })),
        ),
      ),
      paths: this.paths.length,
    };
  }
}
