/**
 * Resource kinds read from an OpenAPI spec, for any API: a kind is a collection the spec's paths
 * address by a parameter (`/albums/{id}` -> album, `/repos/{owner}/{repo}` -> repo, `/issues/{issue_number}`
 * -> issue), and the schemas say which kinds a response carries (a `$ref` named `full-repository`
 * or `PagingSimplifiedTrackObject`, a property `artists`, an `items` array). Nothing here is written
 * for one API: the words all come from the spec.
 */

type Json = Record<string, unknown>;

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

/**
 * The kind a schema's name names, by its last kind word (`simple-user` -> user, `PagingSimplifiedTrackObject`
 * -> track, `repo-search-result-item` -> repo), leaving out the words of `except` (the kind of the object
 * that holds it: a playlist's `PlaylistOwnerObject` is no playlist).
 */
export function kindOfName(name: string, kinds: string[], except?: string): string | undefined {
  const found = nameWords(name).map((word) => kindOfWord(word, kinds)).filter((k): k is string => !!k && k !== except);
  return found.at(-1);
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

/** A spec's schemas and responses by `$ref`. */
export class SchemaReader {
  constructor(private readonly spec: Json) {}

  /** The object a `$ref` points to inside the spec (`#/components/schemas/issue`), or undefined. */
  resolve(ref: string): Json | undefined {
    let node: unknown = this.spec;
    for (const part of ref.replace(/^#\//, '').split('/')) node = node && typeof node === 'object' ? (node as Json)[part] : undefined;
    return node && typeof node === 'object' ? (node as Json) : undefined;
  }

  /** A response's JSON schema (through `components.responses`), with the ref name it came by. */
  responseSchema(response: unknown): { schema: Json; ref?: string } | undefined {
    let node = response as Json | undefined;
    let ref: string | undefined;
    for (let hops = 0; node && typeof node.$ref === 'string' && hops < 5; hops++) {
      ref = String(node.$ref).split('/').pop();
      node = this.resolve(String(node.$ref));
    }
    const content = node?.content as Record<string, Json> | undefined;
    const media = content ? (content['application/json'] ?? Object.values(content)[0]) : undefined;
    const schema = media?.schema as Json | undefined;
    return schema ? { schema, ref } : undefined;
  }

  /**
   * A schema with its `$ref`s followed and `allOf` merged; `oneOf`/`anyOf` give their alternatives.
   * `name` is the last ref name on the way (what the schema is called).
   */
  flatten(schema: Json | undefined, depth = 0): { name?: string; type?: string; properties: Record<string, Json>; items?: Json; alternatives: Json[] } {
    const out = { name: undefined as string | undefined, type: undefined as string | undefined, properties: {} as Record<string, Json>, items: undefined as Json | undefined, alternatives: [] as Json[] };
    if (!schema || depth > 8) return out;
    if (typeof schema.$ref === 'string') {
      const inner = this.flatten(this.resolve(schema.$ref), depth + 1);
      return { ...inner, name: inner.name ?? schema.$ref.split('/').pop() };
    }
    out.type = typeof schema.type === 'string' ? schema.type : undefined;
    for (const part of (schema.allOf as Json[] | undefined) ?? []) {
      const inner = this.flatten(part, depth + 1);
      out.name ??= inner.name;
      out.type ??= inner.type;
      Object.assign(out.properties, inner.properties);
      out.items ??= inner.items;
      out.alternatives.push(...inner.alternatives);
    }
    Object.assign(out.properties, (schema.properties as Record<string, Json> | undefined) ?? {});
    out.items ??= schema.items as Json | undefined;
    out.alternatives.push(...(((schema.oneOf ?? schema.anyOf) as Json[] | undefined) ?? []));
    return out;
  }
}
