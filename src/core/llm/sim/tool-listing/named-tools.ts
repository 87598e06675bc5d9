import type { Action } from '../../../types';
import type { ChatMessage, ShownOption } from '../../language-model';
import { jsonCalls, promptText } from '../../advisor';
import { looksLikeFailure } from '../../failure-signals';
import { OptionCache, labelledGoal } from '../read-context';
import { stem, words } from './words';
import { moduleCache } from '../../../caches';

/**
 * A listing of named tools with JSON arguments (`provider_endpoint: doc. Arguments: "name" (type, required): ...`,
 * or a bare name under EcoAct), the query it answers and the JSON outputs of earlier calls.
 */

export interface Tool {
  name: string;
  /** The provider word the name starts with (`skycast`), and the rest of the name as words. */
  provider: string;
  nameWords: string[];
  docWords: string[];
  required: string[] | undefined;
}

/** An option's tool, read once per option text (a pure function of it; nothing changes a Tool once read). */
const toolReadings = moduleCache('llm/sim/tool-listing/named-tools: tool readings', new OptionCache<Tool>(20_000));
export const parseTool = (option: ShownOption): Tool => toolReadings.get(option, readTool);

function readTool(option: ShownOption): Tool {
  const text = option.shown.replace(/^\s*(?:-\s+|\[\d+\]\s*)/, '').trim();
  const doc = text.startsWith(`${option.name}:`) ? text.slice(option.name.length + 1) : '';
  const [provider, ...rest] = option.name.split('_');
  const args = /Arguments:\s*([\s\S]*)$/.exec(doc)?.[1];
  return {
    name: option.name,
    provider: provider.toLowerCase(),
    nameWords: rest.map(stem),
    docWords: words(doc.replace(/Arguments:[\s\S]*$/, '')),
    required: args === undefined ? undefined : [...args.matchAll(/"(\w+)" \(\w+, required\)/g)].map((m) => m[1]),
  };
}

export interface Step {
  action: Action;
  output: Record<string, unknown> | undefined;
  ok: boolean;
}

export function transcript(messages: ChatMessage[]): Step[] {
  return jsonCalls(messages)
    .filter(({ action }) => action.tool !== 'tool_register')
    .map(({ action, observation }) => {
      let output: Record<string, unknown> | undefined;
      try {
        output = JSON.parse(observation.replace(/^output:\s*/i, ''));
      } catch {
        output = undefined;
      }
      const empty = !output || (Array.isArray(output.results) && output.results.length === 0);
      return { action, output, ok: !empty && !looksLikeFailure(observation) && !/no data found/i.test(observation) };
    });
}

export function queryText(messages: ChatMessage[]): string {
  const text = promptText(messages);
  return (/Query:\s*(.+)/.exec(text)?.[1] ?? labelledGoal(text) ?? /User query:\s*(.+)/.exec(text)?.[1] ?? '').trim();
}

export interface Query {
  entity: string | undefined;
  /** The kind of thing named (`city`), from the word before the name. */
  kind: string | undefined;
  /** The provider the query names, when it names one the options carry. */
  provider: string | undefined;
  /** The facts asked for, as clauses ("its rainfall in millimetres on that date on 2025-04-08"). */
  facts: string[];
  answer: string;
}

export function readQuery(query: string, tools: Tool[]): Query {
  const named = /(\w+)\s+"([^"]+)"/.exec(query) ?? /(\w+)\s+'([^']+)'/.exec(query);
  const providers = new Set(tools.map((t) => t.provider));
  const provider = query.toLowerCase().split(/[^a-z0-9]+/).find((w) => providers.has(w) && w !== 'finish');
  const lookup = /look up\s+([\s\S]*?)(?:\.\s+answer with|\.\s*$|$)/i.exec(query)?.[1] ?? query;
  const facts = lookup.split(/,\s*(?:and\s+)?|\s+and\s+(?=its\b)/i).map((f) => f.trim()).filter(Boolean);
  const answer = /answer with (?:the |its )?([^.]+)/i.exec(query)?.[1] ?? facts.at(-1) ?? '';
  return { entity: named?.[2], kind: named?.[1].toLowerCase(), provider, facts, answer };
}
