import type { Action, ActionStyle, ArgValue, Tool } from '../types';
import { textCache } from '../text-cache';
import { moduleCache } from '../caches';

/** Tool name given to a command that matches no tool template; environments answer it with a failure. */
export const UNKNOWN_COMMAND = 'unknown_command';

/** Writes an action the way a model reply does in the given style. */
export function formatAction(action: Action, style: ActionStyle, tools: Tool[]): string {
  if (style === 'json') {
    return `${action.tool} with Action Input: ${JSON.stringify(action.args)}`;
  }
  if (action.tool === UNKNOWN_COMMAND) return String(action.args.command ?? '');
  const tool = tools.find((t) => t.name === action.tool);
  const template = tool?.template ?? action.tool;
  // A literal such as "in/on" is written with its first alternative.
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => String(action.args[name] ?? ''))
    .replace(/(\w+)\/(\w+)/g, '$1');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Template patterns by template text: every reply is read against the same few templates (patterns are only read). */
const patterns = moduleCache('llm/action-format: action patterns by template', textCache<{ regex: RegExp; params: string[] }>(5_000));

/** A regex for a command template: holes capture text, `a/b` literals accept `a/b`, `a` or `b`. */
function templatePattern(template: string): { regex: RegExp; params: string[] } {
  return patterns(template, buildPattern);
}

function buildPattern(template: string): { regex: RegExp; params: string[] } {
  const params: string[] = [];
  const parts = template.split(/(\{\w+\})/).map((part) => {
    const hole = /^\{(\w+)\}$/.exec(part);
    if (hole) {
      params.push(hole[1]);
      return '(.+?)';
    }
    return part
      .split(/(\S+\/\S+)/)
      .map((word) =>
        word.includes('/') && !/\s/.test(word)
          ? `(?:${[word, ...word.split('/')].map(escapeRegExp).join('|')})`
          : escapeRegExp(word).replace(/\s+/g, '\\s+'),
      )
      .join('');
  });
  return { regex: new RegExp(`^${parts.join('')}$`, 'i'), params };
}

/**
 * Reads a command line against the tools' templates. Longer templates are tried first so that
 * `put {obj} in/on {recep}` wins over a shorter prefix. Never throws: a command that matches no
 * template becomes an `unknown_command` action, which the environment answers as a failed call.
 */
export function parseCommand(text: string, tools: Tool[]): Action {
  const command = text.trim().replace(/\s+/g, ' ').replace(/[.]$/, '');
  const ordered = tools
    .filter((tool) => tool.template)
    .sort((a, b) => (b.template?.length ?? 0) - (a.template?.length ?? 0));
  for (const tool of ordered) {
    const { regex, params } = templatePattern(tool.template!);
    const match = regex.exec(command);
    if (!match) continue;
    const args: Record<string, ArgValue> = {};
    params.forEach((name, index) => {
      args[name] = match[index + 1].trim();
    });
    return { tool: tool.name, args };
  }
  return { tool: UNKNOWN_COMMAND, args: { command } };
}
