import type { Endpoint, Listing } from './endpoints';
import { AUXILIARY, clauses } from './request-names';
import { kindOfWord, singular } from './path-kinds';
import { stem, words } from './words';

/** Which endpoints do what a request asks: word overlap (IDF weighted) and the HTTP methods' usual meanings. */
export function idf(endpoints: Endpoint[]): (word: string) => number {
  const df = new Map<string, number>();
  for (const e of endpoints) for (const w of new Set([...e.pathWords, ...e.summary, ...e.rest])) df.set(w, (df.get(w) ?? 0) + 1);
  return (word) => Math.log((endpoints.length + 1) / ((df.get(word) ?? 0) + 0.5));
}

/** How well an endpoint's shown text covers the given words: title words count most, then path words. */
export function overlap(e: Endpoint, want: string[], weight: (w: string) => number): number {
  let score = 0;
  for (const w of new Set(want)) {
    // A bare name (EcoAct) has only its path words: they count as a title would.
    const place = e.summary.includes(w) ? 2 : e.pathWords.includes(w) ? (e.summary.length ? 1.5 : 2) : e.rest.includes(w) ? 0.5 : 0;
    score += place * Math.max(0.1, weight(w));
  }
  return score;
}

/** What a clause's verb asks of the API, by the HTTP methods' usual meanings: a change (and by which methods) or a read. */
export const WRITE: Record<string, string[]> = Object.fromEntries(
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

/** The kinds a clause names in the plural ("What tags ...", "list the files"): it asks for a list of them. */
export function pluralKinds(clause: string, kinds: string[]): Set<string> {
  const plural = new Set<string>();
  for (const raw of clause.toLowerCase().split(/[^a-z]+/)) {
    const kind = raw.length > 3 && singular(raw) !== raw ? kindOfWord(raw, kinds) : undefined;
    if (kind) plural.add(kind);
  }
  return plural;
}

/** A list of things asked for fits a path that ends in their collection (`/tags`) and not one that ends in one of them (`/tags/{tag}`). */
function shape(e: Endpoint, plural: Set<string>): number {
  if (e.method !== 'GET' || plural.size === 0) return 0;
  const segments = e.path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  if (!last.startsWith('{')) return plural.has(singular(last.replace(/-/g, '_').split('_').pop()!)) ? 1 : 0;
  const collection = segments.at(-2) ?? '';
  return plural.has(singular(collection.replace(/-/g, '_').split('_').pop()!)) ? -1 : 0;
}

/** The words a request speaks of the user's own things with: a read of the signed-in user's things is asked with one. */
const OWN = /\b(?:my|mine|me|our|ours|myself)\b/i;

/**
 * A read of the signed-in user's things: a GET whose title says it is for the current or authenticated
 * user ("List repositories for the authenticated user", "Get Current User's Playlists"). A change is
 * always made by the signed-in user, so only reads are told apart: "what repositories do they have"
 * asks for someone else's.
 */
function readsOwnThings(e: Endpoint): boolean {
  return e.method === 'GET' && e.summary.some((w, i) => /^(current|authenticat|signed)/.test(w) && e.summary[i + 1] === 'user');
}

/** A question of what changed, or of the difference, between things: it asks for a comparison (plain English). */
const COMPARISON = /\b(?:chang|differ)\w*\b.*\bbetween\b/i;

/** A later clause speaking of someone an earlier one found: a personal pronoun or "that person". */
const SOMEONE = /\b(?:they|them|their|he|him|his|she|her|(?:that|this|the same) person)\b/i;

/** English nouns that name people: a kind called so is a person, whom "who", "they" and "that person" speak of. */
const PEOPLE = new Set('user person people member author contributor follower'.split(' '));

/** The person kind an earlier target returns or names (the user who opened an issue), newest target first. */
function personFound(targets: Endpoint[], listing: Listing): string | undefined {
  for (const t of [...targets].reverse()) {
    const kind = [...(listing.outputs.get(t) ?? []), ...t.naming].find((k) => PEOPLE.has(k));
    if (kind) return kind;
  }
  return undefined;
}

/** Whether an endpoint's path addresses a thing of `kind` by a parameter (`/users/{username}/repos`: a user). */
function addresses(e: Endpoint, kind: string, listing: Listing): boolean {
  return Object.values(listing.nameKinds.get(e) ?? {}).includes(kind) || Object.values(listing.idKinds.get(e) ?? {}).some((k) => k.includes(kind));
}

/** The lookup of one thing of `kind`: a GET whose path ends in the parameter that names it (`GET /users/{username}`), shortest first. */
function lookupOf(kind: string, listing: Listing): Endpoint | undefined {
  return listing.endpoints.filter((e) => readsOne(e, kind, listing)).sort((a, b) => a.path.length - b.path.length)[0];
}

/**
 * A subject question, "Which organization maintains X?": "which" or "what", one thing of a listed kind
 * (singular), then the question's own verb. The thing of that kind is what is asked for; the verb and
 * what follows say which one, as a relative clause does. Returns the asking part ("Which organization")
 * and the kind. A plural ("What repositories ...") or an auxiliary ("What tag does ...") asks otherwise.
 */
export function subjectQuestion(clause: string, kinds: string[]): { head: string; kind: string } | undefined {
  const m = /^\s*(?:which|what)\s+([A-Za-z]+)\s+([A-Za-z]+)/i.exec(clause);
  if (!m || singular(m[1]) !== m[1].toLowerCase() || AUXILIARY.has(m[2].toLowerCase())) return undefined;
  const kind = kindOfWord(m[1].toLowerCase(), kinds);
  return kind ? { head: m[0].slice(0, m[0].length - m[2].length).trim(), kind } : undefined;
}

/** Whether an endpoint reads one thing of `kind`: a GET whose path ends in the parameter that names it (`GET /orgs/{org}`). */
function readsOne(e: Endpoint, kind: string, listing: Listing): boolean {
  const last = /\{(\w+)\}$/.exec(e.path)?.[1];
  return e.method === 'GET' && !!last && (listing.nameKinds.get(e)?.[last] === kind || !!listing.idKinds.get(e)?.[last]?.includes(kind));
}

/** A clause less its relative clause: what comes before a "who", "whom" or "whose" that follows a word ("the person who starred it"). */
export function mainClause(clause: string): string {
  const m = /\S\s+(?:who|whom|whose)\s/i.exec(clause);
  return m ? clause.slice(0, m.index + 1) : clause;
}

/**
 * The endpoints that do what each clause asks, in the request's order. `given` counts the things an
 * endpoint's path names that the request itself names (`owner/repo`, `#314`): an endpoint the user's
 * own names fill fits better than one that needs them looked up.
 */
export function targetsOf(request: string, listing: Listing, weight: (w: string) => number, given: (e: Endpoint) => number = () => 0): Endpoint[] {
  const targets: Endpoint[] = [];
  let intent: string[] | undefined;
  const { endpoints, kinds } = listing;
  const parts = clauses(request);
  const own = OWN.test(request);
  parts.forEach((clause, at) => {
    // A relative clause ("the first person who starred my repository") says which thing, not what to do:
    // its words and its verb choose no endpoint; nor does the verb of a subject question and what follows it.
    const subject = subjectQuestion(clause, kinds);
    const main = subject?.head ?? mainClause(clause);
    let want = words(main);
    // "What changed between A and B", "the difference between ...": a comparison of the two is asked for.
    if (COMPARISON.test(main)) want = [...want, stem('compare')];
    // A clause without a verb of its own takes the one before it, else the one after ("I no longer want X, please remove it").
    intent = intentOf(main) ?? intent ?? parts.slice(at + 1).map(intentOf).find(Boolean);
    const plural = pluralKinds(clause, kinds);
    // A read of the signed-in user's things fits a request that speaks of "my" things only.
    // A subject question asks for one thing of its kind: what reads one of them fits better.
    const one = (e: Endpoint) => (subject && readsOne(e, subject.kind, listing) ? 1 : 0);
    const fit = (e: Endpoint) => overlap(e, want, weight) + (intent ? (intent.includes(e.method) ? 3 : -3) : 0) + shape(e, plural) + one(e) + (!own && readsOwnThings(e) ? -3 : 0);
    // "... and what repositories do they have": they are the person an earlier clause found; what
    // addresses that person (`/users/{username}/repos`) fits better, and a question about them in words
    // no operation's title or path uses ("which company do they work for") asks for their own lookup.
    const person = at > 0 && SOMEONE.test(clause) ? personFound(targets, listing) : undefined;
    const about = (e: Endpoint) => (person && addresses(e, person, listing) ? 2 : 0);
    const titled = (e: Endpoint) => want.some((w) => e.summary.includes(w) || e.pathWords.includes(w));
    // A clause can ask two things ("make a playlist containing songs"): take the best endpoint, then
    // see whether the words it left still call for another.
    for (let round = 0; round < 2 && want.length; round++) {
      // Among the endpoints that fit well enough, those whose path the user's own names fill come first, a point per name.
      const floor = round === 0 ? 4 : 6;
      const ranked = endpoints.map((e) => ({ e, s: fit(e) })).filter((x) => x.s >= floor).map((x) => ({ ...x, s: x.s + given(x.e) + about(x.e) })).sort((a, b) => b.s - a.s);
      const lookup = round === 0 && person && (!ranked[0] || !titled(ranked[0].e)) ? lookupOf(person, listing) : undefined;
      if (lookup) {
        if (!targets.includes(lookup)) targets.push(lookup);
        break;
      }
      const best = ranked[0];
      if (!best) break;
      if (!targets.includes(best.e)) targets.push(best.e);
      const used = new Set([...best.e.summary, ...best.e.pathWords]);
      want = want.filter((w) => !used.has(w) && !kinds.includes(w));
      // Another change only for a verb written as one ("and name it"), not a participle that qualifies a thing ("the song now playing").
      const verbs = new Set(main.toLowerCase().split(/[^a-z]+/).filter((w) => WRITE[w]));
      if (!want.some((w) => WRITE[w] && verbs.has(w))) break;
      want = [...want, ...words(main).filter((w) => kinds.includes(w))];
    }
  });
  // What creates a resource comes before what fills it ("make a playlist containing ...").
  return targets.sort((a, b) => Number(b.method === 'POST' && b.summary.includes('create')) - Number(a.method === 'POST' && a.summary.includes('create')));
}
