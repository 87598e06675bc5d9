import { z } from 'zod';
import type { Dataset, Tool } from '../../types';
import { DatasetError } from '../../errors';

/** The toolbench dataset: the catalogue and the queries. */
export interface ToolbenchDataset extends Dataset {
  tools: Tool[];
}

const value = z.union([z.string(), z.number(), z.boolean()]);
const param = z.object({ type: z.enum(['string', 'number', 'boolean', 'object', 'array']), description: z.string() });
const tool = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  category: z.string().optional(),
  arguments: z.object({ properties: z.record(z.string(), param), required: z.array(z.string()) }),
});
const file = z.object({
  env: z.literal('toolbench'),
  version: z.literal(1),
  tools: z.array(tool).min(1),
  tasks: z
    .array(
      z.object({
        id: z.string().min(1),
        goal: z.string().min(1),
        split: z.enum(['train', 'test']),
        kind: z.string().min(1),
        data: z.object({
          pool: z.array(z.string()).min(1),
          calls: z.array(z.object({ tool: z.string(), args: z.record(z.string(), value), output: z.record(z.string(), value) })).min(1),
          answer: value,
        }),
      }),
    )
    .min(1),
});

const pathText = (path: PropertyKey[]) => path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');

/** Validates the toolbench file; a problem names its path (and the query's tools must be in the catalogue). */
export function parseToolbenchDataset(json: unknown): ToolbenchDataset {
  const result = file.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DatasetError(`toolbench data: ${pathText(issue.path)}: ${issue.message}`);
  }
  const names = new Set(result.data.tools.map((t) => t.name));
  for (const task of result.data.tasks) {
    const missing = [...task.data.pool, ...task.data.calls.map((c) => c.tool)].find((name) => !names.has(name));
    if (missing) throw new DatasetError(`toolbench data: task ${task.id} uses tool "${missing}", which is not in the catalogue.`);
    const outside = task.data.calls.find((c) => !task.data.pool.includes(c.tool));
    if (outside) throw new DatasetError(`toolbench data: task ${task.id} needs "${outside.tool}", which is not in its pool.`);
  }
  return { env: 'toolbench', tools: result.data.tools as Tool[], tasks: result.data.tasks.map((task) => ({ ...task, env: 'toolbench' })) };
}
