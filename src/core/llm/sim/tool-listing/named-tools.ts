import type { Action } from '../../../types';
import type { ChatMessage, ShownOption } from '../../language-model';
import { jsonCalls, promptText } from '../../advisor';
import { looksLikeFailure } from '../../failure-signals';
import { OptionCache, labelledGoal } from '../read-context';
import { stem, words } from './words';
import { moduleCache, weakCache } from '../../../caches';
import { listingMemo } from '../listing-memo';
import { firstMatchFrom } from '../message-marks';
import { SINGLE_QUOTED } from '../quoted-text';

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

/** The tools a listing shows, less `finish` and `tool_register`, read once per listing (SLATE's ReAct shows 1,000 call after call). */
export const namedTools = moduleCache(
  'llm/sim/tool-listing/named-tools: tools by listing',
  listingMemo((options: ShownOption[]): readonly Tool[] => options.filter((o) => o.name !== 'finish' && o.name !== 'tool_register').map(parseTool)),
);

/** The provider words of a list of tools, per list (a listing's tools from `namedTools` are one array call after call). */
const providersOf = moduleCache('llm/sim/tool-listing/named-tools: provider words by tool list', weakCache<readonly Tool[], Set<string>>());

function providerWords(tools: readonly Tool[]): Set<string> {
  let found = providersOf.get(tools);
  if (!found) providersOf.set(tools, (found = new Set(tools.map((t) => t.provider))));
  return found;
}

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

/** The query a prompt states: searched for from the first message that holds its label (`firstMatchFrom`). */
export function queryText(messages: ChatMessage[]): string {
  const text = promptText(messages);
  return (firstMatchFrom(messages, text, 'Query:', QUERY)?.[1] ?? labelledGoal(text) ?? firstMatchFrom(messages, text, 'User query:', USER_QUERY)?.[1] ?? '').trim();
}

const QUERY = /Query:\s*(.+)/;
const USER_QUERY = /User query:\s*(.+)/;

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

/** A kind word and a name in single quotes after it ("city 'Xi'an'": an apostrophe inside a word is no quote mark, quoted-text.ts). */
const NAMED_IN_SINGLE_QUOTES = new RegExp(`(\\w+)\\s+${SINGLE_QUOTED}`);

export function readQuery(query: string, tools: readonly Tool[]): Query {
  const named = /(\w+)\s+"([^"]+)"/.exec(query) ?? NAMED_IN_SINGLE_QUOTES.exec(query);
  const providers = providerWords(tools);
  const provider = query.toLowerCase().split(/[^a-z0-9]+/).find((w) => providers.has(w) && w !== 'finish');
  const lookup = /look up\s+([\s\S]*?)(?:\.\s+answer with|\.\s*$|$)/i.exec(query)?.[1] ?? query;
  const facts = lookup.split(/,\s*(?:and\s+)?|\s+and\s+(?=its\b)/i).map((f) => f.trim()).filter(Boolean);
  const answer = /answer with (?:the |its )?([^.]+)/i.exec(query)?.[1] ?? facts.at(-1) ?? '';
  return { entity: named?.[2], kind: named?.[1].toLowerCase(), provider, facts, answer };
}
