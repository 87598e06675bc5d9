import type { ArgValue } from '../../../types';
import type { Advice, AdvisorInput } from '../../advisor';
import type { ShownOption } from '../../language-model';
import { promptText } from '../../advisor';
import type { Endpoint, Listing } from './endpoints';
import { parseEndpoint, readListing } from './endpoints';
import { isSelf, requestText, seenValues, transcript } from './call-history';
import { callOf, nameValue, rangeSeparator, saysMine, type Reading } from './call-arguments';
import { idf, overlap, pluralKinds, targetsOf } from './endpoint-targets';
import { collectionKinds, isIdName, kindOfWord, singular } from './path-kinds';
import { myKinds, namesIn, ownerUnsaid, requestName } from './request-names';
import { words } from './words';

/**
 * The tool-listing reader for listings of HTTP endpoints (docs/simulated-model.md), for any REST API. It reads
 * the request, the shown endpoint docs (method, path, summary, arguments, what each returns; a bare
 * name under EcoAct) and the JSON outputs of earlier calls, and proposes the next call the way an
 * API-savvy reader would, with conventions any such reader knows and nothing written for one API:
 * - the kinds of resource are the collections the shown paths address (`/albums/{id}`, `/repos/{owner}/{repo}`);
 * - an id in a path parameter comes from an earlier response about that resource (an id of that
 *   kind), and a name the user typed fills a name parameter (`octocat/Hello-World`, `#314`, a quoted name);
 * - a search precedes a lookup when the request names a thing whose id is needed;
 * - output fields flow into the next call's same-named inputs;
 * - "my ..." is about the signed-in user, whom the profile endpoint (a GET without parameters about
 *   the current user) describes;
 * - the HTTP method says what a call does (GET reads, POST creates, PUT/PATCH change, DELETE removes).
 * Endpoints are matched by word overlap (IDF weighted) between the request's clauses and each
 * option's shown text. It never sees the gold path: ids and names come only from the prompt.
 */

export function requestTargets(request: string, options: ShownOption[]): string[] {
  const endpoints = options.map(parseEndpoint).filter((e): e is Endpoint => !!e);
  return targetsOf(request, readListing(endpoints), idf(endpoints)).map((e) => e.name);
}

/** The kinds the reader thinks each id parameter of a shown option takes (exported for tests). */
export function shownIdKinds(option: ShownOption, options: ShownOption[]): Record<string, string[]> {
  const endpoints = options.map(parseEndpoint).filter((e): e is Endpoint => !!e);
  const e = parseEndpoint(option);
  if (!e) return {};
  const listing = readListing([e, ...endpoints.filter((other) => other.name !== e.name)]);
  return listing.idKinds.get(e) ?? {};
}

/** The next call for a request over a listing of HTTP endpoints. */
export function adviseEndpoints({ messages, options }: AdvisorInput): Advice {
  const request = requestText(messages);
  const endpoints = options.map(parseEndpoint).filter((e): e is Endpoint => !!e);
  if (!request || endpoints.length === 0) return { calls: [] };
  const listing = readListing(endpoints);
  const byName = new Map(endpoints.map((e) => [e.name, e]));
  const text = promptText(messages);
  const steps = transcript(messages);
  const { ids, fields } = seenValues(messages, steps, listing, byName);
  const docWords = new Set(options.flatMap((o) => o.shown.toLowerCase().split(/[^a-z0-9]+/)));
  const reading: Reading = { request, text, listing, ids, fields, docWords };
  const done = new Set(steps.filter((s) => s.ok).map((s) => s.action.tool));
  const tried = (name: string) => steps.filter((s) => s.action.tool === name).length;
  const weight = idf(endpoints);
  const { quoted, catalogue } = namesIn(request, listing.kinds, endpoints.map((e) => e.path), docWords);
  const have = (kind: string) => ids.some((s) => s.kinds.includes(kind));
  const searches = endpoints.filter((e) => e.method === 'GET' && e.pathWords.includes('search') && e.required.some((p) => p === 'q' || p === 'query'));
  const call = (e: Endpoint, reason: string, entity?: { name: string; kind?: string }): Advice | undefined => {
    if (tried(e.name) >= 2 && !done.has(e.name)) return undefined; // failed twice: look elsewhere
    const action = callOf(e, { ...reading, entity });
    return action ? { calls: [action], reason } : undefined;
  };
  const searched = (name: string) => steps.some((s) => s.ok && searches.some((e) => e.name === s.action.tool) && Object.values(s.action.args).some((v) => String(v).toLowerCase() === name.toLowerCase()));
  /** A search that returns `kind` (or the one search there is), for a thing the request names. */
  const searchFor = (kind: string | undefined) => searches.find((e) => kind && listing.outputs.get(e)?.includes(kind)) ?? (searches.length === 1 ? searches[0] : undefined);

  // The kinds of thing the request says "my" of, read once for every endpoint weighed below.
  const owned = myKinds(request, listing.kinds);
  // How many of the things an endpoint's path names the request itself names (`owner/repo`, `#314`, "my notes-app repository"; "my" fills an owner).
  const given = (e: Endpoint) => {
    const names = Object.entries(listing.nameKinds.get(e) ?? {});
    const mine = saysMine(e, owned, listing);
    return names.filter(([param, kind], at) => (mine && at < names.length - 1) || requestName(request, e, param, kind, docWords, true) !== undefined).length;
  };
  const targets = targetsOf(request, listing, weight, given);
  const want = [...words(request), ...catalogue.flatMap((c) => (c.kind ? [c.kind] : []))];
  // "my ...": who the signed-in user is comes first, when the request is about my things and a
  // target needs an id or a name the request does not give.
  const self = endpoints.find((e) => isSelf(e, listing.outputs.get(e)));
  if (self && owned.size > 0 && !done.has(self.name)) {
    const needsMe = targets.some((t) => !done.has(t.name) && Object.keys(listing.nameKinds.get(t) ?? {}).some((param) => !/type/.test(param)));
    if (needsMe) {
      const advice = call(self, 'The request is about my own things: first see who I am.');
      if (advice) return advice;
    }
  }

  // 1. A search precedes a lookup: look up the things the request names (an artist, an album, a
  //    repository), once each, unless the request gave the id of its kind.
  // A thing of no stated kind is of the kind the targets need an id of.
  const needed = targets.flatMap((t) => Object.values(listing.idKinds.get(t) ?? {}).flat()).find((k) => !have(k));
  for (const named of catalogue) {
    const entity = { ...named, kind: named.kind ?? needed };
    const known = ids.some((s) => entity.kind && s.kinds.includes(entity.kind) && /Known id/.test(text));
    const search = searchFor(entity.kind);
    if (!search || known || searched(entity.name)) continue;
    const advice = call(search, `The request names ${entity.name}; search for it to get its id.`, entity);
    if (advice) return advice;
  }

  // 2. The endpoints that do what the request asks, in order; for the first not yet done, fetch
  //    the id it needs (chaining from what earlier outputs carry), else call it.
  // The things the request speaks of that a change acts on without an id parameter for them
  // ("play the newest album of X", "add top tracks to ..."): read them before the change is made.
  const me = self ? listing.outputs.get(self)?.[0] : undefined;
  const spokenNeed = (target: Endpoint) => {
    if (target.method === 'GET') return undefined;
    const takes = Object.values(listing.idKinds.get(target) ?? {}).flat();
    const spoken = want.map((w) => kindOfWord(w, listing.kinds)).filter((k): k is string => !!k && !have(k) && !listing.outputs.get(target)?.includes(k) && k !== me);
    // Of the things spoken of, the one that holds another ("a song from the newest album": the album) comes first.
    const holds = (outer: string, inner: string) => listing.endpoints.some((e) => new RegExp(`/${outer}\\w*/\\{\\w+\\}/(?:[\\w-]*-)?${inner}`).test(e.path.replace(/s\//g, '/')));
    const container = spoken.find((k) => spoken.some((j) => j !== k && holds(k, j)));
    return spoken.find((k) => target.pathWords.includes(k) && !takes.includes(k)) ?? (takes.length === 0 ? (container ?? spoken[0]) : undefined);
  };
  const pending = targets.filter((t) => !done.has(t.name));
  for (const target of [...pending.filter((t) => spokenNeed(t)), ...pending]) {
    const spoken = spokenNeed(target);
    const needKinds = spoken ? [spoken] : Object.values(listing.idKinds.get(target) ?? {}).find((k) => k.length > 0 && !k.some(have));
    if (!needKinds) {
      const advice = call(target, `This call does what the request asks: ${target.summary.join(' ')}.`);
      if (advice) return advice;
      // A name it needs that nothing gave yet: a call that returns things of that kind may carry it.
      const [needParam, nameNeed] = Object.entries(listing.nameKinds.get(target) ?? {}).find(([param]) => nameValue(target, param, reading) === undefined) ?? [];
      // A range of two things the request speaks of in the plural ("the two latest releases"): read the list of them first.
      if (needParam && rangeSeparator(target.params[needParam]?.doc)) {
        const list = listOf(pluralKinds(request, listing.kinds), listing, reading, done, tried);
        const advice = list && call(list, `To ${target.name} I need two names to compare; ${list.name} lists them.`);
        if (advice) return advice;
        continue;
      }
      if (nameNeed) {
        // A thing the request names by its own name alone ("the 'requests' library"): a search finds its full name.
        const named = [...quoted.map((name) => ({ name, kind: nameNeed })), ...catalogue.filter((c) => !c.kind || c.kind === nameNeed).map((c) => ({ name: c.name, kind: nameNeed }))][0];
        const search = named && Object.keys(listing.nameKinds.get(target) ?? {}).some((param) => ownerUnsaid(request, target, param)) ? searchFor(nameNeed) : undefined;
        if (search && !searched(named.name)) {
          const advice = call(search, `The request names ${named.name}; search for it to get whose it is.`, named);
          if (advice) return advice;
        }
        const own = new Set([...target.summary, ...target.pathWords]);
        const producer = producerOf(nameNeed, listing, reading, done, want.filter((w) => !own.has(w)), weight, tried, given);
        if (producer) {
          const advice = call(producer, `To ${target.name} I need a ${nameNeed}; ${producer.name} gives one.`);
          if (advice) return advice;
        }
      }
      continue;
    }
    const need = needKinds[0];
    // The producer is read from what the request still needs: its words less the target's own.
    const own = new Set([...target.summary, ...target.pathWords.filter((w) => !listing.kinds.includes(w))]);
    const producer = producerOf(need, listing, reading, done, want.filter((w) => !own.has(w)), weight, tried, given);
    if (producer) {
      const advice = call(producer, `To ${target.name} I need a ${need} id; ${producer.name} gives one.`);
      if (advice) return advice;
    }
    const advice = call(target, `This call does what the request asks.`);
    if (advice) return advice;
  }
  const finish = options.find((o) => o.name === 'finish');
  if (!finish) return { calls: [] };
  const name = [...text.matchAll(/"name"\s*:\s*"([^"]+)"/g)].at(-1)?.[1];
  return { calls: [{ tool: 'finish', args: { answer: targets.every((t) => t.method === 'GET') && name ? name : request } }], reason: 'Every part of the request has had its call.' };
}

/** Values the prompt shows for `param` of an endpoint: ids of earlier outputs, same-named fields, names the request gives. */
export function endpointValues({ messages, options }: AdvisorInput, param: string): ArgValue[] {
  const text = promptText(messages);
  const request = requestText(messages);
  const found = new Set<ArgValue>();
  const ids = [...text.matchAll(/"\w*id"\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
  const known = [...text.matchAll(/Known id:\s*(\S+)/g)].map((m) => m[1]);
  if (isIdName(param)) {
    known.forEach((id) => found.add(id));
    ids.forEach((id) => found.add(id));
  }
  // Output fields flow into same-named inputs.
  for (const m of text.matchAll(new RegExp(`"${param}"\\s*:\\s*("([^"]+)"|(\\d+))`, 'g'))) found.add(m[2] ?? Number(m[3]));
  const kinds = collectionKinds(options.map(parseEndpoint).filter((e): e is Endpoint => !!e).map((e) => e.path));
  const { quoted, catalogue } = namesIn(request, kinds, [], new Set(options.flatMap((o) => o.shown.toLowerCase().split(/[^a-z0-9]+/))));
  if (!isIdName(param) || found.size === 0) {
    quoted.forEach((q) => found.add(q));
    catalogue.forEach((c) => found.add(c.name));
    for (const m of request.matchAll(/\b([\w.-]+)\/([\w.-]+)\b/g)) [m[1], m[2]].forEach((v) => found.add(v));
    for (const m of request.matchAll(/#?\b(\d{1,5})\b/g)) found.add(Number(m[1]));
    if (/type/.test(param)) for (const kind of kinds) if (text.toLowerCase().includes(kind)) found.add(kind);
  }
  return [...found];
}

/** A GET that lists things of one of `kinds` (its path ends in their collection) and can be made now, shortest path first. */
function listOf(kinds: Set<string>, listing: Listing, r: Reading, done: Set<string>, tried: (name: string) => number): Endpoint | undefined {
  const listed = (e: Endpoint) => {
    const last = e.path.split('/').filter(Boolean).at(-1) ?? '';
    return !last.startsWith('{') && kinds.has(singular(last.replace(/-/g, '_').split('_').pop()!));
  };
  const callable = (e: Endpoint) => Object.keys(listing.idKinds.get(e) ?? {}).length === 0 && Object.keys(listing.nameKinds.get(e) ?? {}).every((p) => nameValue(e, p, r) !== undefined);
  return listing.endpoints.filter((e) => e.method === 'GET' && !e.pathWords.includes('search') && !done.has(e.name) && tried(e.name) < 2 && listed(e) && callable(e)).sort((a, b) => a.path.length - b.path.length)[0];
}

/**
 * A call that yields an id (or a name) of `kind`: one that can be made now (its own ids are at hand)
 * and was not made yet, best if it reads from an id already fetched (chaining) and if its words fit
 * the request ("my first playlist" -> GET /me/playlists). Looks one more link back when none can be made.
 */
function producerOf(kind: string, listing: Listing, r: Reading, done: Set<string>, want: string[], weight: (w: string) => number, tried: (name: string) => number, given: (e: Endpoint) => number): Endpoint | undefined {
  const have = (k: string) => r.ids.some((s) => s.kinds.includes(k));
  const needs = (e: Endpoint) => Object.values(listing.idKinds.get(e) ?? {}).filter((k) => k.length > 0);
  const callable = (e: Endpoint) => needs(e).every((k) => k.some(have)) && Object.keys(listing.nameKinds.get(e) ?? {}).every((p) => nameValue(e, p, r) !== undefined);
  const isSearch = (e: Endpoint) => e.pathWords.includes('search');
  const candidates = listing.endpoints.filter((e) => e.method === 'GET' && !isSearch(e) && !done.has(e.name) && tried(e.name) < 2 && listing.outputs.get(e)?.includes(kind));
  // "the artist of the song ...": a call that reads the artist off a thing the request speaks of.
  const spoken = (e: Endpoint) => needs(e).some((k) => !k.includes(kind) && k.some((x) => want.includes(x)));
  const rank = (e: Endpoint) => overlap(e, want, weight) + (spoken(e) ? 6 : 0) + (listing.outputs.get(e)?.[0] === kind ? 1 : 0) + (callable(e) ? 2 : 0) + given(e);
  for (const e of candidates.sort((a, b) => rank(b) - rank(a))) {
    if (callable(e)) return e;
    const need = needs(e).find((k) => !k.some(have))?.[0];
    if (!need) continue;
    const before = listing.endpoints.filter((p) => p.method === 'GET' && !isSearch(p) && !done.has(p.name) && listing.outputs.get(p)?.includes(need) && callable(p)).sort((a, b) => rank(b) - rank(a))[0];
    if (before) return before;
  }
  return undefined;
}