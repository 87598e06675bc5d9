import type { ArgValue } from '../../../types';
import type { Endpoint } from './endpoints';
import { kindOfWord, singular } from './path-kinds';
import { isFunctionWord } from '../word-stems';
import { STOP, stem, words } from './words';
import { moduleCache, weakCache } from '../../../caches';
import { APOSTROPHE } from '../quoted-text';

/** The names a request gives (quoted, capitalised, `owner/repo`, `#314`) and its clauses. */

/**
 * Names the request gives: quoted (the user's own things, or new names) and capitalised names of things.
 * A word capitalised only because it starts a sentence ("Follow ...", "Who ...") is no name: a function
 * word, a word the listed docs use (`docWords`), or one followed by no other capitalised word. Nor is "My".
 */
export function namesIn(request: string, kinds: string[], paths: string[] = [], docWords: ReadonlySet<string> = new Set()): { quoted: string[]; catalogue: { name: string; kind?: string }[] } {
  // An apostrophe inside a word ("Don't") is part of the quoted name, no closing mark (quoted-text.ts).
  const quotes = new RegExp(`(?:^|[\\s(])["'‘“]((?:[^"'’”]|${APOSTROPHE})+)["'’”](?=$|[\\s.,!?)])`, 'g');
  const quoted = [...request.matchAll(quotes)].map((m) => m[1]);
  const stripped = request.replace(quotes, ' _ ');
  const catalogue: { name: string; kind?: string }[] = [];
  for (const m of stripped.matchAll(/\b([A-Z][\w&]*(?:'s)?(?:\s+(?:of|the|de|[A-Z0-9][\w&]*(?:'s)?))*)/g)) {
    let name = m[1].replace(/'s$/, '');
    const tokens = name.split(/\s+/);
    const before = stripped.slice(0, m.index).trimEnd();
    const sentenceStart = before === '' || /[.!?:;]$/.test(before);
    const grammatical = (word: string) => isFunctionWord(word.toLowerCase()) || word === 'My';
    if (tokens.length && sentenceStart && !grammatical(tokens[0]) && (tokens.length === 1 || docWords.has(tokens[0].toLowerCase()))) tokens.shift();
    while (tokens.length && grammatical(tokens[0])) tokens.shift();
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

/**
 * The kinds of thing "my" is said of: the first listed kind's word among the few words after each "my"
 * ("my notes-app repository", "my ui-kit repo"). "Into my account" says where, of no listed kind: the
 * user is then no owner of the things the request names.
 */
export function myKinds(request: string, kinds: string[]): Set<string> {
  const owned = new Set<string>();
  const tokens = tokensOf(request);
  tokens.forEach((token, at) => {
    if (!/^my$/i.test(token)) return;
    const kind = tokens.slice(at + 1, at + 4).map((w) => kindOfWord(w.toLowerCase(), kinds) ?? kindOfWord(stem(w), kinds)).find(Boolean);
    if (kind) owned.add(kind);
  });
  return owned;
}

/**
 * A path that names one thing by two names, its owner's and its own (`{owner}/{repo}`), needs both: a
 * request that gives one name alone ("the 'requests' library") says whose it is nowhere, so the first of
 * the pair is not read off the request (a search that finds the thing gives it).
 */
export function ownerUnsaid(request: string, e: Endpoint, param: string): boolean {
  return new RegExp(`\\{${param}\\}/\\{\\w+\\}(?:$|/)`).test(e.path) && !/\b[\w.-]+\/[\w.-]+\b/.test(request);
}

/** The request's parts: its sentences, and clauses joined by "and", commas or "then" (a period inside `v2.3.0` ends nothing). */
export const clauses = (request: string) => request.split(/\s*(?:,|;|:|[.?!](?=\s)|\band\b|\bthen\b)\s*/i).filter((c) => words(c).length > 0);

/** The request's words as written, without surrounding punctuation or a possessive ("sindresorhus's" -> sindresorhus). */
function tokensOf(request: string): string[] {
  return request.split(/\s+/).map((w) => w.replace(/^[^\w]+|[^\w]+$/g, '').replace(/'s$/, ''));
}

/** Whether a word of the request could be a name only the user knows: no function word, no word the listed docs use (in any inflection). */
function isOwnName(word: string, docWords: ReadonlySet<string>): boolean {
  const lower = word.toLowerCase();
  if (!/[a-z0-9]/.test(lower) || isFunctionWord(lower) || STOP.has(lower) || docWords.has(lower)) return false;
  return !docStems(docWords).has(stem(lower));
}

const stemsOf = moduleCache('llm/sim/tool-listing/request-names: stems by word set', weakCache<ReadonlySet<string>, Set<string>>());
function docStems(docWords: ReadonlySet<string>): Set<string> {
  let stems = stemsOf.get(docWords);
  if (!stems) stemsOf.set(docWords, (stems = new Set([...docWords].map(stem))));
  return stems;
}

/** Words that help another verb ("What does octocat star?"): after "which" or "what" they start no subject question. */
export const AUXILIARY = new Set('is are was were be been do does did has have had can could will would shall should may might must'.split(' '));

/**
 * "Which organization maintains ...": the word after "which" or "what" and a noun is the question's verb, no
 * name. After an auxiliary ("What does octocat star?") the word is the subject, which may well be a name.
 */
const askingVerb = (tokens: string[], at: number) => at >= 2 && /^(which|what)$/i.test(tokens[at - 2]) && !AUXILIARY.has(tokens[at - 1].toLowerCase());

/** The own name written right before or right after a word of `kind` ("my notes-app repository", "release v2.3.0"), before first. */
function besideKind(tokens: string[], kind: string, docWords: ReadonlySet<string>): string | undefined {
  for (const side of [-1, 1]) {
    for (let at = 0; at < tokens.length; at++) {
      if (kindOfWord(tokens[at].toLowerCase(), [kind]) !== kind) continue;
      const word = tokens[at + side];
      if (word && !word.includes('/') && !askingVerb(tokens, at + side) && isOwnName(word, docWords)) return word;
    }
  }
  return undefined;
}

/**
 * A parameter that names a thing by one of its keys (`/releases/tags/{tag}`: a release by its tag) takes
 * the name the request writes beside the thing's own word ("the 0.1.0 release").
 */
function besideOwner(tokens: string[], path: string, param: string, docWords: ReadonlySet<string>): string | undefined {
  const segments = path.split('/').filter(Boolean);
  const at = segments.indexOf(`{${param}}`);
  const [owner, key] = [segments[at - 2], segments[at - 1]];
  if (at < 2 || !owner || !key || owner.startsWith('{') || key.startsWith('{')) return undefined;
  const kind = singular(owner.replace(/-/g, '_').split('_').pop()!);
  return besideKind(tokens, kind, docWords);
}

/** One quoted word: a quote mark with no letter or digit on its outer side (an apostrophe inside a word is none, quoted-text.ts). */
const ONE_WORD_QUOTED = new RegExp(`(?<![A-Za-z0-9])["'‘“]((?:[^"'’”\\s]|${APOSTROPHE})+)["'’”](?![A-Za-z0-9])`);

/**
 * A name the request gives for a name parameter: `owner/repo` for two neighbouring name parameters,
 * `#314` or a bare number for a number, the word next to the kind's own word ("my notes-app repository"),
 * a one-word quoted name, else a word the listed docs never use (a name only the user knows). `strict`:
 * only a name the request's wording ties to the parameter (the pair, the number, the word beside the kind).
 */
export function requestName(request: string, e: Endpoint, param: string, kind: string | undefined, docWords: Set<string>, strict = false, kinds: string[] = []): ArgValue | undefined {
  const pair = new RegExp(`\\{(\\w+)\\}/\\{${param}\\}|\\{${param}\\}/\\{(\\w+)\\}`).exec(e.path);
  const slashed = /\b([\w.-]+)\/([\w.-]+)\b/.exec(request);
  if (pair && slashed) return pair[1] ? slashed[2] : slashed[1];
  if (e.params[param]?.type === 'number' || /number$/.test(param)) {
    const number = /#(\d+)/.exec(request)?.[1];
    return number === undefined ? undefined : Number(number);
  }
  const tokens = tokensOf(request);
  const beside = (kind ? besideKind(tokens, kind, docWords) : undefined) ?? besideOwner(tokens, e.path, param, docWords);
  if (beside || strict) return beside;
  const quoted = ONE_WORD_QUOTED.exec(request)?.[1];
  if (quoted) return quoted;
  // `owner/repo` names two things, never one; a name beside another kind's word names a thing of that kind
  // ("my weekend-project repository" names a repository, no user).
  const other = (at: number) => [tokens[at - 1], tokens[at + 1]].some((w) => !!w && kinds.some((k) => k !== kind && kindOfWord(w.toLowerCase(), [k]) === k));
  return tokens.find((w, at) => w.length > 2 && !w.includes('/') && isOwnName(w, docWords) && !/^[A-Z]/.test(w) && /[a-z]/.test(w) && !other(at) && !askingVerb(tokens, at));
}

/**
 * A value the user typed for a parameter that is neither an id nor a path name (a body or query field),
 * as the wording ties it to the field: the word after the parameter's own word ("titled", "a tag v1.0"),
 * or after "named" or "called" following the kind the endpoint addresses ("a label called needs-design",
 * "a repository named budget-tracker"); for a list, the words after the kind's word ("the topics cli
 * and terminal", comma-joined).
 */
export function typedValue(request: string, e: Endpoint, param: string, docWords: ReadonlySet<string>, kind: string | undefined): ArgValue | undefined {
  const tokens = tokensOf(request);
  const raw = request.split(/\s+/);
  const own = new Set(param.split(/_/).map((w) => stem(w)));
  const ofKind = (word: string | undefined) => !!kind && !!word && kindOfWord(word.toLowerCase(), [kind]) === kind;
  for (let at = 0; at + 1 < tokens.length; at++) {
    const word = tokens[at].toLowerCase();
    const named = /^(named|called)$/.test(word) && ofKind(tokens[at - 1]);
    if (!(own.has(stem(word)) || named)) continue;
    // A quoted text after the word is read whole elsewhere.
    if (/^["'‘“]/.test(raw[at + 1] ?? '')) return undefined;
    if (isOwnName(tokens[at + 1], docWords)) return tokens[at + 1];
  }
  if (!kind || e.params[param]?.type !== 'array') return undefined;
  for (let at = 0; at < tokens.length; at++) {
    if (!ofKind(tokens[at])) continue;
    const items: string[] = [];
    for (let next = at + 1; next < tokens.length; next++) {
      if (/^(and|,)$/i.test(tokens[next])) continue;
      if (!isOwnName(tokens[next], docWords)) break;
      items.push(tokens[next]);
      if (/[.;:!?]$/.test(raw[next])) break;
    }
    if (items.length) return items.join(',');
  }
  return undefined;
}

/** The own name the request writes beside a word of `kind` ("a release v2.3.0"), for a field no wording ties a value to. */
export function nameBesideKind(request: string, kind: string | undefined, docWords: ReadonlySet<string>): string | undefined {
  return kind ? besideKind(tokensOf(request), kind, docWords) : undefined;
}
