import { z } from 'zod';
import type { Dataset, Task } from '../../types';
import type { RestTool } from './openapi-tools';
import { DatasetError } from '../../errors';
import { toolsFromOpenApi } from './openapi-tools';

/** A RestBench query with its gold solution path (environment-private data of a task). */
export interface RestQueryData {
  solution: string[];
}

export interface RestDataset extends Dataset {
  tools: RestTool[];
}

const queries = z.array(z.object({ query: z.string().min(1), solution: z.array(z.string().min(1)).min(1) }).passthrough()).min(1, 'the file holds no queries');

/**
 * Reads `{queries, spec}`: RestBench queries (`[{query, solution: ["GET /search", …]}]`) and the
 * OpenAPI spec their endpoints come from. Every problem names the query and field. A third of the
 * queries (every third) train; the rest test.
 */
export function parseRestDataset(json: unknown): RestDataset {
  const { queries: rawQueries, spec } = (json ?? {}) as { queries?: unknown; spec?: unknown };
  if (spec === undefined) throw new DatasetError('RestBench data: an OpenAPI spec file is needed.');
  const tools = toolsFromOpenApi(spec);
  const parsed = queries.safeParse(rawQueries);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `query ${String(issue.path[0])}${issue.path.length > 1 ? `, ${issue.path.slice(1).join('.')}` : ''}` : 'the file';
    throw new DatasetError(`RestBench queries: ${where}: ${issue.message}`);
  }
  const endpoints = new Set(tools.map((t) => t.endpoint));
  parsed.data.forEach((item, index) => {
    const missing = item.solution.find((step) => !endpoints.has(step.trim()));
    if (missing) throw new DatasetError(`RestBench queries: query ${index}, solution: "${missing}" is not an operation of the OpenAPI spec.`);
  });
  const tasks: Task[] = parsed.data.map((item, index) => ({
    id: `restapi-${String(index + 1).padStart(3, '0')}`,
    env: 'restapi',
    goal: item.query,
    split: index % 3 === 0 ? 'train' : 'test',
    kind: `${item.solution.length} call${item.solution.length === 1 ? '' : 's'}`,
    data: { solution: item.solution.map((s) => s.trim()) } satisfies RestQueryData,
  }));
  return { env: 'restapi', tools, tasks };
}
