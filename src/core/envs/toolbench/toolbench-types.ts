import type { ArgValue, Tool } from '../../types';

/** A needed call of a query: the tool, the arguments that work, and what it returns. */
export interface NeededCall {
  tool: string;
  args: Record<string, ArgValue>;
  output: Record<string, ArgValue>;
}

/** The hidden data of a toolbench query (environment-private; the expert reads it). */
export interface ToolbenchTaskData {
  /** Names of the candidate tools offered for this query (ToolBench's API-candidate pool). */
  pool: string[];
  /** The calls that solve it, in order; later ones need ids that earlier ones return. */
  calls: NeededCall[];
  answer: ArgValue;
}

/** The bundled file: the catalogue and the queries. */
export interface ToolbenchFile {
  env: 'toolbench';
  version: 1;
  tools: Tool[];
  tasks: { id: string; goal: string; split: 'train' | 'test'; kind: string; data: ToolbenchTaskData }[];
}

/** Tool-scale levels of EcoAct Figure 3, by the size of the candidate pool. */
export function scaleLevel(poolSize: number): '0-10' | '10-20' | '20+' {
  return poolSize <= 10 ? '0-10' : poolSize <= 20 ? '10-20' : '20+';
}
