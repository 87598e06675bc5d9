/**
 * Kinds of resource read from the paths a tool listing shows, for any REST API: a kind
 * is a collection the paths address by a parameter (`/albums/{id}` -> album, `/repos/{owner}/{repo}` -> repo),
 * and a parameter's name or place says which kind it takes. General conventions of REST paths; the
 * RestBench simulator reads its spec with the same functions.
 */

/** `albums` -> album, `categories` -> category, `branches` -> branch, `repos` -> repo. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ch|sh|ss|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(ss|us)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Words of a name: `PagingSimplifiedTrackObject` -> paging simplified track object; `full-repository` -> full repository. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/**
 * The spec's kinds: each plain path segment that a path parameter follows (`/users/{username}`,
 * `/releases/tags/{tag}`), singular. A collection named twice is one kind.
 */
export function collectionKinds(paths: string[]): string[] {
  const kinds = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    segments.forEach((segment, i) => {
      if (!segment.startsWith('{') && segments[i + 1]?.startsWith('{')) kinds.add(singular(segment.replace(/-/g, '_').split('_').pop()!));
    });
  }
  return [...kinds];
}

/** The kind a word names, if any: the kind itself, its plural, or a longer word it starts (`repository` -> repo, `organization` -> org). */
export function kindOfWord(word: string, kinds: string[]): string | undefined {
  const w = singular(word);
  return kinds.find((k) => k === w) ?? kinds.find((k) => k.length >= 3 && w.length > k.length && w.startsWith(k) && w.length <= k.length + 9);
}

/** Whether a parameter takes an issued id (`id`, `playlist_id`, `release_id`, `ids`, `uri`, `uris`) rather than a name or a value. */
export const isIdName = (name: string) => /(^|_)ids?$|[a-z]Ids?$|^uris?$/.test(name);

/**
 * The kind a path parameter addresses: what its own name says when that is a collection of the spec
 * (`username` -> user, `issue_number` -> issue, `team_slug` -> team, `playlist_id` -> playlist), else
 * the collection the path puts it under (`/albums/{id}` -> album, `/repos/{owner}/...` -> repo,
 * `/commits/{ref}` -> commit).
 */
export function pathParamKind(path: string, param: string, kinds: string[]): string | undefined {
  const stem = param.replace(/(_?ids?|_?number|_?slug|_?name|Id)$/i, '');
  const own = stem ? kinds.find((k) => k === singular(stem)) : undefined;
  if (own) return own;
  const segments = path.split('/').filter(Boolean);
  const at = segments.indexOf(`{${param}}`);
  for (let i = at - 1; i >= 0; i--) {
    if (segments[i].startsWith('{')) continue;
    return kindOfWord(segments[i].replace(/-/g, '_').split('_').pop()!, kinds) ?? singular(segments[i]);
  }
  return undefined;
}
