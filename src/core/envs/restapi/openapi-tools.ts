import { z } from 'zod';
import type { ParamSpec, Tool } from '../../types';
import { DatasetError } from '../../errors';
import type { OutputNode } from './output-shape';
import { kindsOf, mainKind, outputShape } from './output-shape';
import { SchemaReader, collectionKinds, isIdName, kindOfName, kindOfWord, nameWords, pathParamKind, singular } from './spec-kinds';
import { errorTemplate, sampleOf } from './spec-values';

/**
 * How the simulator checks a parameter: an `id` must be one an earlier response issued, of a kind
 * the parameter takes; a `name` (a path parameter that names a thing: owner, repo, tag, issue
 * number) must be a value the request gives or an earlier response returned, or one of the
 * spec's enum values; a `value` only has to be there when required.
 */
export interface RestParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'body';
  check: 'id' | 'name' | 'value';
  /** Kinds the parameter takes (ids), or the kind it names (names); empty when the spec does not say. */
  kinds: string[];
  /** Values the spec allows, when it lists them. */
  enum?: string[];
  integer?: boolean;
}

/** A tool built from one OpenAPI operation, with what the simulator needs to know of it. */
export interface RestTool {
  tool: Tool;
  /** `GET /albums/{id}`, as RestBench solutions write it. */
  endpoint: string;
  params: RestParam[];
  /** Parameters whose values must be ids returned by earlier calls, of the kinds in `params`. */
  idParams: string[];
  /** Path parameters that name things (values from the request or earlier responses). */
  nameParams: string[];
  /** What the response carries, read from its schema; undefined when it carries no object of a kind. */
  output?: OutputNode;
  /** The answer when the response carries no object of a kind: a sample of its schema, else its status and description. */
  sample?: unknown;
  /** The error bodies the operation declares, by status (`404`, `4XX`, `default`), as `errorTemplate` gives them. */
  errors?: Record<string, Record<string, unknown>>;
  /** Kinds of resource the response carries (its objects' kind first). */
  outputKinds: string[];
  /** Kinds of resource its id parameters take. */
  inputKinds: string[];
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

const param = z.object({ name: z.string(), in: z.string(), required: z.union([z.boolean(), z.string()]).optional(), schema: z.object({ type: z.string().optional(), description: z.string().optional(), title: z.string().optional(), enum: z.array(z.unknown()).optional() }).passthrough().optional(), description: z.string().optional() }).passthrough();
const reference = z.object({ $ref: z.string() });
const operation = z
  .object({
    summary: z.string().optional(),
    description: z.string().optional(),
    parameters: z.array(z.union([reference, param])).optional(),
    requestBody: z.unknown().optional(),
    responses: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export const openApiSchema = z
  .object({
    openapi: z.string().optional(),
    info: z.object({ title: z.string().optional() }).passthrough().optional(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.object({ parameters: z.record(z.string(), param).optional() }).passthrough().optional(),
  })
  .passthrough();

/** `GET /albums/{id}/tracks` -> `GET_albums_id_tracks`: a name a reply can write. */
export function toolName(endpoint: string): string {
  return endpoint.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '');
}

const clean = (text: string | undefined) => (text ?? '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();

const typeOf = (type: string | undefined): ParamSpec['type'] => (type === 'integer' || type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : type === 'array' ? 'array' : type === 'object' ? 'object' : 'string');

/** The kinds a parameter's own words name (`Spotify Track IDs`, `artist or user ids`), in order. */
function kindsNamed(text: string, kinds: string[]): string[] {
  return [...new Set(nameWords(text).map((w) => kindOfWord(w, kinds)).filter((k): k is string => !!k))];
}

/** A GET's response whose objects have no kind: its list items (or its page's items) become things named by the path's last segment. */
function namedBySegment(output: OutputNode | undefined, flat: { type?: string; items?: unknown } | undefined, kind: string): OutputNode | undefined {
  const asKind = (node: OutputNode | undefined): OutputNode => ({ of: 'kind', kind, named: false, typed: false, children: node?.of === 'wrap' ? node.children : {} });
  if (!output) return flat?.type === 'array' ? { of: 'list', item: asKind(undefined) } : undefined;
  if (output.of === 'list' && output.item.of === 'wrap' && !('items' in output.item.children)) return { of: 'list', item: asKind(output.item) };
  if (output.of === 'wrap' && output.children.items?.of === 'list' && output.children.items.item.of === 'wrap') return { of: 'wrap', children: { ...output.children, items: { of: 'list', item: asKind(output.children.items.item) } } };
  return output;
}

/** The kinds of a response that holds several kinds side by side (a search across types), else undefined. */
function severalKinds(output: OutputNode | undefined): string[] | undefined {
  const node = output?.of === 'list' ? output.item : output;
  // A list of alternatives holds each (a search's entries: files, folders and links).
  const each = (child: OutputNode): (string | undefined)[] => (child.of === 'list' && child.item.of === 'choice' ? child.item.options.map(mainKind) : [mainKind(child)]);
  if (node?.of !== 'wrap' && node?.of !== 'choice') return undefined;
  if (node.of === 'choice' && output?.of !== 'list') return undefined;
  const kinds = (node.of === 'choice' ? node.options.map(mainKind) : Object.values(node.children).flatMap(each)).filter((k): k is string => !!k);
  return new Set(kinds).size > 1 ? [...new Set(kinds)] : undefined;
}

/** The kind an id field's own name gives (`file_id` file, `folderIds` folder), if the spec has it. */
function bodyIdKind(name: string, kinds: string[]): string | undefined {
  const stem = name.replace(/(_?ids?|Ids?)$/, '');
  if (!stem) return undefined;
  return kinds.find((k) => k === singular(stem)) ?? kindOfWord(nameWords(stem).at(-1) ?? '', kinds);
}

/** What a response means, as its spec describes it (`The file was moved to the trash.`). */
function responseDescription(reader: SchemaReader, response: unknown): string {
  let node = response as Record<string, unknown> | undefined;
  for (let hops = 0; node && typeof node.$ref === 'string' && hops < 5; hops++) node = reader.resolve(String(node.$ref));
  return clean(typeof node?.description === 'string' ? node.description : '') || 'OK';
}

/** The API's name as its spec gives it (`info.title`), for the prompt. */
export function apiTitle(json: unknown): string {
  const title = (json as { info?: { title?: unknown } } | undefined)?.info?.title;
  return typeof title === 'string' && title.trim() ? clean(title).slice(0, 80) : 'REST API';
}

/** The tools of an OpenAPI spec (one per operation), or a DatasetError naming what is wrong. */
export function toolsFromOpenApi(json: unknown): RestTool[] {
  const parsed = openApiSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetError(`OpenAPI spec: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const reader = new SchemaReader(parsed.data as Record<string, unknown>);
  const shared = parsed.data.components?.parameters ?? {};
  const kinds = collectionKinds(Object.keys(parsed.data.paths));
  const tools: RestTool[] = [];
  const taken = new Set<string>();
  for (const [path, operations] of Object.entries(parsed.data.paths)) {
    const itemParams = z.array(z.union([reference, param])).safeParse(operations.parameters ?? []);
    if (!itemParams.success) throw new DatasetError(`OpenAPI spec: paths.${path}.parameters: ${itemParams.error.issues[0].path.join('.')}: ${itemParams.error.issues[0].message}`);
    const pathParams = itemParams.data;
    for (const method of METHODS) {
      if (!(method in operations)) continue;
      const op = operation.safeParse(operations[method]);
      if (!op.success) throw new DatasetError(`OpenAPI spec: paths.${path}.${method}: ${op.error.issues[0].message}`);
      const endpoint = `${method.toUpperCase()} ${path}`;
      const properties: Record<string, ParamSpec> = {};
      const required: string[] = [];
      const params: RestParam[] = [];
      const plain = path.split('/').filter((s) => s && !s.startsWith('{'));
      const lastCollection = plain.length ? kindOfWord(plain[plain.length - 1].replace(/-/g, '_').split('_').pop()!, kinds) : undefined;
      // Parameters declared on the path item hold for every operation under it; an operation's own
      // parameter of the same name and place replaces one.
      const resolved = [...pathParams, ...(op.data.parameters ?? [])].map((raw) => {
        const p = '$ref' in raw ? shared[String(raw.$ref).split('/').pop()!] : raw;
        if (!p) throw new DatasetError(`OpenAPI spec: paths.${path}.${method}: parameter ${String((raw as { $ref: string }).$ref)} is not defined in components.parameters`);
        return p;
      });
      const operationParams = resolved.filter((p, i) => !resolved.slice(i + 1).some((q) => q.name === p.name && q.in === p.in));
      for (const p of operationParams) {
        const description = clean(p.description ?? p.schema?.description);
        properties[p.name] = { type: typeOf(p.schema?.type), description: description.slice(0, 160) };
        const isRequired = p.in === 'path' || p.required === true || p.required === 'true';
        if (isRequired) required.push(p.name);
        const values = p.schema?.enum?.map(String);
        const integer = p.schema?.type === 'integer' || p.schema?.type === 'number';
        if (p.in === 'path') {
          const kind = pathParamKind(path, p.name, kinds);
          params.push({ name: p.name, in: 'path', check: isIdName(p.name) ? 'id' : 'name', kinds: kind ? [kind] : [], ...(values ? { enum: values } : {}), ...(integer ? { integer } : {}) });
        } else if (isRequired && /^(ids|uri|uris)$/.test(p.name)) {
          // A list of ids in the query: the kinds its own words name (`Spotify Track IDs`), else the collection the path ends in.
          const named = kindsNamed(`${p.schema?.title ?? ''} ${description}`, kinds);
          params.push({ name: p.name, in: p.in === 'header' ? 'header' : 'query', check: 'id', kinds: named.length ? named : lastCollection ? [lastCollection] : [] });
        } else params.push({ name: p.name, in: p.in === 'header' ? 'header' : 'query', check: 'value', kinds: [], ...(values ? { enum: values } : {}) });
      }
      // Request-body fields are arguments too, required as the body's schema says (a name it requires
      // without defining is left out: nothing tells a caller what it is).
      const body = op.data.requestBody ? reader.responseSchema(op.data.requestBody) : undefined;
      const bodyFlat = body ? reader.flatten(body.schema) : undefined;
      // Required as the body's schema says, through a `$ref` and every `allOf` part.
      const bodyRequired = new Set(bodyFlat?.required ?? []);
      for (const [name, prop] of Object.entries(bodyFlat?.properties ?? {})) {
        const flat = reader.flatten(prop);
        const type = flat.type ?? (flat.alternatives.length ? String((flat.alternatives[0] as { type?: string }).type ?? 'string') : undefined);
        if (!(name in properties)) properties[name] = { type: typeOf(type), description: clean(String(prop.description ?? '')).slice(0, 160) };
        if (bodyRequired.has(name) && !required.includes(name)) required.push(name);
        if (params.some((p) => p.name === name)) continue;
        if (isIdName(name) && /^(ids|uri|uris)$/.test(name)) {
          const named = kindsNamed(String(prop.description ?? ''), kinds);
          params.push({ name, in: 'body', check: 'id', kinds: named.length ? named : lastCollection ? [lastCollection] : [] });
        } else if (isIdName(name) && bodyIdKind(name, kinds)) {
          // An id field named for a kind (`file_id`, `folderIds`) takes issued ids of that kind.
          params.push({ name, in: 'body', check: 'id', kinds: [bodyIdKind(name, kinds)!] });
        } else if (flat.properties.id && !flat.properties.name && Object.keys(flat.properties).length <= 3) {
          // An object that holds an id (`parent: {id}`) holds an issued one: of the kind its key or its
          // own words name (`The folder to create it in.`), else of the kind its schema is named for.
          const own = [kindOfWord(nameWords(name).at(-1) ?? '', kinds), ...kindsNamed(clean(String(prop.description ?? flat.properties.id.description ?? '')), kinds), flat.name ? kindOfName(flat.name, kinds) : undefined].find((k): k is string => !!k);
          params.push({ name, in: 'body', check: 'id', kinds: own ? [own] : [] });
        } else params.push({ name, in: 'body', check: 'value', kinds: [] });
      }
      const responses = op.data.responses ?? {};
      const code = Object.keys(responses).filter((c) => /^2\d\d$/.test(c)).sort()[0];
      const response = code ? reader.responseSchema(responses[code]) : undefined;
      // A response named for a kind (`OneAlbum`, a `$ref` to `issue`) is about that kind; else its schema says.
      const named = response?.ref ? kindOfName(response.ref, kinds) : undefined;
      let output = response ? outputShape(reader, response.schema, kinds, named) : undefined;
      // Objects the spec names no kind for (contributors, files, milestones, code search hits) are
      // things of the last path segment's name, carrying whatever kinded objects they hold.
      const segment = plain.at(-1);
      if (method === 'get' && segment?.endsWith('s')) output = namedBySegment(output, response ? reader.flatten(response.schema) : undefined, nameWords(segment).map((w) => w.replace(/s$/, '')).join('_'));
      const outputKinds = kindsOf(output);
      // A response with no object of a kind answers a sample of its schema, else its status and what the spec says it means.
      let sample: unknown;
      if (!output) {
        const value = response ? sampleOf(reader, response.schema) : undefined;
        const empty = value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
        sample = empty ? { status: code ? Number(code) : 200, message: responseDescription(reader, code ? responses[code] : undefined) } : value;
      }
      const errors: Record<string, Record<string, unknown>> = {};
      for (const [status, declared] of Object.entries(responses)) {
        if (!/^(4\d\d|4XX|default)$/i.test(status)) continue;
        const template = errorTemplate(reader, reader.responseSchema(declared)?.schema);
        if (template) errors[status.toUpperCase()] = template;
      }
      const summary = clean(op.data.summary);
      // Two paths can spell one name (`/a-b`, `/a_b`): the later one gets a number, and the dataset says so.
      let name = toolName(endpoint);
      for (let n = 2; taken.has(name); n++) name = `${toolName(endpoint)}_${n}`;
      taken.add(name);
      const main = mainKind(output);
      const several = severalKinds(output);
      const carried = outputKinds.filter((k) => k !== main);
      // What the response schema says the call returns, as a reader of the spec would see it.
      // One object shows the ids of the things it holds ("with"); the items of a list name them only ("naming").
      const holds = output?.of === 'kind' ? 'with' : 'naming';
      const returns = several ? ` Returns: ${several.join(', ')} objects.` : main ? ` Returns: ${main} objects${carried.length ? ` (${holds} ${carried.join(', ')})` : ''}.` : '';
      tools.push({
        tool: {
          name,
          description: `${endpoint}: ${summary}. ${clean(op.data.description).slice(0, 240)}${returns}`,
          category: path.split('/')[1],
          arguments: { properties, required },
          results: { properties: { items: { type: 'array', description: `${outputKinds.join(', ') || 'result'} objects, each with its id` } }, required: [] },
        },
        endpoint,
        params,
        idParams: params.filter((p) => p.check === 'id' && required.includes(p.name)).map((p) => p.name),
        nameParams: params.filter((p) => p.check === 'name').map((p) => p.name),
        ...(output ? { output } : { sample }),
        ...(Object.keys(errors).length ? { errors } : {}),
        outputKinds: main ? [main, ...outputKinds.filter((k) => k !== main)] : outputKinds,
        inputKinds: params.filter((p) => p.check === 'id').flatMap((p) => p.kinds),
      });
    }
  }
  if (tools.length === 0) throw new DatasetError('OpenAPI spec: it defines no operations under paths.');
  return tools;
}
