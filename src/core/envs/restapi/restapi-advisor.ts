import type { Action, ArgValue } from '../../types';
import type { Advice, Advisor, AdvisorInput } from '../../llm/advisor';
import type { ChatMessage, ShownOption } from '../../llm/language-model';
import { jsonCalls, promptText } from '../../llm/advisor';
import { looksLikeFailure } from '../../llm/failure-signals';
import { OptionCache } from '../../llm/sim/read-context';

/**
 * The observable advisor of RestBench (docs/simulated-model.md): it reads the request, the shown endpoint docs
 * (method, path, summary; a bare name under EcoAct) and the JSON outputs of earlier calls, and
 * proposes the next call the way an API-savvy reader would: first fetch what the request refers to
 * (search a named artist/album/song, or read "my playlists", "the song now playing", ...), then
 * chain the ids those outputs carry into the endpoints that do what the request asks, and finish
 * when every part of the request has had its call. Endpoints are matched by word overlap (IDF
 * weighted) between the request's clauses and each option's shown text. It never sees the gold
 * path: ids come only from the observations or the request.
 */

// ---- words ------------------------------------------------------------------------------------

const STOP = new Set(
  'a an the of to in on at for from by with and or is are be it its i you your this that these those some all any now please which who what whose as into based base one more'.split(' '),
);

/** Common-sense synonyms: how a user says what the API docs name differently. */
const SYNONYMS: Record<string, string> = {
  song: 'track', songs: 'track', singer: 'artist', singers: 'artist', band: 'artist',
  following: 'follow', followed: 'follow', follower: 'follow', followers: 'follow',
  playing: 'play', played: 'play', resume: 'play', start: 'play',
  currently: 'current', skip: 'next', switch: 'next', delete: 'remove', clear: 'remove', cancel: 'remove',
  make: 'create', new: 'create', append: 'add', containing: 'add', contain: 'add', put: 'add', rename: 'name', named: 'name',
  favorite: 'top', favourite: 'top', saved: 'save', recommend: 'related', similar: 'related', turn: 'volume', increase: 'volume',
  my: 'me', details: 'detail', information: 'detail', info: 'detail', mode: 'repeat', private: 'public', username: 'name',
};

/** Resource kinds a Spotify-like API deals in, singular. */
const KINDS = ['album', 'artist', 'track', 'playlist', 'user', 'show', 'episode', 'device', 'category'];

function stem(raw: string): string {
  let word = raw.toLowerCase().replace(/'s$/, '').replace(/[^a-z0-9]/g, '');
  if (SYNONYMS[word]) return SYNONYMS[word];
  if (word.length > 3 && word.endsWith('ies')) word = `${word.slice(0, -3)}y`;
  else if (word.length > 3 && word.endsWith('s') && !/(ss|us)$/.test(word)) word = word.slice(0, -1);
  return SYNONYMS[word] ?? word;
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

interface Endpoint {
  name: string;
  method: string;
  /** Non-parameter path segments, as words (`/me/player/currently-playing` -> me, player, current, play). */
  pathWords: string[];
  /** Words of the summary (the title after the path) and of the rest of the doc. */
  summary: string[];
  rest: string[];
  /** Required parameters shown (path parameters under a bare name). */
  required: string[];
  /** Parameters that take ids, with the kind each takes. */
  idParams: Record<string, string>;
  /** Kinds a call returns, by the path and summary (search: what it is asked for). */
  outputs: string[];
  /** The doc text of each parameter, for enum-like values. */
  paramDocs: Record<string, string>;
}

const singular = (segment: string) => stem(segment.replace(/-/g, ' ').split(' ').pop() ?? segment);
const kindOf = (word: string) => KINDS.find((k) => k === word);

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
  const argsText = /Arguments:\s*([\s\S]*)$/.exec(rest)?.[1] ?? '';
  rest = rest.replace(/Arguments:[\s\S]*$/, '');
  const paramDocs: Record<string, string> = {};
  for (const m of argsText.matchAll(/"(\w+)" \((\w+), (required|optional)\):\s*([^;]*)/g)) paramDocs[m[1]] = m[4];
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const required = [...new Set([...pathParams, ...[...argsText.matchAll(/"(\w+)" \(\w+, required\)/g)].map((m) => m[1])])];
  const segments = path.split('/').filter(Boolean);
  const plain = segments.filter((s) => !s.startsWith('{'));
  const idParams: Record<string, string> = {};
  for (const param of required) {
    if (pathParams.includes(param)) {
      const before = param === 'id' ? segments[segments.indexOf('{id}') - 1] ?? '' : param.replace(/_id$/, '');
      idParams[param] = kindOf(singular(before)) ?? 'item';
    } else if (/^(ids|uri|uris)$/.test(param)) {
      // The kind the parameter's doc names, else the collection the path ends in (PUT /me/tracks: tracks).
      idParams[param] = words(paramDocs[param] ?? '').map(kindOf).find(Boolean) ?? kindOf(singular(plain.at(-1) ?? '')) ?? 'track';
    }
  }
  const summaryWords = words(summary);
  const last = kindOf(singular(plain.at(-1) ?? ''));
  // What a call returns: the collection its path ends in, else what its title names (not possessives).
  const named = summary.split(/\s+/).filter((w) => !/'s?$/.test(w)).map(stem).map(kindOf).filter((k): k is string => !!k);
  let outputs = last ? [last] : named.length ? named : words(rest).map(kindOf).filter((k): k is string => !!k);
  if (/profile/i.test(summary) || path === '/me') outputs = ['user', ...outputs];
  if (/queue/i.test(path) && method === 'GET') outputs = ['track'];
  if (method === 'GET' && /\{id\}$/.test(path) && last === 'track') outputs = ['track', 'artist', 'album']; // a track carries its artists and album
  if (method === 'GET' && /\{id\}$/.test(path) && last === 'album') outputs = ['album', 'artist', 'track'];
  if (method === 'GET' && /\{playlist_id\}$/.test(path)) outputs = ['playlist', 'track', 'artist'];
  return { name: option.name, method, pathWords: plain.flatMap((s) => words(s.replace(/-/g, ' '))), summary: summaryWords, rest: words(rest), required, idParams, outputs, paramDocs };
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

/** Ids the prompt shows: the request's known id, then those in successful outputs (newest last). */
function seenIds(messages: ChatMessage[], steps: Step[], endpoints: Map<string, Endpoint>): SeenId[] {
  const ids: SeenId[] = [];
  const known = /Known id:\s*(\S+)/.exec(promptText(messages))?.[1];
  if (known) ids.push({ id: known, kinds: [known.split('_')[0]] });
  for (const step of steps) {
    if (!step.ok) continue;
    const endpoint = endpoints.get(step.action.tool);
    // What the call was asked for (search type) or returns by its doc, and what the output says.
    const asked = step.action.tool.endsWith('search') ? String(step.action.args.type ?? '').split(',') : endpoint?.outputs ?? [];
    for (const m of step.observation.matchAll(/"(\w*id)"\s*:\s*"([^"]+)"[^}]*?(?:"type"\s*:\s*"(\w+)")?/g)) {
      // The output's own type is believed when the doc allows it (a search for a song that answers
      // with a playlist is still read as the song asked for).
      const said = m[3] ?? m[2].split('_')[0];
      ids.push({ id: m[2], kinds: asked.length === 0 ? [said] : asked.includes(said) ? [said, ...asked] : asked });
    }
  }
  return ids;
}

// ---- the request ------------------------------------------------------------------------------

const VERBS = new Set('follow make play add save show create pause skip set append give recommend delete remove rename clear turn switch put what who unfollow i'.split(' '));

/** Names the request gives: quoted (the user's own playlists or devices, or new names) and catalogue names (capitalised). */
function namesIn(request: string): { quoted: string[]; catalogue: { name: string; kind: string }[] } {
  const quoted = [...request.matchAll(/(?:^|[\s(])["'‘“]([^"'’”]+)["'’”](?=$|[\s.,!?)])/g)].map((m) => m[1]);
  const stripped = request.replace(/(?:^|[\s(])["'‘“]([^"'’”]+)["'’”](?=$|[\s.,!?)])/g, ' _ ');
  const catalogue: { name: string; kind: string }[] = [];
  for (const m of stripped.matchAll(/\b([A-Z][\w&]*(?:'s)?(?:\s+(?:of|the|de|[A-Z0-9][\w&]*(?:'s)?))*)/g)) {
    let name = m[1].replace(/'s$/, '');
    const tokens = name.split(/\s+/);
    while (tokens.length && (VERBS.has(tokens[0].toLowerCase()) || tokens[0] === 'My')) tokens.shift();
    while (tokens.length && /^(of|the)$/i.test(tokens.at(-1)!)) tokens.pop();
    name = tokens.join(' ');
    if (!name || quoted.includes(name) || /^My\b/.test(m[1])) continue;
    // The kind word just before the name says what it is ("album Mojito"); "X of NAME" and "NAME's X" name an artist.
    const before = stripped.slice(0, m.index).trim().split(/\s+/).map(stem);
    const kind = kindOf(before.at(-1) ?? '') ?? 'artist';
    catalogue.push({ name, kind });
  }
  return { quoted, catalogue };
}

/** The request's parts: clauses joined by "and", commas or "then". */
const clauses = (request: string) => request.split(/\s*(?:,|;|\band\b|\bthen\b)\s*/i).filter((c) => words(c).length > 0);

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

/** What a clause's verb asks of the API: a change (and by which methods) or a read. */
const WRITE: Record<string, string[]> = Object.fromEntries(
  [
    ['follow save put set turn increase decrease rename name enable change play resume start pause', ['PUT']],
    ['add append queue', ['POST', 'PUT']],
    ['create', ['POST']],
    ['make', ['POST', 'PUT']],
    ['skip switch next previous', ['POST']],
    ['remove delete clear cancel unfollow', ['DELETE']],
  ].flatMap(([verbs, methods]) => (verbs as string).split(' ').map((v) => [v, methods as string[]])),
);
const READ = new Set('show what who which give list get find tell recommend'.split(' '));

function intentOf(clause: string): string[] | undefined {
  for (const raw of clause.toLowerCase().split(/[^a-z]+/)) {
    if (WRITE[raw]) return WRITE[raw];
    if (READ.has(raw)) return ['GET'];
  }
  return undefined;
}

/** Phrases that pick out an object ("the song now playing", "my first playlist") rather than ask for an action. */
const QUALIFIER = /\b(?:now|currently|right now)\s+(?:being\s+)?play(?:ing|ed)\b|\b(?:which is\s+)?playing(?: right)? now\b|\brecently played\b|\bcurrent(?:ly)? play(?:ing)?\b/gi;

/** The endpoints that do what each clause asks, in the request's order. */
function targetsOf(request: string, endpoints: Endpoint[], weight: (w: string) => number): Endpoint[] {
  const targets: Endpoint[] = [];
  let intent: string[] | undefined;
  for (const clause of clauses(request)) {
    let want = words(clause);
    intent = intentOf(clause) ?? intent;
    if (intent && !intent.includes('GET')) {
      const qualifier = new Set(words(clause.match(QUALIFIER)?.join(' ') ?? ''));
      want = want.filter((w) => !qualifier.has(w));
    }
    const fit = (e: Endpoint) => overlap(e, want, weight) + (intent ? (intent.includes(e.method) ? 3 : -3) : 0);
    // A clause can ask two things ("make a playlist containing songs"): take the best endpoint, then
    // see whether the words it left still call for another.
    for (let round = 0; round < 2 && want.length; round++) {
      const ranked = endpoints.map((e) => ({ e, s: fit(e) })).sort((a, b) => b.s - a.s);
      const best = ranked[0];
      if (!best || best.s < (round === 0 ? 4 : 6)) break;
      if (!targets.includes(best.e)) targets.push(best.e);
      const used = new Set([...best.e.summary, ...best.e.pathWords]);
      want = want.filter((w) => !used.has(w) && !KINDS.includes(w));
      if (!want.some((w) => ['add', 'name', 'remove', 'save', 'create', 'follow', 'play'].includes(w))) break;
      want = [...want, ...words(clause).filter((w) => KINDS.includes(w))];
    }
  }
  // What creates a resource comes before what fills it ("make a playlist containing ...").
  return targets.sort((a, b) => Number(b.summary.includes('create')) - Number(a.summary.includes('create')));
}

// ---- the advisor ------------------------------------------------------------------------------

function enumValues(doc: string): string[] {
  return [...doc.matchAll(/`([\w-]+)`|\*\*([\w-]+)\*\*/g)].map((m) => m[1] ?? m[2]).filter((v) => !/=/.test(v));
}

/** A value for a required parameter that is not an id, read from the request or the parameter's doc. */
function literal(param: string, e: Endpoint, request: string, text: string, entity: { name: string; kind: string } | undefined): ArgValue | undefined {
  const lower = text.toLowerCase();
  const wanted = words(request);
  if (param === 'q') {
    if (entity) return entity.name;
    // The longest run of content words of the request, as written.
    const runs = request.split(/\b(?:a|an|the|of|to|me|my|some|please|play|find|search|recommend|with|for)\b/i).map((s) => s.trim()).filter(Boolean);
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
  if (param === 'type' && e.name.toLowerCase().includes('search')) {
    const kind = entity?.kind ?? wanted.map(kindOf).find(Boolean) ?? 'track';
    return lower.includes(kind) ? kind : undefined;
  }
  const options = enumValues(e.paramDocs[param] ?? '');
  const fit = options.find((o) => wanted.includes(stem(o))) ?? options[0];
  if (fit) return fit;
  if (/type/.test(param)) return ['artist', 'track'].find((k) => wanted.includes(k) && lower.includes(k)) ?? (lower.includes('artist') ? 'artist' : undefined);
  return undefined;
}

function pickId(kind: string, ids: SeenId[]): string | undefined {
  return [...ids].reverse().find((s) => s.kinds.includes(kind))?.id ?? ids.at(-1)?.id;
}

function callOf(e: Endpoint, request: string, text: string, ids: SeenId[], entity: { name: string; kind: string } | undefined): Action | undefined {
  const args: Record<string, ArgValue> = {};
  for (const param of e.required) {
    const kind = e.idParams[param];
    const value = kind ? pickId(kind, ids) : literal(param, e, request, text, entity);
    if (value === undefined || value === '') {
      if (kind) return undefined;
      continue;
    }
    args[param] = value;
  }
  return { tool: e.name, args };
}

/** The endpoints a request asks for, in order, given the shown options (exported for tests). */
export function requestTargets(request: string, options: ShownOption[]): string[] {
  const endpoints = options.map(parseEndpoint).filter((e): e is Endpoint => !!e);
  return targetsOf(request, endpoints, idf(endpoints)).map((e) => e.name);
}

export const restapiAdvisor: Advisor = {
  env: 'restapi',
  recognizes: (text) => /operations listed \(simulated\)/.test(text),

  advise({ messages, options }: AdvisorInput): Advice {
    const request = requestText(messages);
    const endpoints = options.map(parseEndpoint).filter((e): e is Endpoint => !!e);
    if (!request || endpoints.length === 0) return { calls: [] };
    const byName = new Map(endpoints.map((e) => [e.name, e]));
    const text = promptText(messages);
    const steps = transcript(messages);
    const ids = seenIds(messages, steps, byName);
    const done = new Set(steps.filter((s) => s.ok).map((s) => s.action.tool));
    const tried = (name: string) => steps.filter((s) => s.action.tool === name).length;
    const weight = idf(endpoints);
    const { catalogue } = namesIn(request);
    const known = /Known id:\s*(\S+)/.exec(text)?.[1];
    const have = (kind: string) => ids.some((s) => s.kinds.includes(kind));
    const search = endpoints.find((e) => e.method === 'GET' && e.pathWords.join(' ') === 'search');
    const call = (e: Endpoint, reason: string, entity?: { name: string; kind: string }): Advice | undefined => {
      if (tried(e.name) >= 2 && !done.has(e.name)) return undefined; // failed twice: look elsewhere
      const action = callOf(e, request, text, ids, entity);
      return action ? { calls: [action], reason } : undefined;
    };

    // 1. Look up the catalogue names the request gives (an artist, an album, a song), once each.
    if (search) {
      for (const entity of catalogue) {
        if (known && known.split('_')[0] === entity.kind) continue; // the request gave its id
        const searched = steps.some((s) => s.ok && s.action.tool === search.name && String(s.action.args.q ?? '').toLowerCase() === entity.name.toLowerCase());
        if (!searched) {
          const advice = call(search, `The request names ${entity.name}; search for it to get its id.`, entity);
          if (advice) return advice;
        }
      }
    }

    // 2. The endpoints that do what the request asks, in order; for the first not yet done, fetch
    //    the id it needs (chaining from what earlier outputs carry), else call it.
    const targets = targetsOf(request, endpoints, weight);
    const want = [...words(request), ...catalogue.map((c) => c.kind)];
    // The things the request speaks of that a change acts on without an id parameter for them
    // ("add top tracks to ...", "play the newest album"): read them before any change is made.
    const spokenNeed = (target: Endpoint) => {
      const takes = Object.values(target.idParams);
      const spoken = want.map(kindOf).filter((k): k is string => !!k && !have(k) && !target.outputs.includes(k) && k !== 'user');
      if (target.method === 'GET') return undefined;
      return spoken.find((k) => target.pathWords.includes(k) && !takes.includes(k)) ?? (takes.length === 0 ? spoken.find((k) => k === 'album' || k === 'playlist') : undefined);
    };
    const pending = targets.filter((t) => !done.has(t.name));
    const ordered = [...pending.filter((t) => spokenNeed(t)), ...pending];
    for (const target of ordered) {
      if (done.has(target.name)) continue;
      const missing = Object.values(target.idParams).find((kind) => !have(kind));
      const need = spokenNeed(target) ?? missing;
      if (!need) {
        const advice = call(target, `This call does what the request asks: ${target.summary.join(' ')}.`);
        if (advice) return advice;
        continue;
      }
      // The producer is read from what the request still needs: its words less the target's own.
      const own = new Set([...target.summary, ...target.pathWords.filter((w) => !KINDS.includes(w))]);
      const producer = producerOf(need, endpoints, ids, done, want.filter((w) => !own.has(w)), weight, tried);
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

  values({ messages }: AdvisorInput, _tool: string, param: string): ArgValue[] {
    const text = promptText(messages);
    const request = requestText(messages);
    const found = new Set<ArgValue>();
    const ids = [...text.matchAll(/"\w*id"\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
    const known = /Known id:\s*(\S+)/.exec(text)?.[1];
    if (/id|uri/.test(param)) {
      if (known) found.add(known);
      ids.forEach((id) => found.add(id));
    }
    const { quoted, catalogue } = namesIn(request);
    if (!/id|uri/.test(param) || found.size === 0) {
      quoted.forEach((q) => found.add(q));
      catalogue.forEach((c) => found.add(c.name));
      for (const m of request.matchAll(/\b(\d{1,3})\b/g)) found.add(Number(m[1]));
      for (const kind of KINDS) if (text.toLowerCase().includes(kind) && /type/.test(param)) found.add(kind);
    }
    return [...found];
  },
};

/**
 * A call that yields an id of `kind`: one that can be made now (its own ids are at hand) and was
 * not made yet, best if it reads from an id already fetched (chaining) and if its words fit the
 * request ("my first playlist" -> GET /me/playlists). Looks one more link back when none can be made.
 */
function producerOf(kind: string, endpoints: Endpoint[], ids: SeenId[], done: Set<string>, want: string[], weight: (w: string) => number, tried: (name: string) => number): Endpoint | undefined {
  const callable = (e: Endpoint) => Object.values(e.idParams).every((k) => ids.some((s) => s.kinds.includes(k)));
  const candidates = endpoints.filter((e) => e.method === 'GET' && e.pathWords.join(' ') !== 'search' && !done.has(e.name) && tried(e.name) < 2 && e.outputs.includes(kind));
  // "the artist of the song ...": a call that reads the artist off a song the request speaks of.
  const spoken = (e: Endpoint) => Object.values(e.idParams).some((k) => k !== kind && want.includes(k));
  const rank = (e: Endpoint) => overlap(e, want, weight) + (spoken(e) ? 6 : 0) + (e.outputs[0] === kind ? 1 : 0) + (callable(e) ? 2 : 0);
  for (const e of candidates.sort((a, b) => rank(b) - rank(a))) {
    if (callable(e)) return e;
    const need = Object.values(e.idParams).find((k) => !ids.some((s) => s.kinds.includes(k)))!;
    const before = endpoints.filter((p) => p.method === 'GET' && p.pathWords.join(' ') !== 'search' && !done.has(p.name) && p.outputs.includes(need) && callable(p)).sort((a, b) => rank(b) - rank(a))[0];
    if (before) return before;
  }
  return undefined;
}
