import { FINISH_TOOL, type Action, type ActionStyle, type Tool } from '../../types';
import type { ToolListing, ToolView } from '../common/react-loop';
import type { TraceSink } from '../../trace';
import { toolDocLine } from '../../llm/prompts/tool-listing';

/** The meta-tool of EcoAct appendix D.2 (there named `function_register`). */
export const TOOL_REGISTER: Tool = {
  name: 'tool_register',
  description:
    "Registers one of the tools the user's query names: pick the one most useful now. Once it is registered you see its full documentation and can call it with suitable inputs.",
  arguments: { properties: { tool_name: { type: 'string', description: 'the name of the tool you want to register' } }, required: ['tool_name'] },
  // How it reads as a command where actions are commands (household): `tool_register go_to`.
  template: 'tool_register {tool_name}',
};

/** Tools a query always has, registered from the start (EcoAct D.1: the agent must always be able to finish). */
const ALWAYS = new Set([FINISH_TOOL]);

/**
 * EcoAct's rules of registration, in the system prompt beside the callable tools: appendix D.1's
 * two additions to the ReAct prompt of D.3 (every function is registered before use; never call
 * one not registered), in our words.
 */
export const REGISTRATION_RULES =
  'Only the tools above can be called now. Every other tool must first be registered with tool_register, by one of the names the user gives, before you can use it; registering shows its documentation. Never call a tool you have not registered successfully.';

/**
 * EcoAct's view of the tools (section 2.2). The action space starts as the meta-tool alone
 * (A_0 = {tool_register}, plus `finish`) and grows by one registered tool per registration: the
 * prompt documents and offers exactly the registered tools and `tool_register`. The names of all
 * candidate tools come with the user's query (a user message of their own before the first
 * observation), not in the system prompt. A call of a tool not registered yet is refused.
 */
export class RegistrationView implements ToolView {
  readonly registered = new Set<string>();
  readonly queryNote: string;
  private readonly byName: Map<string, Tool>;
  private last: { count: number; listing: ToolListing } | undefined;

  constructor(
    private readonly tools: Tool[],
    private readonly style: ActionStyle,
    private readonly emit: TraceSink,
  ) {
    this.byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const tool of tools) if (ALWAYS.has(tool.name)) this.registered.add(tool.name);
    const names = tools.filter((tool) => !ALWAYS.has(tool.name)).map((tool) => tool.name);
    this.queryNote = `Tool names you can register with tool_register (one per step, then call it): ${names.join(', ')}.`;
  }

  /** Candidate tools, not counting `finish`. */
  get available(): number {
    return this.tools.filter((tool) => !ALWAYS.has(tool.name)).length;
  }

  listing(): ToolListing {
    // A new listing only when a registration changed what it shows (listings are never changed in place).
    if (this.last?.count === this.registered.size) return this.last.listing;
    const callable = [...this.tools.filter((tool) => this.registered.has(tool.name)), TOOL_REGISTER];
    const toolLines = callable.map((tool) => toolDocLine(tool, this.style));
    const listing: ToolListing = {
      toolLines,
      toolNote: REGISTRATION_RULES,
      options: callable.map((tool, i) => ({ name: tool.name, shown: toolLines[i] })),
      // Parsed against every tool, so a model that writes an unregistered tool's call gets told why it is refused.
      parseTools: [...this.tools, TOOL_REGISTER],
    };
    this.last = { count: this.registered.size, listing };
    return listing;
  }

  intercept(action: Action, step: number): { observation: string; ok: boolean } | undefined {
    if (action.tool === TOOL_REGISTER.name) {
      const name = String(action.args.tool_name ?? '').trim();
      const tool = this.byName.get(name);
      if (!tool) return { observation: `Error: "${name}" is not one of the tool names listed; register one listed name per step.`, ok: false };
      if (this.registered.has(name)) return { observation: `${name} is already registered; call it.`, ok: true };
      this.registered.add(name);
      this.emit({ type: 'register', index: step, tool: name, registered: this.registeredCount(), available: this.available });
      return { observation: `Registered ${name}. Its documentation:\n${toolDocLine(tool, this.style)}`, ok: true };
    }
    if (this.byName.has(action.tool) && !this.registered.has(action.tool)) {
      return { observation: `Error: ${action.tool} is not registered yet. Call tool_register with its name first.`, ok: false };
    }
    return undefined;
  }

  /** Tools registered by the agent (not counting those registered from the start). */
  registeredCount(): number {
    return [...this.registered].filter((name) => !ALWAYS.has(name)).length;
  }
}
