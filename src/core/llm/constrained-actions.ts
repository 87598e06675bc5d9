import type { Action, ArgValue, Tool } from '../types';
import type { ShownOption } from './language-model';
import { formatAction, parseCommand, UNKNOWN_COMMAND } from './action-format';
import { commandTemplate } from './sim/read-context';

/**
 * Constrained actions (issue: OpenAI-compatible endpoint): where a server offers structured output
 * (vLLM, llama.cpp's llama-server and Ollama all take `response_format: {type: "json_schema"}`),
 * an act request may ask for the action as a JSON object whose tool is one of the listed options,
 * so a small model always names a real tool. The client turns that object back into the
 * `Think: … / Action: …` reply the strategies parse; serve:sim does the reverse.
 */

/** The reply object a constrained act request asks for. */
export interface ConstrainedAction {
  think: string;
  tool: string;
  arguments: Record<string, ArgValue>;
}

/** Whether the options are called as commands (`go to {recep}`) rather than as `name with Action Input: {json}`. */
function isCommandStyle(options: ShownOption[]): boolean {
  const documented = options.filter((option) => option.shown.trim() !== option.name);
  return documented.length > 0 && documented.every((option) => commandTemplate(option) !== undefined);
}

/** The options as command tools: their shown templates, or their bare names. */
function commandTools(options: ShownOption[]): Tool[] {
  return options.map((option) => {
    const template = commandTemplate(option) ?? option.name;
    const holes = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    return { name: option.name, description: '', template, arguments: { properties: Object.fromEntries(holes.map((h) => [h, { type: 'string', description: '' }])), required: holes } };
  });
}

/** `response_format` for an act request over these options. */
export function actionResponseFormat(options: ShownOption[]): Record<string, unknown> {
  const names = [...new Set(options.map((option) => option.name))];
  return {
    type: 'json_schema',
    json_schema: {
      name: 'action',
      schema: {
        type: 'object',
        properties: { think: { type: 'string' }, tool: { type: 'string', enum: names }, arguments: { type: 'object' } },
        required: ['think', 'tool', 'arguments'],
        additionalProperties: false,
      },
    },
  };
}

/** The reply text for a constrained answer; text that is not such an object comes back unchanged. */
export function replyFromConstrained(content: string, options: ShownOption[]): string {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return content;
  }
  const object = value as Partial<ConstrainedAction> | null;
  if (!object || typeof object !== 'object' || typeof object.tool !== 'string') return content;
  const action: Action = { tool: object.tool, args: object.arguments && typeof object.arguments === 'object' ? object.arguments : {} };
  const written = isCommandStyle(options) ? formatAction(action, 'command', commandTools(options)).replace(/\s+/g, ' ').trim() : formatAction(action, 'json', []);
  return `Think: ${String(object.think ?? '').replace(/\s+/g, ' ').trim()}\nAction: ${written}`;
}

/** A `Think: … / Action: …` reply as the constrained object, or undefined when its action names no listed option. */
export function constrainedFromReply(text: string, options: ShownOption[]): ConstrainedAction | undefined {
  const think = /Think:\s*(.*)/.exec(text)?.[1].trim() ?? '';
  const line = /Action:\s*(.*)/.exec(text)?.[1].trim();
  if (!line) return undefined;
  const names = new Set(options.map((option) => option.name));
  if (isCommandStyle(options)) {
    const action = parseCommand(line, commandTools(options));
    return action.tool === UNKNOWN_COMMAND ? undefined : { think, tool: action.tool, arguments: action.args };
  }
  const match = /^([\w-]+)(?:\s+with Action Input:\s*(.*))?$/s.exec(line);
  if (!match || !names.has(match[1])) return undefined;
  try {
    const args = match[2] ? JSON.parse(match[2]) : {};
    return { think, tool: match[1], arguments: args && typeof args === 'object' && !Array.isArray(args) ? args : {} };
  } catch {
    return undefined;
  }
}
