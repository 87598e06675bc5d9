import type { ActionStyle, Tool } from '../../types';
import type { ShownOption } from '../language-model';
import { moduleCache, weakCache } from '../../caches';

/**
 * Doc lines per tool and style: a tool is read-only data, and a ReAct prompt on SLATE lists the
 * same 1,000 tools in every task, so one string per line serves every prompt (and every cache
 * keyed on it finds it at once).
 */
const docLines = moduleCache('llm/prompts/tool-listing: doc lines by tool', weakCache<Tool, Partial<Record<ActionStyle, string>>>());

/** The line a prompt shows for one tool, with its full documentation. */
export function toolDocLine(tool: Tool, style: ActionStyle): string {
  let lines = docLines.get(tool);
  if (!lines) docLines.set(tool, (lines = {}));
  return (lines[style] ??= docLineOf(tool, style));
}

function docLineOf(tool: Tool, style: ActionStyle): string {
  if (style === 'command') return `- ${tool.template ?? tool.name}: ${tool.description}`;
  const args = Object.entries(tool.arguments.properties).map(([name, spec]) => {
    const required = tool.arguments.required.includes(name) ? 'required' : 'optional';
    return `"${name}" (${spec.type}, ${required}): ${spec.description}`;
  });
  return `- ${tool.name}: ${tool.description} Arguments: ${args.length ? args.join('; ') : 'none'}.`;
}

/** Each tool's doc line as a ShownOption: what SimLM scores is exactly what the prompt shows. */
export function fullDocOptions(tools: Tool[], style: ActionStyle): ShownOption[] {
  return tools.map((tool) => ({ name: tool.name, shown: toolDocLine(tool, style) }));
}
