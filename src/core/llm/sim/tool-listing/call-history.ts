import type { Action } from '../../../types';
import type { ChatMessage } from '../../language-model';
import { jsonCalls, promptText } from '../../advisor';
import { looksLikeFailure } from '../../failure-signals';
import { labelledGoal } from '../read-context';
import type { Endpoint, Listing } from './endpoints';
import { kindOfWord } from './path-kinds';

/**
 * What a transcript of JSON tool calls shows: each call with its observation, the request, and the ids
 * and fields of the JSON outputs (output fields flow into the next call's same-named inputs).
 */
export interface Step {
  action: Action;
  observation: string;
  ok: boolean;
}

export function transcript(messages: ChatMessage[]): Step[] {
  return jsonCalls(messages).map(({ action, observation }) => ({ action, observation, ok: observation !== '' && !looksLikeFailure(observation) && !/"error"\s*:/.test(observation) }));
}

export function requestText(messages: ChatMessage[]): string {
  const text = promptText(messages);
  return (/Request:\s*(.+)/.exec(text)?.[1] ?? /User query:\s*(.+)/.exec(text)?.[1] ?? labelledGoal(text) ?? '').trim();
}

export interface SeenId {
  id: string;
  kinds: string[];
}

/** A value an output field held, with the field's name and the step it came from. */
export interface SeenField {
  key: string;
  value: string | number;
  step: number;
  /** Whether it came from the signed-in user's profile. */
  self: boolean;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Ids and fields the prompt shows: the request's known ids, then every object of a successful
 * output (newest last). An id's kind is what it says of itself (`album_3f9a`, `"type": "album"`),
 * else the field it sits under (`"artists": [...]`), else what the call returns.
 */
export function seenValues(messages: ChatMessage[], steps: Step[], listing: Listing, byName: Map<string, Endpoint>): { ids: SeenId[]; fields: SeenField[] } {
  const ids: SeenId[] = [];
  const fields: SeenField[] = [];
  for (const m of promptText(messages).matchAll(/Known id:\s*(\S+)/g)) ids.push({ id: m[1], kinds: [m[1].split('_')[0]] });
  steps.forEach((step, index) => {
    if (!step.ok) return;
    const endpoint = byName.get(step.action.tool);
    const self = !!endpoint && isSelf(endpoint, listing.outputs.get(endpoint));
    const walk = (value: unknown, under: string | undefined) => {
      if (Array.isArray(value)) return value.forEach((v) => walk(v, under));
      if (!value || typeof value !== 'object') return;
      const object = value as Record<string, unknown>;
      if (typeof object.id === 'string') {
        const said = [object.id.split('_')[0], typeof object.type === 'string' ? object.type : ''].map((w) => kindOfWord(w, listing.kinds)).find(Boolean);
        const kind = said ?? (under ? kindOfWord(under, listing.kinds) : undefined) ?? (endpoint ? listing.outputs.get(endpoint)?.[0] : undefined);
        if (kind) ids.push({ id: object.id, kinds: [kind] });
      }
      for (const [key, v] of Object.entries(object)) {
        if ((typeof v === 'string' || typeof v === 'number') && key !== 'id' && key !== 'type') fields.push({ key, value: v, step: index, self });
        else walk(v, key);
      }
    };
    walk(parseJson(step.observation), undefined);
  });
  return { ids, fields };
}

/**
 * The signed-in user's profile: a GET with no parameters whose title says it gets the current (or
 * authenticated) one of what it returns ("Get Current User's Profile", "Get the authenticated user").
 */
export function isSelf(e: Endpoint, outputs: string[] | undefined): boolean {
  if (e.method !== 'GET' || e.required.length > 0 || e.path.split('/').filter(Boolean).length !== 1 || !outputs?.length) return false;
  const at = e.summary.findIndex((w) => /^(current|authenticat|sign)/.test(w));
  return at >= 0 && e.summary[at + 1] === outputs[0];
}
