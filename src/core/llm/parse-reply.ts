import type { Action, ActionStyle, Tool } from '../types';
import { parseCommand } from './action-format';

/** A model reply read as Think/Action. Parsing never throws. */
export type ParsedReply =
  | { ok: true; thought: string; action: Action; actionText: string }
  | { ok: false; thought: string; error: string };

/** The text from the first `{` to its matching `}`, or undefined. Strings are respected. */
function balancedObject(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

function parseJsonAction(text: string): Action | string {
  const match = /^\s*[`*"']*([A-Za-z_][\w.-]*)[`*"']*\s*(?:with\s+)?(?:action\s+input\s*:?)?\s*([\s\S]*)$/i.exec(text);
  if (!match) return 'the action must start with a tool name, as in: name with Action Input: {"arg": "value"}';
  const [, tool, rest] = match;
  const trimmed = rest.trim();
  if (!trimmed) return { tool, args: {} };
  const json = balancedObject(trimmed);
  if (!json) return `the Action Input of ${tool} is not a JSON object`;
  try {
    const args: unknown = JSON.parse(json);
    if (args === null || typeof args !== 'object' || Array.isArray(args)) return `the Action Input of ${tool} is not a JSON object`;
    return { tool, args: args as Action['args'] };
  } catch {
    return `the Action Input of ${tool} is not valid JSON`;
  }
}

/**
 * Reads a reply in the Think/Action format of the papers' prompts (AutoTool appendix J).
 * The last `Action:` wins; `Think:` is everything before it. In `command` style the action line
 * is matched against the tools' templates; in `json` style it is `name with Action Input: {…}`.
 */
export function parseReply(text: string, style: ActionStyle, tools: Tool[]): ParsedReply {
  const actionAt = text.search(/action\s*:(?![\s\S]*action\s*:)/i);
  const thoughtMatch = /think(?:ing)?\s*:\s*([\s\S]*?)(?=action\s*:|$)/i.exec(text);
  const thought = (thoughtMatch?.[1] ?? (actionAt > 0 ? text.slice(0, actionAt) : '')).trim();
  if (actionAt < 0) {
    return { ok: false, thought: thought || text.trim(), error: 'the reply has no "Action:" line' };
  }
  const body = text.slice(actionAt).replace(/^action\s*:\s*/i, '');
  if (style === 'command') {
    const line = body.split('\n')[0].replace(/[`*]/g, '').trim();
    if (!line) return { ok: false, thought, error: 'the "Action:" line is empty' };
    return { ok: true, thought, action: parseCommand(line, tools), actionText: line };
  }
  const parsed = parseJsonAction(body);
  if (typeof parsed === 'string') return { ok: false, thought, error: parsed };
  return { ok: true, thought, action: parsed, actionText: body.trim() };
}
