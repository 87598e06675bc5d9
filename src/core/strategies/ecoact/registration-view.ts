import type { Action, ActionStyle, Tool } from '../../types';
import type { ToolListing, ToolView } from '../shared/react-loop';
import type { TraceSink } from '../../trace';
import { toolDocLine } from '../../llm/prompts/tool-listing';

/** The meta-tool of EcoAct appendix D.2 (there named `function_register`). */
export const TOOL_REGISTER: Tool = {
  name: 'tool_register',
  description:
    'I have given you a list of tool names; call this to register ONE of them that may be useful now. After you register a tool, its full documentation is shown and you can call it with appropriate inputs.',
  arguments: { properties: { tool_name: { type: 'string', description: 'the name of the tool you want to register' } }, required: ['tool_name'] },
  // How it reads as a command where actions are commands (household): `tool_register go_to`.
  template: 'tool_register {tool_name}',
};

/** Tools a query always has, registered from the start (EcoAct D.1: the agent must always be able to finish). */
const ALWAYS = new Set(['finish']);

/**
 * EcoAct's view of the tools (section 2.2): the prompt lists the names of all candidate tools and
 * the full docs of the registered ones only; `tool_register` registers one tool per step; a call of
 * a tool not registered yet fails. The registered set grows over the task and is counted.
 */
export class RegistrationView implements ToolView {
  readonly registered = new Set<string>();
  private readonly byName: Map<string, Tool>;

  constructor(
    private readonly tools: Tool[],
    private readonly style: ActionStyle,
    private readonly emit: TraceSink,
  ) {
    this.byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const tool of tools) if (ALWAYS.has(tool.name)) this.registered.add(tool.name);
  }

  /** Candidate tools, not counting `finish`. */
  get available(): number {
    return this.tools.filter((tool) => !ALWAYS.has(tool.name)).length;
  }

  listing(): ToolListing {
    const registered = this.tools.filter((tool) => this.registered.has(tool.name));
    const unregistered = this.tools.filter((tool) => !this.registered.has(tool.name));
    return {
      toolLines: [...registered, TOOL_REGISTER].map((tool) => toolDocLine(tool, this.style)),
      toolNote: unregistered.length
        ? `Tools you can register with tool_register (names only; register one per step, then call it): ${unregistered.map((tool) => tool.name).join(', ')}.`
        : undefined,
      // What the model chooses among: registered tools and tool_register by their docs, the others by name only.
      options: [
        ...[...registered, TOOL_REGISTER].map((tool) => ({ name: tool.name, shown: toolDocLine(tool, this.style) })),
        ...unregistered.map((tool) => ({ name: tool.name, shown: tool.name })),
      ],
      parseTools: [...this.tools, TOOL_REGISTER],
    };
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
