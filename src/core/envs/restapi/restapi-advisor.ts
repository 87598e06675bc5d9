import type { Action, ArgValue } from '../../types';
import type { Advice, Advisor, AdvisorInput } from '../../llm/advisor';
import type { ChatMessage, ShownOption } from '../../llm/language-model';
import { jsonCalls, promptText } from '../../llm/advisor';
import { looksLikeFailure } from '../../llm/failure-signals';
import { OptionCache } from '../../llm/sim/read-context';
import { collectionKinds, isIdName, kindOfWord, nameWords, pathParamKind, singular } from './spec-kinds';

/**
 * The observable advisor of RestBench (docs/simulated-model.md), for any REST API a prompt lists. It reads the
 * request, the shown endpoint docs (method, path, summary, arguments, what each returns; a bare
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

// ---- words ------------------------------------------------------------------------------------

const STOP = new Set(
  'a an the of to in on at for from by with and or is are be it its i you your this that these those some all any now please which who what whose as into based base one more'.split(' '),
);

/**
 * Plain English synonyms: a user's everyday word for a thing an API names otherwise. General
 * dictionary knowledge (a song is a track, a singer or a band an artist), not read from any data set.
 */
const SYNONYMS: Record<string, string> = { song: 'track', singer: 'artist', band: 'artist' };

/** A light stem: lower case, no possessive, no -ing/-ed/-ly/plural ending, no final e (played, playing, play -> play). */
function stem(raw: string): string {
  let word = raw.toLowerCase().replace(/'s$/, '').replace(/[^a-z0-9]/g, '');
  if (word.length > 3) word = singular(word);
  if (SYNONYMS[word]) return SYNONYMS[word];
  if (word.length > 5 && word.endsWith('ing')) word = word.slice(0, -3);
  else if (word.length > 4 && word.endsWith('ed')) word = word.slice(0, -2);
  else if (word.length > 5 && word.endsWith('ly')) word = word.slice(0, -2);
  if (word.length > 3 && word.endsWith('e')) word = word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9']+/)
    .filter((w) => w && !STOP.has(w.toLowerCase()))
    .map(stem)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

// ---- the options as endpoints -----------------------------------------------------------------

interface ShownParam {
  type: string;
  required: boolean;
  /** The parameter's own doc: its text up to the end of the argument list (nothing appended after it). */
  doc: string;
}

interface Endpoint {
  name: string;
  method: string;
  path: string;
  /** Non-parameter path segments, as words. */
  pathWords: string[];
  /** Words of the summary (the title after the path) and of the rest of the doc. */
  summary: string[];
  rest: string[];
  /** Required parameters shown (path parameters under a bare name). */
  required: string[];
  params: Record<string, ShownParam>;
  /** Kinds the doc says the call returns (`Returns: track objects (with album, artist).`), outermost first. */
  returns: string[];
}

/**
 * An option's endpoint, read once per option text: every call of a task shows the same listing, and
 * nothing changes an Endpoint once read (a pure function of the name and shown text).
 */
const endpointReadings = new OptionCache<Endpoint | undefined>(20_000);
const parseEndpoint = (option: ShownOption): Endpoint | undefined => endpointReadings.get(option, readEndpoint);

function readEndpoint(option: ShownOption): Endpoint | undefined {
  const text = option.shown.replace(/^\s*(?:-\s+|\[\d+\]\s*)/, '').trim();
  const doc = /^\S+:\s*(GET|POST|PUT|DELETE|PATCH)\s+(\S+):\s*([^.]*)\.?\s*([\s\S]*)$/.exec(text);
  let method: string;
  let path: string;
  let summary = '';
  let rest = '';
  if (doc) {
    [, method, path, summary, rest] = doc;
  } else {
    // A bare name (EcoAct): GET_playlists_playlist_id_tracks -> GET /playlists/{playlist_id}/tracks.
    const match = /^(GET|POST|PUT|DELETE|PATCH)_(.+)$/.exec(option.name);
    if (!match) return undefined;
    method = match[1];
    path = `/${match[2].replace(/(^|_)(\w+?_)?id(?=_|$)/g, (_, sep: string, owner = '') => `${sep}{${owner}id}`).replace(/_/g, '/').replace(/\{(\w+)\/id\}/g, '{$1_id}')}`;
  }
  // The argument list runs `"name" (type, required): doc; ...` to its closing period; text after it
  // (a note a strategy appends) belongs to no parameter.
  const argsAt = rest.search(/Arguments:\s*/);
  const argsText = argsAt >= 0 ? rest.slice(argsAt).replace(/^Arguments:\s*/, '') : '';
  const before = argsAt >= 0 ? rest.slice(0, argsAt) : rest;
  const params: Record<string, ShownParam> = {};
  const entries = [...argsText.matchAll(/"(\w+)" \((\w+), (required|optional)\):\s*/g)];
  entries.forEach((m, i) => {
    const end = i + 1 < entries.length ? entries[i + 1].index! : argsText.length;
    let own = argsText.slice(m.index! + m[0].length, end).replace(/;\s*$/, '');
    // The last parameter's doc ends where the list does: at a period followed by a labelled note ("Note: ...").
    if (i + 1 === entries.length) own = own.replace(/\.\s+[A-Z][\w ]{0,30}:[\s\S]*$/, '.').replace(/\.\s*$/, '');
    params[m[1]] = { type: m[2], required: m[3] === 'required', doc: own };
  });
  // `Returns: track objects (with album, artist).`: ids of all three; `(naming album, artist)`: their names only.
  const returnsText = (/Returns:\s*([^.]*)\./.exec(before)?.[1] ?? '').replace(/\(naming[^)]*\)/, '');
  const returns = returnsText ? returnsText.replace(/objects|with|[(),]/g, ' ').split(/\s+/).filter(Boolean) : [];
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const required = [...new Set([...pathParams, ...Object.entries(params).filter(([, p]) => p.required).map(([name]) => name)])];
  for (const name of pathParams) params[name] ??= { type: 'string', required: true, doc: '' };
  const plain = path.split('/').filter((s) => s && !s.startsWith('{'));
  return {
    name: option.name,
    method,
    path,
    pathWords: plain.flatMap((s) => words(s.replace(/[-_]/g, ' '))),
    summary: words(summary),
    rest: words(before.replace(/Returns:[^.]*\./, '')),
    required,
    params,
    returns,
  };
}

/** What a listing tells of its kinds and of each endpoint's parameters. */
interface Listing {
  endpoints: Endpoint[];
  kinds: string[];
  /** Per endpoint and parameter: the kinds an id parameter takes, or the kind a name parameter names. */
  idKinds: Map<Endpoint, Record<string, string[]>>;
  nameKinds: Map<Endpoint, Record<string, string | undefined>>;
  /** What each endpoint returns: its `Returns:` kinds, else the collection its path ends in, else the kinds its title names. */
  outputs: Map<Endpoint, string[]>;
}

function readListing(endpoints: Endpoint[]): Listing {
  const kinds = collectionKinds(endpoints.map((e) => e.path));
  const idKinds = new Map<Endpoint, Record<string, string[]>>();
  const nameKinds = new Map<Endpoint, Record<string, string | undefined>>();
  const outputs = new Map<Endpoint, string[]>();
  for (const e of endpoints) {
    const ids: Record<string, string[]> = {};
    const names: Record<string, string | undefined> = {};
    const plain = e.path.split('/').filter((s) => s && !s.startsWith('{'));
    const last = plain.length ? kindOfWord(plain[plain.length - 1].replace(/-/g, '_').split('_').pop()!, kinds) : undefined;
    for (const param of e.required) {
      const isPath = e.path.includes(`{${param}}`);
      if (isPath && isIdName(param)) {
        const kind = pathParamKind(e.path, param, kinds);
        ids[param] = kind ? [kind] : [];
      } else if (isPath) names[param] = pathParamKind(e.path, param, kinds);
      else if (!isPath && kindOfWord(param, kinds) === singular(param)) ids[param] = [singular(param)]; // `tracks`: the tracks' ids
      else if (/^(ids|uri|uris)$/.test(param)) {
        // The kinds the parameter's own doc names, else the collection the path ends in (PUT /me/tracks: tracks).
        const named = [...new Set(nameWords(e.params[param]?.doc ?? '').map((w) => kindOfWord(w, kinds)).filter((k): k is string => !!k))];
        ids[param] = named.length ? named : last ? [last] : [];
      }
    }
    idKinds.set(e, ids);
    nameKinds.set(e, names);
    const titled = e.summary.map((w) => kindOfWord(w, kinds)).filter((k): k is string => !!k);
    outputs.set(e, e.returns.length ? e.returns : e.method === 'GET' ? (last ? [last] : titled) : []);
  }
  return { endpoints, kinds, idKinds, nameKinds, outputs };
}

// ---- reading the transcript -------------------------------------------------------------------

interface Step {
  action: Action;
  observation: string;
  ok: boolean;
}

function transcript(messages: ChatMessage[]): Step[] {
  return jsonCalls(messages).map(({ action, observation }) => ({ action, observation, ok: observation !== '' && !looksLikeFailure(observation) && !/"error"\s*:/.test(observation) }));
}

function requestText(messages: ChatMessage[]): string {
  const text = promptText(messages);
  return (/Request:\s*(.+)/.exec(text)?.[1] ?? /User query:\s*(.+)/.exec(text)?.[1] ?? /Your goal is to:\s*(.+)/.exec(text)?.[1] ?? '').trim();
}

interface SeenId {
  id: string;
  kinds: string[];
}

/** A value an output field held, with the field's name and the step it came from. */
interface SeenField {
  key: string;
  value: string | number;
  step: number;
  /** Whether it came from the signed-in user's profile. */
  self: boolean;
}

function parseJson(text: string): unknown {
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
function seenValues(messages: ChatMessage[], steps: Step[], listing: Listing, byName: Map<string, Endpoint>): { ids: SeenId[]; fields: SeenField[] } {
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
function isSelf(e: Endpoint, outputs: string[] | undefined): boolean {
  if (e.method !== 'GET' || e.required.length > 0 || e.path.split('/').filter(Boolean).length !== 1 || !outputs?.length) return false;
  const at = e.summary.findIndex((w) => /^(current|authenticat|sign)/.test(w));
  return at >= 0 && e.summary[at + 1] === outputs[0];
}

// ---- the request ------------------------------------------------------------------------------

const VERBS = new Set('follow make play add save show create pause skip set append give recommend delete remove rename clear turn switch put what who unfollow i fork open close find list get tell star review assign label publish look'.split(' '));

/** Names the request gives: quoted (the user's own things, or new names) and capitalised names of things. */
function namesIn(request: string, kinds: string[], paths: string[] = []): { quoted: string[]; catalogue: { name: string; kind?: string }[] } {
  const quotes = /(?:^|[\s(])["'‘“]([^"'’”]+)["'’”](?=$|[\s.,!?)])/g;
  const quoted = [...request.matchAll(quotes)].map((m) => m[1]);
  const stripped = request.replace(quotes, ' _ ');
  const catalogue: { name: string; kind?: string }[] = [];
  for (const m of stripped.matchAll(/\b([A-Z][\w&]*(?:'s)?(?:\s+(?:of|the|de|[A-Z0-9][\w&]*(?:'s)?))*)/g)) {
    let name = m[1].replace(/'s$/, '');
    const tokens = name.split(/\s+/);
    while (tokens.length && (VERBS.has(tokens[0].toLowerCase()) || tokens[0] === 'My')) tokens.shift();
    while (tokens.length && /^(of|the)$/i.test(tokens.at(-1)!)) tokens.pop();
    name = tokens.join(' ');
    if (!name || quoted.includes(name) || /^My\b/.test(m[1])) continue;
    // The kind word just before or after the name says what it is ("album Mojito", "the Tailwind CSS repository").
    const beforeWords = stripped.slice(0, m.index).trim().split(/\s+/);
    const afterWords = stripped.slice(m.index! + m[1].length).trim().split(/\s+/);
    const kind = kindOfWord(stem(beforeWords.at(-1) ?? ''), kinds) ?? kindOfWord(stem(afterWords[0] ?? ''), kinds) ?? ownerKind(m[1], beforeWords, afterWords, kinds, paths);
    catalogue.push({ name, kind });
  }
  return { quoted, catalogue };
}

/**
 * "NAME's albums", "the albums of NAME", "songs by NAME": NAME is of the kind whose things those are,
 * as the listed paths nest them (`/artists/{id}/albums`: an album belongs to an artist).
 */
function ownerKind(raw: string, before: string[], after: string[], kinds: string[], paths: string[]): string | undefined {
  const owned = /'s$/.test(raw) ? stem(after.find((w) => kindOfWord(stem(w), kinds)) ?? '') : /^(of|by|from)$/i.test(before.at(-1) ?? '') ? stem([...before].reverse().find((w) => kindOfWord(stem(w), kinds)) ?? '') : '';
  const thing = owned ? kindOfWord(owned, kinds) : undefined;
  if (!thing) return undefined;
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    for (let i = 0; i + 2 < segments.length; i++) {
      const last = segments[i + 2].replace(/-/g, '_').split('_').pop()!;
      if (!segments[i].startsWith('{') && segments[i + 1].startsWith('{') && kindOfWord(last, kinds) === thing) return kindOfWord(segments[i], kinds);
    }
  }
  return undefined;
}

/** The request's parts: clauses joined by "and", commas or "then". */
const clauses = (request: string) => request.split(/\s*(?:,|;|:|\band\b|\bthen\b)\s*/i).filter((c) => words(c).length > 0);

/**
 * A name the request gives for a name parameter: `owner/repo` for two neighbouring name parameters,
 * `#314` or a bare number for a number, a one-word quoted name, the word next to the kind's own
 * word ("my notes-app repository"), else a word the listed docs never use (a name only the user knows).
 */
function requestName(request: string, e: Endpoint, param: string, kind: string | undefined, docWords: Set<string>): ArgValue | undefined {
  const pair = new RegExp(`\\{(\\w+)\\}/\\{${param}\\}|\\{${param}\\}/\\{(\\w+)\\}`).exec(e.path);
  const slashed = /\b([\w.-]+)\/([\w.-]+)\b/.exec(request);
  if (pair && slashed) return pair[1] ? slashed[2] : slashed[1];
  if (e.params[param]?.type === 'number' || /number$/.test(param)) {
    const number = /#(\d+)/.exec(request)?.[1];
    return number === undefined ? undefined : Number(number);
  }
  const quoted = /["'‘“]([^"'’”\s]+)["'’”]/.exec(request)?.[1];
  if (quoted) return quoted;
  const tokens = request.split(/\s+/).map((w) => w.replace(/^[^\w]+|[^\w]+$/g, ''));
  if (kind) {
    const at = tokens.findIndex((w) => kindOfWord(stem(w), [kind]) === kind);
    if (at > 0 && !/^(my|the|a|an|this|that|of|in|to|on)$/i.test(tokens[at - 1]) && !docWords.has(tokens[at - 1].toLowerCase())) return tokens[at - 1];
  }
  return tokens.find((w) => w.length > 2 && !STOP.has(w.toLowerCase()) && !docWords.has(w.toLowerCase()) && !/^[A-Z]/.test(w) && /[a-z]/.test(w));
}

// ---- scoring ----------------------------------------------------------------------------------

function idf(endpoints: Endpoint[]): (word: string) => number {
  const df = new Map<string, number>();
  for (const e of endpoints) for (const w of new Set([...e.pathWords, ...e.summary, ...e.rest])) df.set(w, (df.get(w) ?? 0) + 1);
  return (word) => Math.log((endpoints.length + 1) / ((df.get(word) ?? 0) + 0.5));
}

/** How well an endpoint's shown text covers the given words: title words count most, then path words. */
function overlap(e: Endpoint, want: string[], weight: (w: string) => number): number {
  let score = 0;
  for (const w of new Set(want)) {
    // A bare name (EcoAct) has only its path words: they count as a title would.
    const place = e.summary.includes(w) ? 2 : e.pathWords.includes(w) ? (e.summary.length ? 1.5 : 2) : e.rest.includes(w) ? 0.5 : 0;
    score += place * Math.max(0.1, weight(w));
  }
  return score;
}

/** What a clause's verb asks of the API, by the HTTP methods' usual meanings: a change (and by which methods) or a read. */
const WRITE: Record<string, string[]> = Object.fromEntries(
  [
    ['follow save put set turn increase decrease rename name enable change play resume start pause star merge update edit close', ['PUT', 'PATCH']],
    ['add append queue assign label tag', ['POST', 'PUT']],
    ['create open publish fork comment', ['POST']],
    ['make', ['POST', 'PUT']],
    ['skip switch next previous approve request ask leave', ['POST']],
    ['remove delete clear cancel unfollow unstar', ['DELETE']],
  ].flatMap(([verbs, methods]) => (verbs as string).split(' ').map((v) => [v, methods as string[]])),
);
const READ = new Set('show what who which give list get find tell recommend when where look check'.split(' '));

function intentOf(clause: string): string[] | undefined {
  for (const raw of clause.toLowerCase().split(/[^a-z]+/)) {
    if (WRITE[raw]) return WRITE[raw];
    if (READ.has(raw)) return ['GET'];
  }
  return undefined;
}

/** The endpoints that do what each clause asks, in the request's order. */
function targetsOf(request: string, listing: Listing, weight: (w: string) => number): Endpoint[] {
  const targets: Endpoint[] = [];
  let intent: string[] | undefined;
  const { endpoints, kinds } = listing;
  for (const clause of clauses(request)) {
    let want = words(clause);
    intent = intentOf(clause) ?? intent;
    const fit = (e: Endpoint) => overlap(e, want, weight) + (intent ? (intent.includes(e.method) ? 3 : -3) : 0);
    // A clause can ask two things ("make a playlist containing songs"): take the best endpoint, then
    // see whether the words it left still call for another.
    for (let round = 0; round < 2 && want.length; round++) {
      const ranked = endpoints.map((e) => ({ e, s: fit(e) })).sort((a, b) => b.s - a.s);
      const best = ranked[0];
      if (!best || best.s < (round === 0 ? 4 : 6)) break;
      if (!targets.includes(best.e)) targets.push(best.e);
      const used = new Set([...best.e.summary, ...best.e.pathWords]);
      want = want.filter((w) => !used.has(w) && !kinds.includes(w));
      // Another change only for a verb written as one ("and name it"), not a participle that qualifies a thing ("the song now playing").
      const verbs = new Set(clause.toLowerCase().split(/[^a-z]+/).filter((w) => WRITE[w]));
      if (!want.some((w) => WRITE[w] && verbs.has(w))) break;
      want = [...want, ...words(clause).filter((w) => kinds.includes(w))];
    }
  }
  // What creates a resource comes before what fills it ("make a playlist containing ...").
  return targets.sort((a, b) => Number(b.method === 'POST' && b.summary.includes('create')) - Number(a.method === 'POST' && a.summary.includes('create')));
}

// ---- the advisor ------------------------------------------------------------------------------

function enumValues(doc: string): string[] {
  return [...doc.matchAll(/`([\w-]+)`|\*\*([\w-]+)\*\*/g)].map((m) => m[1] ?? m[2]).filter((v) => !/=/.test(v));
}

/** Everything one call of `advise` reads, shared by the helpers below. */
interface Reading {
  request: string;
  text: string;
  listing: Listing;
  ids: SeenId[];
  fields: SeenField[];
  docWords: Set<string>;
  entity?: { name: string; kind?: string };
}

/** A value for a required parameter that is neither an id nor a name: from the request or the parameter's doc. */
function literal(param: string, e: Endpoint, r: Reading): ArgValue | undefined {
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
  // A name or title the user typed (in quotes) fills a name-like field.
  const quoted = namesIn(request, r.listing.kinds).quoted[0];
  if (quoted && /name|title|body|message|tag|label|head|base/.test(param)) return quoted;
  return undefined;
}

function pickId(kinds: string[], ids: SeenId[]): string | undefined {
  return [...ids].reverse().find((s) => kinds.length === 0 || s.kinds.some((k) => kinds.includes(k)))?.id;
}

/** A name parameter's value: the same-named field of an earlier output, else a name the request gives, else "my" = the signed-in user. */
function nameValue(e: Endpoint, param: string, r: Reading): ArgValue | undefined {
  const kind = r.listing.nameKinds.get(e)?.[param];
  const same = [...r.fields].reverse().find((f) => f.key === param && !f.self);
  if (same) return same.value;
  const given = requestName(r.request, e, param, kind, r.docWords);
  const mine = /\bmy\b/i.test(r.request) ? [...r.fields].reverse().find((f) => f.self && /name|login/.test(f.key)) : undefined;
  // "my X": X is the thing's own name (the last name in the path); the names before it (its owner) are me.
  const names = Object.keys(r.listing.nameKinds.get(e) ?? {});
  if (mine && names.length > 1 && names.indexOf(param) < names.length - 1) return mine.value;
  return given;
}

function callOf(e: Endpoint, r: Reading): Action | undefined {
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

/** The endpoints a request asks for, in order, given the shown options (exported for tests). */
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

export const restapiAdvisor: Advisor = {
  env: 'restapi',
  recognizes: (text) => /operations listed \(simulated\)/.test(text),

  advise({ messages, options }: AdvisorInput): Advice {
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
    const { catalogue } = namesIn(request, listing.kinds, endpoints.map((e) => e.path));
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

    const targets = targetsOf(request, listing, weight);
    const want = [...words(request), ...catalogue.flatMap((c) => (c.kind ? [c.kind] : []))];
    // "my ...": who the signed-in user is comes first, when the request is about my things and a
    // target needs an id or a name the request does not give.
    const self = endpoints.find((e) => isSelf(e, listing.outputs.get(e)));
    if (self && /\bmy\b/i.test(request) && !done.has(self.name)) {
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
        const nameNeed = Object.entries(listing.nameKinds.get(target) ?? {}).find(([param]) => nameValue(target, param, reading) === undefined)?.[1];
        if (nameNeed) {
          const own = new Set([...target.summary, ...target.pathWords]);
          const producer = producerOf(nameNeed, listing, reading, done, want.filter((w) => !own.has(w)), weight, tried);
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
      const producer = producerOf(need, listing, reading, done, want.filter((w) => !own.has(w)), weight, tried);
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
  },

  values({ messages, options }: AdvisorInput, _tool: string, param: string): ArgValue[] {
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
    const { quoted, catalogue } = namesIn(request, kinds);
    if (!isIdName(param) || found.size === 0) {
      quoted.forEach((q) => found.add(q));
      catalogue.forEach((c) => found.add(c.name));
      for (const m of request.matchAll(/\b([\w.-]+)\/([\w.-]+)\b/g)) [m[1], m[2]].forEach((v) => found.add(v));
      for (const m of request.matchAll(/#?\b(\d{1,5})\b/g)) found.add(Number(m[1]));
      if (/type/.test(param)) for (const kind of kinds) if (text.toLowerCase().includes(kind)) found.add(kind);
    }
    return [...found];
  },
};

/**
 * A call that yields an id (or a name) of `kind`: one that can be made now (its own ids are at hand)
 * and was not made yet, best if it reads from an id already fetched (chaining) and if its words fit
 * the request ("my first playlist" -> GET /me/playlists). Looks one more link back when none can be made.
 */
function producerOf(kind: string, listing: Listing, r: Reading, done: Set<string>, want: string[], weight: (w: string) => number, tried: (name: string) => number): Endpoint | undefined {
  const have = (k: string) => r.ids.some((s) => s.kinds.includes(k));
  const needs = (e: Endpoint) => Object.values(listing.idKinds.get(e) ?? {}).filter((k) => k.length > 0);
  const callable = (e: Endpoint) => needs(e).every((k) => k.some(have)) && Object.keys(listing.nameKinds.get(e) ?? {}).every((p) => nameValue(e, p, r) !== undefined);
  const isSearch = (e: Endpoint) => e.pathWords.includes('search');
  const candidates = listing.endpoints.filter((e) => e.method === 'GET' && !isSearch(e) && !done.has(e.name) && tried(e.name) < 2 && listing.outputs.get(e)?.includes(kind));
  // "the artist of the song ...": a call that reads the artist off a thing the request speaks of.
  const spoken = (e: Endpoint) => needs(e).some((k) => !k.includes(kind) && k.some((x) => want.includes(x)));
  const rank = (e: Endpoint) => overlap(e, want, weight) + (spoken(e) ? 6 : 0) + (listing.outputs.get(e)?.[0] === kind ? 1 : 0) + (callable(e) ? 2 : 0);
  for (const e of candidates.sort((a, b) => rank(b) - rank(a))) {
    if (callable(e)) return e;
    const need = needs(e).find((k) => !k.some(have))?.[0];
    if (!need) continue;
    const before = listing.endpoints.filter((p) => p.method === 'GET' && !isSearch(p) && !done.has(p.name) && listing.outputs.get(p)?.includes(need) && callable(p)).sort((a, b) => rank(b) - rank(a))[0];
    if (before) return before;
  }
  return undefined;
}
