/**
 * Resource kinds read from an OpenAPI spec, for any API: a kind is a collection the spec's paths
 * address by a parameter (`/albums/{id}` -> album, `/repos/{owner}/{repo}` -> repo, `/issues/{issue_number}`
 * -> issue), and the schemas say which kinds a response carries (a `$ref` named `full-repository`
 * or `PagingSimplifiedTrackObject`, a property `artists`, an `items` array). Nothing here is written
 * for one API: the words all come from the spec.
 */

type Json = Record<string, unknown>;

export { collectionKinds, isIdName, kindOfWord, nameWords, pathParamKind, singular } from './path-kinds';
import { kindOfWord, nameWords } from './path-kinds';

/**
 * The kind a schema's name names, by its last kind word (`simple-user` -> user, `PagingSimplifiedTrackObject`
 * -> track, `repo-search-result-item` -> repo), leaving out the words of `except` (the kind of the object
 * that holds it: a playlist's `PlaylistOwnerObject` is no playlist).
 */
export function kindOfName(name: string, kinds: string[], except?: string): string | undefined {
  const found = nameWords(name).map((word) => kindOfWord(word, kinds)).filter((k): k is string => !!k && k !== except);
  return found.at(-1);
}

/** A kinded schema's required properties must number this many before its shape alone names a kind. */
const SHAPE_MIN_REQUIRED = 3;
/** ... and the object must hold this share of all its properties (an object may leave optional ones out, not most). */
const SHAPE_MIN_SHARE = 0.75;

/** A schema with its `$ref`s followed and `allOf` merged (`SchemaReader.flatten`). */
export interface Flat {
  /** The last ref name on the way (what the schema is called). */
  name?: string;
  type?: string;
  properties: Record<string, Json>;
  items?: Json;
  /** `oneOf` / `anyOf` alternatives. */
  alternatives: Json[];
  /** Required properties, of every `allOf` part. */
  required: string[];
  enum?: unknown[];
  format?: string;
  /** The schema's `example`, else its `default`. */
  example?: unknown;
}

/** A spec's schemas and responses by `$ref`. */
export class SchemaReader {
  private shapes?: { kinds: string[]; list: { kind: string; required: string[]; all: string[] }[] };

  constructor(private readonly spec: Json) {}

  /**
   * The kind an object of no kind of its own has by its shape: a named schema of a kind (`simple-user`
   * -> user) whose required properties the object all has, and three quarters of all its properties,
   * is what the object is (a `contributor` with `login`, `id`, `avatar_url`, ... is a user; a `label`
   * sharing an id, a name and a colour with an `issue-type` is no issue). The closest schema wins; one
   * requiring fewer than three properties says too little to name anything.
   */
  kindOfShape(properties: string[], kinds: string[]): string | undefined {
    if (this.shapes?.kinds !== kinds) {
      const schemas = ((this.spec.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
      const list = Object.entries(schemas)
        .map(([name, schema]) => ({ kind: kindOfName(name, kinds), required: Array.isArray(schema.required) ? schema.required.map(String) : [], all: Object.keys(this.flatten(schema).properties) }))
        .filter((s): s is { kind: string; required: string[]; all: string[] } => !!s.kind && s.required.length >= SHAPE_MIN_REQUIRED);
      this.shapes = { kinds, list };
    }
    const has = new Set(properties);
    let best: { kind: string; share: number } | undefined;
    for (const s of this.shapes.list) {
      if (!s.required.every((p) => has.has(p))) continue;
      const share = s.all.filter((p) => has.has(p)).length / Math.max(1, s.all.length);
      if (share >= SHAPE_MIN_SHARE && (!best || share > best.share)) best = { kind: s.kind, share };
    }
    return best?.kind;
  }

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
  flatten(schema: Json | undefined, depth = 0): Flat {
    const out: Flat = { name: undefined, type: undefined, properties: {}, items: undefined, alternatives: [], required: [] };
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
      out.required.push(...inner.required);
      out.enum ??= inner.enum;
      out.format ??= inner.format;
      if (out.example === undefined && inner.example !== undefined) out.example = inner.example;
    }
    // What the schema says of its values and required fields (an `allOf` part's too).
    if (Array.isArray(schema.required)) out.required.push(...schema.required.map(String));
    if (Array.isArray(schema.enum)) out.enum = schema.enum;
    if (typeof schema.format === 'string') out.format = schema.format;
    if (schema.example !== undefined) out.example = schema.example;
    else if (schema.default !== undefined && out.example === undefined) out.example = schema.default;
    Object.assign(out.properties, (schema.properties as Record<string, Json> | undefined) ?? {});
    out.items ??= schema.items as Json | undefined;
    out.alternatives.push(...(((schema.oneOf ?? schema.anyOf) as Json[] | undefined) ?? []));
    return out;
  }
}
