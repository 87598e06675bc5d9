import type { Action, ArgValue } from '../../../types';
import type { Endpoint, Listing } from './endpoints';
import { enumValues } from './endpoints';
import type { SeenField, SeenId } from './call-history';
import { kindOfWord, singular } from './path-kinds';
import { myKinds, nameBesideKind, namesIn, ownerUnsaid, requestName, typedValue } from './request-names';
import { stem, words } from './words';

/** An endpoint's arguments from what the prompt shows: ids from earlier outputs, names the user typed, values from the docs. */
export interface Reading {
  request: string;
  text: string;
  listing: Listing;
  ids: SeenId[];
  fields: SeenField[];
  docWords: Set<string>;
  entity?: { name: string; kind?: string };
}

/** A value for a required parameter that is neither an id nor a name: from the request or the parameter's doc. */
export function literal(param: string, e: Endpoint, r: Reading): ArgValue | undefined {
  const { request, text, entity } = r;
  const lower = text.toLowerCase();
  const wanted = words(request);
  if (param === 'q' || param === 'query') {
    if (entity) return entity.name;
    // The longest run of content words of the request, as written.
    const runs = request.split(/\b(?:a|an|the|of|to|me|my|some|please|play|find|search|recommend|with|for|on|in|who|which|what|show)\b/i).map((s) => s.trim()).filter(Boolean);
    return runs.sort((a, b) => b.length - a.length)[0];
  }
  if (/percent|volume/.test(param)) {
    const number = /\b(\d{1,3})\b/.exec(request)?.[1];
    if (number) return Number(number);
    // No number given: a modest level the prompt shows somewhere ("Default: 20"), lower for "down".
    const goal = /down|lower|quiet/i.test(request) ? 20 : 80;
    const shown = [...text.matchAll(/\b(\d{1,3})\b/g)].map((m) => Number(m[1])).filter((n) => n > 0 && n <= 100);
    return shown.sort((a, b) => Math.abs(a - goal) - Math.abs(b - goal))[0];
  }
  const doc = e.params[param]?.doc ?? '';
  const options = enumValues(doc);
  // A type among the listed kinds: the kind the request's thing is, else a kind the request names.
  if (/type/.test(param)) {
    const kind = entity?.kind ?? wanted.map((w) => kindOfWord(w, r.listing.kinds)).find(Boolean);
    const fit = options.find((o) => stem(o) === kind) ?? (kind && lower.includes(kind) ? kind : undefined);
    if (fit) return fit;
  }
  const fit = options.find((o) => wanted.includes(stem(o))) ?? options[0];
  if (fit) return fit;
  // A value the user typed for this field ("titled X", "a label called X"), else a name or title typed in quotes,
  // else a name written beside the kind of thing the endpoint addresses ("a release v2.3.0").
  const collection = e.path.split('/').filter((segment) => segment && !segment.startsWith('{')).at(-1);
  const kind = r.listing.outputs.get(e)?.[0] ?? (collection ? singular(collection.replace(/-/g, '_').split('_').pop()!) : undefined);
  const typed = typedValue(request, e, param, r.docWords, kind);
  if (typed !== undefined) return typed;
  const quoted = namesIn(request, r.listing.kinds).quoted[0];
  if (quoted && /name|title|body|message|tag|label|head|base/.test(param)) return quoted;
  if (e.params[param]?.type === 'string' && e.params[param]?.required) return nameBesideKind(request, kind, r.docWords);
  return undefined;
}

export function pickId(kinds: string[], ids: SeenId[]): string | undefined {
  return [...ids].reverse().find((s) => kinds.length === 0 || s.kinds.some((k) => kinds.includes(k)))?.id;
}

/**
 * Whether the request says "my" of the thing an endpoint's path names last (`/repos/{owner}/{repo}`:
 * "my notes-app repository"); `owned` is `myKinds` of the request, read once per request.
 */
export function saysMine(e: Endpoint, owned: ReadonlySet<string>, listing: Listing): boolean {
  const names = Object.entries(listing.nameKinds.get(e) ?? {});
  const thing = names.at(-1)?.[1];
  return !!thing && owned.has(thing);
}

/** The separator of a parameter that names two things as a range, as its doc writes the form (`BASE...HEAD`: `...`). */
export function rangeSeparator(doc: string | undefined): string | undefined {
  return /\b[A-Z]+(\.{2,3})[A-Z]+\b/.exec(doc ?? '')?.[1];
}

/**
 * A range's value: two names read off the newest list an output gave, by a field named for a listed
 * kind's name (`tag_name`), older first (a list reads newest first), joined as the doc writes the form.
 */
function rangeValue(separator: string, r: Reading): string | undefined {
  const named = r.fields.filter((f) => typeof f.value === 'string' && /^(\w+)_name$/.test(f.key) && r.listing.kinds.includes(f.key.replace(/_name$/, '')));
  const newest = named.at(-1)?.step;
  const list = named.filter((f) => f.step === newest);
  return list.length >= 2 ? `${list[1].value}${separator}${list[0].value}` : undefined;
}

/** A name parameter's value: the same-named field of an earlier output, else a name the request gives, else "my" = the signed-in user. */
export function nameValue(e: Endpoint, param: string, r: Reading): ArgValue | undefined {
  const kind = r.listing.nameKinds.get(e)?.[param];
  const same = [...r.fields].reverse().find((f) => f.key === param && !f.self);
  if (same) return same.value;
  // Two things named as a range ("what changed between the two latest releases"): their names come from a list read earlier.
  const separator = rangeSeparator(e.params[param]?.doc);
  if (separator) return rangeValue(separator, r);
  const mineSaid = saysMine(e, myKinds(r.request, r.listing.kinds), r.listing);
  const mine = mineSaid ? [...r.fields].reverse().find((f) => f.self && /name|login/.test(f.key)) : undefined;
  // "my X": X is the thing's own name (the last name in the path); the names before it (its owner) are me.
  const names = Object.keys(r.listing.nameKinds.get(e) ?? {});
  if (mine && names.length > 1 && names.indexOf(param) < names.length - 1) return mine.value;
  // Whose a thing is that the request names by its own name alone, the request does not say.
  if (!mineSaid && ownerUnsaid(r.request, e, param)) return undefined;
  return requestName(r.request, e, param, kind, r.docWords, false, r.listing.kinds);
}

export function callOf(e: Endpoint, r: Reading): Action | undefined {
  const args: Record<string, ArgValue> = {};
  const idKinds = r.listing.idKinds.get(e) ?? {};
  const nameKinds = r.listing.nameKinds.get(e) ?? {};
  for (const param of e.required) {
    const value = idKinds[param] ? pickId(idKinds[param], r.ids) : param in nameKinds ? nameValue(e, param, r) : literal(param, e, r);
    if (value === undefined || value === '') {
      if (idKinds[param] || param in nameKinds) return undefined;
      continue;
    }
    args[param] = value;
  }
  // A `type` the doc lists no values for says which kind the ids passed are.
  for (const param of e.required.filter((p) => /type/.test(p) && args[p] === undefined)) {
    const passed = Object.keys(idKinds).map((p) => r.ids.find((s) => s.id === args[p])?.kinds[0]).find(Boolean);
    if (passed) args[param] = passed;
  }
  return { tool: e.name, args };
}
