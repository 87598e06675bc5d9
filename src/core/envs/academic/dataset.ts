import { z } from 'zod';
import type { Dataset, Task } from '../../types';
import { DatasetError } from '../../errors';
import type { AcademicFile, AcademicGraphData } from './academic-types';
import { nodeKey } from './citation-graph';
import { academicTool } from './tools';

/** The academic dataset: the citation graph and the questions about it. */
export interface AcademicDataset extends Dataset {
  graph: AcademicGraphData;
}

const name = z.string().trim().min(1);
const paper = z.object({
  title: name,
  year: z.number().int(),
  venue: name,
  n_citation: z.number().int().nonnegative(),
  keywords: z.array(name),
  doc_type: z.enum(['Conference', 'Journal']),
  authors: z.array(name).min(1),
});
const graph = z.object({
  papers: z.array(paper).min(1),
  authors: z.array(z.object({ name, org: name })).min(1),
  citations: z.array(z.tuple([name, name])),
  collaborations: z.array(z.object({ authors: z.tuple([name, name]), papers: z.array(name).min(1) })),
});
const action = z.object({ tool: name, args: z.record(z.string(), z.union([z.string(), z.number()])) });
const task = z.object({
  id: name,
  goal: name,
  split: z.enum(['train', 'test']),
  kind: name,
  data: z.object({
    answer: z.union([z.number(), name, z.array(name).min(1)]),
    solution: z.array(action).min(1),
    subgoals: z.array(z.object({ tool: name, observation: z.string() })).min(1),
  }),
});
const file = z.object({ env: z.literal('academic'), version: z.literal(1), graph, tasks: z.array(task).min(1) });

/** `tasks[3].data.answer` from a zod issue path. */
function pathText(path: PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
}

/** Cross-checks that a schema cannot express; throws a DatasetError naming the first problem. */
function crossCheck(data: AcademicFile): void {
  const titles = new Set(data.graph.papers.map((p) => nodeKey(p.title)));
  const authors = new Set(data.graph.authors.map((a) => nodeKey(a.name)));
  const check = (ok: boolean, message: string, path: string) => {
    if (!ok) throw new DatasetError(message, path);
  };
  check(titles.size === data.graph.papers.length, 'two papers share a title', 'graph.papers');
  check(authors.size === data.graph.authors.length, 'two authors share a name', 'graph.authors');
  data.graph.papers.forEach((p, i) => p.authors.forEach((a, j) => check(authors.has(nodeKey(a)), `unknown author "${a}"`, `graph.papers[${i}].authors[${j}]`)));
  data.graph.citations.forEach((edge, i) => edge.forEach((t, j) => check(titles.has(nodeKey(t)), `unknown paper "${t}"`, `graph.citations[${i}][${j}]`)));
  data.graph.collaborations.forEach((edge, i) => {
    edge.authors.forEach((a, j) => check(authors.has(nodeKey(a)), `unknown author "${a}"`, `graph.collaborations[${i}].authors[${j}]`));
    edge.papers.forEach((t, j) => check(titles.has(nodeKey(t)), `unknown paper "${t}"`, `graph.collaborations[${i}].papers[${j}]`));
  });
  const ids = new Set<string>();
  data.tasks.forEach((t, i) => {
    check(!ids.has(t.id), `duplicate task id "${t.id}"`, `tasks[${i}].id`);
    ids.add(t.id);
    const { solution, subgoals } = t.data;
    solution.forEach((step, j) => check(academicTool(step.tool) !== undefined, `unknown tool "${step.tool}"`, `tasks[${i}].data.solution[${j}].tool`));
    check(solution.at(-1)?.tool === 'finish', 'the last solution step must be finish', `tasks[${i}].data.solution`);
    check(subgoals.length === solution.length, 'needs one subgoal per solution step', `tasks[${i}].data.subgoals`);
  });
}

/**
 * Validates the academic data file (`{env, version, graph, tasks}`) and reads it as a dataset.
 * Throws a DatasetError whose path says where the file is wrong.
 */
export function parseAcademicDataset(json: unknown): AcademicDataset {
  const result = file.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DatasetError(`${issue.message} (regenerate with \`npm run generate:data -- academic\`)`, pathText(issue.path));
  }
  const data = result.data as AcademicFile;
  crossCheck(data);
  const tasks: Task[] = data.tasks.map((t) => ({ id: t.id, env: 'academic', goal: t.goal, split: t.split, kind: t.kind, data: t.data }));
  return { env: 'academic', graph: data.graph, tasks };
}
