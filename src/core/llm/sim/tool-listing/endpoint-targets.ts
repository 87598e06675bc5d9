import type { Endpoint, Listing } from './endpoints';
import { clauses } from './request-names';
import { kindOfWord, singular } from './path-kinds';
import { words } from './words';

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
function pluralKinds(clause: string, kinds: string[]): Set<string> {
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
  parts.forEach((clause, at) => {
    let want = words(clause);
    // A clause without a verb of its own takes the one before it, else the one after ("I no longer want X, please remove it").
    intent = intentOf(clause) ?? intent ?? parts.slice(at + 1).map(intentOf).find(Boolean);
    const plural = pluralKinds(clause, kinds);
    const fit = (e: Endpoint) => overlap(e, want, weight) + (intent ? (intent.includes(e.method) ? 3 : -3) : 0) + shape(e, plural);
    // A clause can ask two things ("make a playlist containing songs"): take the best endpoint, then
    // see whether the words it left still call for another.
    for (let round = 0; round < 2 && want.length; round++) {
      // Among the endpoints that fit well enough, those whose path the user's own names fill come first, a point per name.
      const floor = round === 0 ? 4 : 6;
      const ranked = endpoints.map((e) => ({ e, s: fit(e) })).filter((x) => x.s >= floor).map((x) => ({ ...x, s: x.s + given(x.e) })).sort((a, b) => b.s - a.s);
      const best = ranked[0];
      if (!best) break;
      if (!targets.includes(best.e)) targets.push(best.e);
      const used = new Set([...best.e.summary, ...best.e.pathWords]);
      want = want.filter((w) => !used.has(w) && !kinds.includes(w));
      // Another change only for a verb written as one ("and name it"), not a participle that qualifies a thing ("the song now playing").
      const verbs = new Set(clause.toLowerCase().split(/[^a-z]+/).filter((w) => WRITE[w]));
      if (!want.some((w) => WRITE[w] && verbs.has(w))) break;
      want = [...want, ...words(clause).filter((w) => kinds.includes(w))];
    }
  });
  // What creates a resource comes before what fills it ("make a playlist containing ...").
  return targets.sort((a, b) => Number(b.method === 'POST' && b.summary.includes('create')) - Number(a.method === 'POST' && a.summary.includes('create')));
}
