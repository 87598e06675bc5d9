import { z } from 'zod';
import type { Dataset, Task } from '../../types';
import type { RestTool } from './openapi-tools';
import { DatasetError } from '../../errors';
import { apiTitle, toolName, toolsFromOpenApi } from './openapi-tools';

/** A RestBench query with its gold solution path (environment-private data of a task). */
export interface RestQueryData {
  solution: string[];
}

export interface RestDataset extends Dataset {
  tools: RestTool[];
  /** The API's name from the spec's `info.title`, for the prompt. */
  api: string;
}

const queryItem = z.object({ query: z.string().min(1), solution: z.array(z.string().min(1)).min(1) }).passthrough();

/**
 * Reads `{queries, spec}`: RestBench queries (`[{query, solution: ["GET /search", …]}]`) and the
 * OpenAPI spec their endpoints come from. Every problem names the query and field. A third of the
 * queries (every third) train; the rest test.
 */
export function parseRestDataset(json: unknown): RestDataset {
  const { queries: rawQueries, spec } = (json ?? {}) as { queries?: unknown; spec?: unknown };
  if (spec === undefined) throw new DatasetError('RestBench data: an OpenAPI spec file is needed.');
  const tools = toolsFromOpenApi(spec);
  if (!Array.isArray(rawQueries)) throw new DatasetError('RestBench queries: the file should hold a JSON array of queries.');
  if (rawQueries.length === 0) throw new DatasetError('RestBench queries: the file holds no queries.');
  const endpoints = new Set(tools.map((t) => t.endpoint));
  // Each query is checked on its own: the valid ones load, each one left out is listed with its reason.
  const kept: { index: number; query: string; solution: string[] }[] = [];
  const skipped: { id: string; reason: string }[] = [];
  rawQueries.forEach((raw, index) => {
    const item = queryItem.safeParse(raw);
    if (!item.success) {
      const issue = item.error.issues[0];
      skipped.push({ id: `query ${index}`, reason: `${issue.path.join('.') || 'the query'}: ${issue.message}` });
      return;
    }
    const missing = item.data.solution.find((step) => !endpoints.has(step.trim()));
    if (missing) skipped.push({ id: `query ${index}`, reason: `solution: "${missing}" is not an operation of the OpenAPI spec` });
    else kept.push({ index, query: item.data.query, solution: item.data.solution });
  });
  if (kept.length === 0) {
    const problems = skipped.map((s) => ({ caseId: s.id, path: '', message: s.reason }));
    throw Object.assign(new DatasetError(`RestBench queries: ${skipped[0].id}, ${skipped[0].reason}${skipped.length > 1 ? ` (and ${skipped.length - 1} more)` : ''}; no query is valid, so nothing was loaded.`), { problems });
  }
  const renamed = tools.filter((t) => t.tool.name !== toolName(t.endpoint));
  const notes = renamed.map((t) => `${t.endpoint} is the tool ${t.tool.name}: another operation's path gives the same name ${toolName(t.endpoint)}.`);
  const tasks: Task[] = kept.map(({ index, query, solution }) => ({
    id: `restapi-${String(index + 1).padStart(3, '0')}`,
    env: 'restapi',
    goal: query,
    split: index % 3 === 0 ? 'train' : 'test',
    kind: `${solution.length} call${solution.length === 1 ? '' : 's'}`,
    data: { solution: solution.map((s) => s.trim()) } satisfies RestQueryData,
  }));
  return { env: 'restapi', tools, api: apiTitle(spec), tasks, ...(skipped.length ? { skipped } : {}), ...(notes.length ? { notes } : {}) };
}
