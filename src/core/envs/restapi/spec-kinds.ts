/**
 * Resource kinds read from an OpenAPI spec, for any API: a kind is a collection the spec's paths
 * address by a parameter (`/albums/{id}` -> album, `/repos/{owner}/{repo}` -> repo, `/issues/{issue_number}`
 * -> issue), and the schemas say which kinds a response carries (a `$ref` named `full-repository`
 * or `PagingSimplifiedTrackObject`, a property `artists`, an `items` array). Nothing here is written
 * for one API: the words all come from the spec.
 */

type Json = Record<string, unknown>;

export { collectionKinds, isIdName, kindOfWord, nameWords, pathParamKind, singular } from '../../llm/sim/tool-listing/path-kinds';
import { kindOfWord, nameWords } from '../../llm/sim/tool-listing/path-kinds';

/**
 * The kind a schema's name names, by its last kind word (`simple-user` -> user, `PagingSimplifiedTrackObject`
 * -> track, `repo-search-result-item` -> repo), leaving out the words of `except` (the kind of the object
 * that holds it: a playlist's `PlaylistOwnerObject` is no playlist).
 */
export function kindOfName(name: string, kinds: string[], except?: string): string | undefined {
  const found = nameWords(name).map((word) => kindOfWord(word, kinds)).filter((k): k is string => !!k && k !== except);
  return found.at(-1);
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
