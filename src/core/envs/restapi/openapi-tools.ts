import { z } from 'zod';
import type { ParamSpec, Tool } from '../../types';
import { DatasetError } from '../../errors';

/** A tool built from one OpenAPI operation, with what the simulator needs to know of it. */
export interface RestTool {
  tool: Tool;
  /** `GET /albums/{id}`, as RestBench solutions write it. */
  endpoint: string;
  /** Parameters whose values must be ids returned by earlier calls (path parameters, uri/ids). */
  idParams: string[];
  /** Kinds of resource the response carries (album, track, …), from its schema name. */
  outputKinds: string[];
  /** Kinds of resource its id parameters take. */
  inputKinds: string[];
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const KINDS = ['album', 'artist', 'track', 'playlist', 'user', 'show', 'episode', 'device', 'category', 'item'];

const param = z.object({ name: z.string(), in: z.string(), required: z.union([z.boolean(), z.string()]).optional(), schema: z.object({ type: z.string().optional(), description: z.string().optional() }).passthrough().optional(), description: z.string().optional() }).passthrough();
const reference = z.object({ $ref: z.string() });
const operation = z
  .object({
    summary: z.string().optional(),
    description: z.string().optional(),
    parameters: z.array(z.union([reference, param])).optional(),
    responses: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export const openApiSchema = z
  .object({
    openapi: z.string().optional(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.object({ parameters: z.record(z.string(), param).optional() }).passthrough().optional(),
  })
  .passthrough();

/** `GET /albums/{id}/tracks` -> `GET_albums_id_tracks`: a name a reply can write. */
export function toolName(endpoint: string): string {
  return endpoint.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '');
}

const clean = (text: string | undefined) => (text ?? '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();

function kindsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return KINDS.filter((kind) => lower.includes(kind));
}

/** The tools of an OpenAPI spec (one per operation), or a DatasetError naming what is wrong. */
export function toolsFromOpenApi(json: unknown): RestTool[] {
  const parsed = openApiSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetError(`OpenAPI spec: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const shared = parsed.data.components?.parameters ?? {};
  const tools: RestTool[] = [];
  const taken = new Set<string>();
  for (const [path, operations] of Object.entries(parsed.data.paths)) {
    for (const method of METHODS) {
      if (!(method in operations)) continue;
      const op = operation.safeParse(operations[method]);
      if (!op.success) throw new DatasetError(`OpenAPI spec: paths.${path}.${method}: ${op.error.issues[0].message}`);
      const endpoint = `${method.toUpperCase()} ${path}`;
      const properties: Record<string, ParamSpec> = {};
      const required: string[] = [];
      for (const raw of op.data.parameters ?? []) {
        const p = '$ref' in raw ? shared[String(raw.$ref).split('/').pop()!] : raw;
        if (!p) throw new DatasetError(`OpenAPI spec: paths.${path}.${method}: parameter ${String((raw as { $ref: string }).$ref)} is not defined in components.parameters`);
        const type = p.schema?.type === 'integer' || p.schema?.type === 'number' ? 'number' : p.schema?.type === 'boolean' ? 'boolean' : 'string';
        properties[p.name] = { type, description: clean(p.description ?? p.schema?.description).slice(0, 160) };
        if (p.in === 'path' || p.required === true || p.required === 'true') required.push(p.name);
      }
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const idParams = [...new Set([...pathParams, ...required.filter((name) => /^(uri|uris|ids)$/.test(name))])];
      const responseRef = JSON.stringify(op.data.responses?.['200'] ?? op.data.responses?.['201'] ?? '');
      const outputKinds = path === '/search' ? ['album', 'artist', 'track', 'playlist'] : kindsIn(`${responseRef} ${path}`);
      const inputKinds = pathParams.flatMap((name) => (name === 'id' ? kindsIn(path.split('{id}')[0]).slice(-1) : kindsIn(name)));
      const summary = clean(op.data.summary);
      // Two paths can spell one name (`/a-b`, `/a_b`): the later one gets a number, and the dataset says so.
      let name = toolName(endpoint);
      for (let n = 2; taken.has(name); n++) name = `${toolName(endpoint)}_${n}`;
      taken.add(name);
      tools.push({
        tool: {
          name,
          description: `${endpoint}: ${summary}. ${clean(op.data.description).slice(0, 240)}`,
          category: path.split('/')[1],
          arguments: { properties, required },
          results: { properties: { items: { type: 'array', description: `${outputKinds.join(', ') || 'result'} objects, each with its id` } }, required: [] },
        },
        endpoint,
        idParams,
        outputKinds,
        inputKinds,
      });
    }
  }
  if (tools.length === 0) throw new DatasetError('OpenAPI spec: it defines no operations under paths.');
  return tools;
}
