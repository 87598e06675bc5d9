/**
 * What strategies that build something over a run show of it (StrategyInstance.snapshot), as one
 * typed union: the page draws each kind, and a new kind is added here with its view.
 */

/** AutoTool's Tool Inertia Graph (AutoTool section 4.3): tools, transitions, parameter edges. */
export interface InertiaGraphSnapshot {
  kind: 'autotool-graph';
  nodes: { id: string; tool: string; count: number }[];
  /** Transitions in the order the run first recorded them. */
  edges: { source: string; target: string; count: number; inertialCount: number; weight: number }[];
  paramEdges: { source: string; target: string; param: string; count: number }[];
  paths: number;
}

/** ToolExpNet's tool network (ToolExpNet section 3): tools with their guidance, typed and weighted edges. */
export interface ToolNetworkSnapshot {
  kind: 'toolexpnet-network';
  nodes: { id: string; tool: string; guidance: string }[];
  edges: { source: string; target: string; type: 'similarity' | 'dependency'; weight: number; attempts: number; errors: number; confirmed: boolean }[];
}

export type StrategySnapshot = InertiaGraphSnapshot | ToolNetworkSnapshot;

/** The kinds, for readers of snapshots that arrive as data (a stored or opened run). */
export const INERTIA_GRAPH: InertiaGraphSnapshot['kind'] = 'autotool-graph';
export const TOOL_NETWORK: ToolNetworkSnapshot['kind'] = 'toolexpnet-network';
