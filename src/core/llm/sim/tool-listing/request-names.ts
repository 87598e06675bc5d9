import type { ArgValue } from '../../../types';
import type { Endpoint } from './endpoints';
import { kindOfWord } from './path-kinds';
import { isFunctionWord } from '../word-stems';
import { STOP, stem, words } from './words';

/** The names a request gives (quoted, capitalised, `owner/repo`, `#314`) and its clauses. */

/**
 * Names the request gives: quoted (the user's own things, or new names) and capitalised names of things.
 * A word capitalised only because it starts a sentence ("Follow ...", "Who ...") is no name: a function
 * word, a word the listed docs use (`docWords`), or one followed by no other capitalised word. Nor is "My".
 */
export function namesIn(request: string, kinds: string[], paths: string[] = [], docWords: ReadonlySet<string> = new Set()): { quoted: string[]; catalogue: { name: string; kind?: string }[] } {
  const quotes = /(?:^|[\s(])["'‘“]([^"'’”]+)["'’”](?=$|[\s.,!?)])/g;
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

/** The request's parts: clauses joined by "and", commas or "then". */
export const clauses = (request: string) => request.split(/\s*(?:,|;|:|\band\b|\bthen\b)\s*/i).filter((c) => words(c).length > 0);

/**
 * A name the request gives for a name parameter: `owner/repo` for two neighbouring name parameters,
 * `#314` or a bare number for a number, a one-word quoted name, the word next to the kind's own
 * word ("my notes-app repository"), else a word the listed docs never use (a name only the user knows).
 */
export function requestName(request: string, e: Endpoint, param: string, kind: string | undefined, docWords: Set<string>): ArgValue | undefined {
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
