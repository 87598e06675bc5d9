import { z } from 'zod';
import type { SlateCase, SlateTool } from './slate-types';
import { parseReference } from './references';
import { schemaIssueText } from '../../errors';

const paramSpec = z.object({
  type: z.enum(['string', 'number', 'boolean', 'object', 'array', 'integer']).transform((type) => (type === 'integer' ? 'number' : type)),
  description: z.string().default(''),
  enum: z.array(z.string()).optional(),
});
const objectSchema = z.object({
  properties: z.record(z.string(), paramSpec),
  required: z.array(z.string()).default([]),
});

export const slateToolSchema = z.object({
  name: z.string().regex(/^[A-Za-z_][\w]*$/, 'a tool name is letters, digits and underscores'),
  description: z.string().min(1),
  category: z.string().optional(),
  arguments: objectSchema,
  results: objectSchema.optional(),
  default_output: z.record(z.string(), z.unknown()),
  family: z.string().optional(),
});

const action = z.object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()) });

export const slateCaseSchema = z.object({
  id: z.string().min(1),
  category: z.string().min(1),
  user_type: z.string().min(1),
  complexity: z.enum(['MODERATE', 'COMPLEX', 'ADVANCED']),
  query: z.string().min(1),
  plan: z
    .array(
      z.object({
        step: z.string().min(1),
        description: z.string(),
        substeps: z.array(z.object({ step: z.string().min(1), description: z.string(), action: action.nullable() })).min(1),
      }),
    )
    .min(1),
  simulation: z.array(z.object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()), output: z.record(z.string(), z.unknown()) })),
  split: z.enum(['train', 'test']).optional(),
});

/** One problem of an import: which case, where in it, and what is wrong. */
export interface ImportProblem {
  /** The case id, or `#<index>` when the case has no readable id; empty for a tool library problem. */
  caseId: string;
  path: string;
  message: string;
}

/** An import with problems; nothing of it was loaded. */
export class SlateImportError extends Error {
  override name = 'SlateImportError';
  constructor(readonly problems: ImportProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in the import: ` +
        problems
          .slice(0, 5)
          .map((p) => `${p.caseId ? `case ${p.caseId} ` : ''}${p.path}: ${p.message}`)
          .join('; ') +
        (problems.length > 5 ? '; …' : ''),
    );
  }
}

const pathText = (path: PropertyKey[]) => path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');

/** Validates a tool library file (a JSON array of tools). */
export function parseSlateTools(json: unknown): SlateTool[] {
  const result = z.array(slateToolSchema).min(1, 'the tool library is empty').safeParse(json);
  if (!result.success) {
    throw new SlateImportError(result.error.issues.map((issue) => ({ caseId: '', path: `tools${pathText(issue.path).replace(/^(?=\w)/, '.')}`, message: schemaIssueText(issue.message) })));
  }
  return result.data as SlateTool[];
}

/** Checks what a schema cannot: tools exist, references point back to earlier substeps. */
function crossCheck(item: SlateCase, toolNames: Set<string>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  item.plan.forEach((step, i) =>
    step.substeps.forEach((substep, j) => {
      const at = `plan[${i}].substeps[${j}].action`;
      if (substep.action && toolNames.size > 0 && !toolNames.has(substep.action.tool)) {
        problems.push({ caseId: item.id, path: `${at}.tool`, message: `tool "${substep.action.tool}" is not in the tool library` });
      }
      for (const [key, value] of Object.entries(substep.action?.args ?? {})) {
        const reference = parseReference(value);
        if (reference && !seen.has(reference.step)) {
          problems.push({ caseId: item.id, path: `${at}.args.${key}`, message: `references step ${reference.step}, which does not come earlier` });
        }
      }
      seen.add(substep.step);
    }),
  );
  return problems;
}

/** Validates a case file (a JSON array of cases, or `{cases: [...]}`) against a tool library. */
export function parseSlateCases(json: unknown, tools: SlateTool[] = []): SlateCase[] {
  const list = Array.isArray(json) ? json : (json as { cases?: unknown })?.cases;
  if (!Array.isArray(list)) throw new SlateImportError([{ caseId: '', path: 'cases', message: 'expected a JSON array of cases' }]);
  const toolNames = new Set(tools.map((tool) => tool.name));
  const problems: ImportProblem[] = [];
  const cases: SlateCase[] = [];
  const ids = new Set<string>();
  list.forEach((raw, index) => {
    const rawId = (raw as { id?: unknown })?.id;
    const caseId = typeof rawId === 'string' && rawId ? rawId : `#${index}`;
    const result = slateCaseSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push({ caseId, path: pathText(issue.path) || '(case)', message: schemaIssueText(issue.message) });
      return;
    }
    if (ids.has(result.data.id)) problems.push({ caseId, path: 'id', message: 'the id is used by an earlier case' });
    ids.add(result.data.id);
    const item = result.data as SlateCase;
    problems.push(...crossCheck(item, toolNames));
    cases.push(item);
  });
  if (problems.length > 0) throw new SlateImportError(problems);
  if (cases.length === 0) throw new SlateImportError([{ caseId: '', path: 'cases', message: 'the file holds no cases' }]);
  return cases;
}
