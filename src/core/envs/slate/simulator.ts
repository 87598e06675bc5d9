import type { SimulationEntry, SlateTool } from './slate-types';
import { equivalentArgs } from './equivalence';

/** The reply of the simulator to one call. */
export interface SimulatedReply {
  output: Record<string, unknown>;
  /** True when the call matched a simulation entry (a context-coherent result). */
  matched: boolean;
  /** Set when the tool does not exist in the library. */
  error?: string;
}

/**
 * The SLATE tool simulator (section 3.4): a call that matches a simulation entry of the case by
 * semantic equivalence gets the entry's output; any other call of a known tool gets the tool's
 * `default_output`. A tool of the same `family` as the entry's (an alias) gets the same answer.
 * References must be resolved before the call reaches it.
 */
export class SlateSimulator {
  private readonly tools: Map<string, SlateTool>;

  constructor(tools: SlateTool[], private readonly entries: SimulationEntry[]) {
    this.tools = new Map(tools.map((tool) => [tool.name, tool]));
  }

  call(tool: string, args: Record<string, unknown>): SimulatedReply {
    const definition = this.tools.get(tool);
    if (!definition) return { output: {}, matched: false, error: `Error: unknown tool "${tool}".` };
    // A call of the entry's tool, or of another member of its family (an alias), with equivalent arguments.
    const family = definition.family;
    const entry = this.entries.find(
      (candidate) => (candidate.tool === tool || (family !== undefined && this.tools.get(candidate.tool)?.family === family)) && equivalentArgs(args, candidate.args),
    );
    return entry ? { output: entry.output, matched: true } : { output: definition.default_output, matched: false };
  }
}
