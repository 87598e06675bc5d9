/**
 * What strategies that build something over a run show of it (StrategyInstance.snapshot), as one
 * typed union: the page draws each kind, and a new kind is added here with its view.
 */

/**
 * AutoTool's Tool Inertia Graph (AutoTool section 4.3): tools, transitions, parameter edges. The
 * graph is built online from a cold start (section 4.3, appendix A), so each part carries
 * `firstTask`: the ordinal (0-based, in the order the stream ran its tasks) of the task that first
 * recorded it, and `tasks` lists those tasks; together they replay the graph task by task. Both are
 * optional: runs stored before they existed lack them.
 */
export interface InertiaGraphSnapshot {
  kind: 'autotool-graph';
  nodes: { id: string; tool: string; count: number; firstTask?: number }[];
  /** Transitions in the order the run first recorded them. */
  edges: { source: string; target: string; count: number; inertialCount: number; weight: number; firstTask?: number }[];
  paramEdges: { source: string; target: string; param: string; count: number; firstTask?: number }[];
  paths: number;
  /** The stream's tasks in the order it ran them (index = ordinal): environment steps, calls made without the model. */
  tasks?: { taskId: string; steps: number; inertialCalls: number }[];
}

/** One learning round's trials over an edge of ToolExpNet's network (section 3.1: its error rate sets the edge's next weight). */
export interface EdgeRound {
  /** 0-based learning round (iteration). */
  round: number;
  attempts: number;
  errors: number;
}

/** A training query the actor attempted with a tool (section 3.1), as listed for that tool. */
export interface ToolTrial {
  /** 0-based learning round. */
  round: number;
  /** The query, at most about 120 characters. */
  goal: string;
  success: boolean;
}

/**
 * ToolExpNet's tool network (ToolExpNet section 3): tools with their guidance, typed and weighted
 * edges. Optional (absent from runs stored before them, and from the "w/o trial" ablation): per
 * edge its attempts and errors by round (rounds with no attempt left out; they sum to the edge's
 * `attempts` and `errors`), per tool its latest trials (`trials`, at most TOOL_TRIALS_KEPT) of
 * `trialCount` in all, and the number of learning rounds.
 */
export interface ToolNetworkSnapshot {
  kind: 'toolexpnet-network';
  nodes: { id: string; tool: string; guidance: string; trials?: ToolTrial[]; trialCount?: number }[];
  edges: { source: string; target: string; type: 'similarity' | 'dependency'; weight: number; attempts: number; errors: number; confirmed: boolean; rounds?: EdgeRound[] }[];
  rounds?: number;
}

/** How many of a tool's trials a network snapshot lists (the latest). */
export const TOOL_TRIALS_KEPT = 5;

export type StrategySnapshot = InertiaGraphSnapshot | ToolNetworkSnapshot;

/** The kinds, for readers of snapshots that arrive as data (a stored or opened run). */
export const INERTIA_GRAPH: InertiaGraphSnapshot['kind'] = 'autotool-graph';
export const TOOL_NETWORK: ToolNetworkSnapshot['kind'] = 'toolexpnet-network';
