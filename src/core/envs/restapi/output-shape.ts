import type { SchemaReader } from './spec-kinds';
import { kindOfName, kindOfWord, nameWords } from './spec-kinds';

type Json = Record<string, unknown>;

/**
 * What a simulated response holds, read from the operation's response schema: objects of a kind
 * (with an id, their name fields and the kinded objects they carry one level down), lists of them,
 * objects of no kind kept for the kinded objects inside (paging wrappers, search results), and
 * alternatives (`oneOf`). Scalars other than ids and names are left out: the simulator answers with
 * what later calls can use, not with sample payloads.
 */
export type OutputNode =
  | { of: 'kind'; kind: string; named: boolean; typed: boolean; children: Record<string, OutputNode>; nameOf?: Record<string, string>; typeValue?: string }
  | { of: 'list'; item: OutputNode }
  | { of: 'wrap'; children: Record<string, OutputNode> }
  | { of: 'choice'; options: OutputNode[] };

/** Kinded objects nest this deep (an album, its artists and tracks; not the tracks' artists). */
const KINDED_DEPTH = 2;

/** The response template of a schema, or undefined when it carries no object of any kind. */
export function outputShape(reader: SchemaReader, schema: Json | undefined, kinds: string[], hint?: string, parent?: string, depth = 0, hops = 0): OutputNode | undefined {
  if (!schema || hops > 12) return undefined;
  const flat = reader.flatten(schema);
  const props = Object.keys(flat.properties);
  if (props.length === 0 && !flat.items && flat.alternatives.length > 0) {
    const options = flat.alternatives.map((alt) => outputShape(reader, alt, kinds, hint, parent, depth, hops + 1)).filter((n): n is OutputNode => !!n);
    return options.length === 0 ? undefined : options.length === 1 ? options[0] : { of: 'choice', options };
  }
  if (flat.type === 'array' || (props.length === 0 && flat.items)) {
    const item = outputShape(reader, flat.items, kinds, hint, parent, depth, hops + 1);
    return item ? { of: 'list', item } : undefined;
  }
  if (props.length === 0) return undefined;
  // A page of results (`items: [...]`) is a wrapper whatever it is called.
  const paging = flat.properties.items && reader.flatten(flat.properties.items).type === 'array';
  // Else its schema's shape may say: an object holding every required field of a kind's schema is of that kind.
  const kind = paging ? undefined : (hint ?? (flat.name ? kindOfName(flat.name, kinds, parent) : undefined) ?? reader.kindOfShape(props, kinds));
  if (kind && kind !== parent) {
    const children: Record<string, OutputNode> = {};
    if (depth + 1 < KINDED_DEPTH) {
      for (const [key, prop] of Object.entries(flat.properties)) {
        if (key === 'id' || key === 'name' || key === 'type') continue;
        const child = outputShape(reader, prop, kinds, kindOfWord(key, kinds), kind, depth + 1, hops + 1);
        // What an object carries: objects of a kind, lists of them, or a page of them (not other wrappers).
        if (child && (child.of !== 'wrap' || 'items' in child.children)) children[key] = child;
      }
    }
    // A field named for another kind's name (`tag_name` on a release) holds the name of a thing of that kind.
    const nameOf: Record<string, string> = {};
    for (const key of props) {
      const words = nameWords(key);
      const of = words.length === 2 && words[1] === 'name' ? kindOfWord(words[0], kinds) : undefined;
      if (of && of !== kind) nameOf[key] = of;
    }
    // A `type` the schema fixes to one value (`shared_link`) is written as the schema says, else as the kind.
    const typeEnum = flat.properties.type ? reader.flatten(flat.properties.type).enum : undefined;
    const typeValue = typeEnum?.length === 1 && String(typeEnum[0]) !== kind ? String(typeEnum[0]) : undefined;
    return { of: 'kind', kind, named: 'name' in flat.properties, typed: 'type' in flat.properties, children, ...(Object.keys(nameOf).length ? { nameOf } : {}), ...(typeValue ? { typeValue } : {}) };
  }
  const children: Record<string, OutputNode> = {};
  for (const [key, prop] of Object.entries(flat.properties)) {
    const child = outputShape(reader, prop, kinds, kindOfWord(key, kinds), parent, depth, hops + 1);
    if (child) children[key] = child;
  }
  return Object.keys(children).length > 0 ? { of: 'wrap', children } : undefined;
}

/** The kinds a template's objects have, outermost first. */
export function kindsOf(node: OutputNode | undefined): string[] {
  if (!node) return [];
  switch (node.of) {
    case 'kind':
      return [...new Set([node.kind, ...Object.values(node.children).flatMap(kindsOf)])];
    case 'list':
      return kindsOf(node.item);
    case 'wrap':
      return [...new Set(Object.values(node.children).flatMap(kindsOf))];
    case 'choice':
      return [...new Set(node.options.flatMap(kindsOf))];
  }
}

/** The kind of the objects a template is about (the first kinded object reached), if any. */
export function mainKind(node: OutputNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.of === 'kind') return node.kind;
  if (node.of === 'list') return mainKind(node.item);
  if (node.of === 'choice') return mainKind(node.options[0]);
  for (const child of Object.values(node.children)) {
    const kind = mainKind(child);
    if (kind) return kind;
  }
  return undefined;
}

/** How a response is filled in: ids, values of name fields, and which kinds the call's arguments ask for. */
export interface Filler {
  id(kind: string, at: string): string;
  /** The name fields an object of `kind` carries (the spec's name parameters of that kind), with values. */
  fields(kind: string, at: string): Record<string, string | number>;
  name(kind: string, at: string): string;
  /** Kinds the call's arguments name (`type: "album"`), which pick among alternatives and wrapped results. */
  asked: string[];
}

/**
 * Which objects of a response show their ids: the response's own object and the things it holds
 * directly (an album and its artists), or the items of a list or page (each search hit, each
 * issue), whose own nested things show their names only. A call about one thing tells what it is
 * linked to; a list tells what is in it, and a lookup of one item tells the rest (as the gold paths
 * of RestBench expect: the artist of an album found by search is read from the album).
 */
type Ids = 'all' | 'self' | 'none';

/** An object or list that holds nothing a caller could use (no id, name or field). */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isEmpty);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).every(([key, v]) => key === 'type' || isEmpty(v));
}

/** A response built from a template. */
export function fill(node: OutputNode, filler: Filler, at = '', ids: Ids = node.of === 'kind' ? 'all' : 'self'): unknown {
  switch (node.of) {
    case 'kind': {
      const object: Record<string, unknown> = { ...(ids !== 'none' ? { id: filler.id(node.kind, at) } : {}), ...(node.typed ? { type: node.typeValue ?? node.kind } : {}), ...(node.named ? { name: filler.name(node.kind, at) } : {}) };
      Object.assign(object, filler.fields(node.kind, at));
      for (const [key, kind] of Object.entries(node.nameOf ?? {})) {
        const value = Object.values(filler.fields(kind, `${at}.${key}`))[0];
        if (value !== undefined && !(key in object)) object[key] = value;
      }
      for (const [key, child] of Object.entries(node.children)) {
        if (key in object) continue;
        const value = fill(child, filler, `${at}.${key}`, ids === 'all' ? 'self' : 'none');
        if (!isEmpty(value)) object[key] = value;
      }
      return object;
    }
    case 'list': {
      // A list of alternatives (a search's entries: a file, a folder or a link) has an item of each
      // (of each asked for, when the call names kinds).
      if (node.item.of === 'choice') {
        const options = node.item.options;
        const asked = options.filter((o) => filler.asked.includes(mainKind(o) ?? ''));
        const shown = asked.length > 0 ? asked : options;
        if (shown.length > 1) return shown.map((option, i) => fill(option, filler, `${at}[${i}]`, ids));
      }
      // A response that is itself a list has two items, so that "the two most recent" can be read off
      // it; a page and the lists objects hold keep one (docs/environments/restapi.md says why).
      return (at === '' ? [0, 1] : [0]).map((i) => fill(node.item, filler, `${at}[${i}]`, ids));
    }
    case 'choice': {
      const pick = node.options.find((o) => filler.asked.includes(mainKind(o) ?? '')) ?? node.options[0];
      return fill(pick, filler, at, ids);
    }
    case 'wrap': {
      const entries = Object.entries(node.children);
      const asked = entries.filter(([, child]) => filler.asked.includes(mainKind(child) ?? ''));
      return Object.fromEntries((asked.length > 0 ? asked : entries).map(([key, child]) => [key, fill(child, filler, `${at}.${key}`, ids)]).filter(([, value]) => !isEmpty(value)));
    }
  }
}
