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

/** JSON types a tool's doc line may declare for an argument; others are asked as strings. */
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/**
 * The `arguments` object an option's doc asks for: a command's `{hole}`s as strings, or a JSON-style
 * doc line's `"name" (type, required|optional)` arguments; any object for an option shown by name
 * only (its arguments are not known).
 */
function argumentsSchema(option: ShownOption, commandStyle: boolean): Record<string, unknown> {
  if (commandStyle) {
    const holes = [...(commandTemplate(option) ?? option.name).matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    return { type: 'object', properties: Object.fromEntries(holes.map((hole) => [hole, { type: 'string' }])), required: holes, additionalProperties: false };
  }
  const declared = [...option.shown.matchAll(/"(\w+)" \(([a-z]+), (required|optional)\)/g)];
  if (declared.length === 0 && !/Arguments: none\b/.test(option.shown)) return { type: 'object' };
  return {
    type: 'object',
    properties: Object.fromEntries(declared.map(([, name, type]) => [name, { type: JSON_TYPES.has(type) ? type : 'string' }])),
    required: declared.filter((match) => match[3] === 'required').map((match) => match[1]),
    additionalProperties: false,
  };
}

/**
 * `response_format` for an act request over these options: one object shape per listed tool
 * (`oneOf`), its `tool` that tool's name and its `arguments` what the tool's doc asks for, so an
 * engine that enforces the schema as a grammar (llama.cpp, vLLM, Ollama) can only write an action
 * the environment can read. A bare `{"type": "object"}` for every tool's arguments would not do:
 * node-llama-cpp's converter reads it as `{}` (it defaults `additionalProperties` to false), and a
 * household command then lacks its object and receptacle.
 */
export function actionResponseFormat(options: ShownOption[]): Record<string, unknown> {
  const commandStyle = isCommandStyle(options);
  const byName = new Map(options.map((option) => [option.name, option] as const));
  return {
    type: 'json_schema',
    json_schema: {
      name: 'action',
      schema: {
        oneOf: [...byName.values()].map((option) => ({
          type: 'object',
          properties: { think: { type: 'string' }, tool: { const: option.name }, arguments: argumentsSchema(option, commandStyle) },
          required: ['think', 'tool', 'arguments'],
          additionalProperties: false,
        })),
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
