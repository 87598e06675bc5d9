import { z } from 'zod';
import type { RunResult } from './results';
import { aggregate } from './aggregate';
import { schemaIssueText } from '../errors';

/**
 * A run exported as JSON (Results → Export JSON), read back by Results → Open a run. The shape is
 * checked field by field; the aggregate rows are computed again from the task results, so a file
 * cannot show rows its results do not give.
 */
const taskResult = z.looseObject({
  env: z.string(),
  strategy: z.string(),
  taskId: z.string(),
  taskKind: z.string(),
  seed: z.number().int(),
  success: z.boolean(),
  progress: z.number().min(0).max(1),
  steps: z.number().min(0),
  invalidSteps: z.number().min(0),
  failedCalls: z.number().min(0),
  llmCalls: z.number().min(0),
  promptTokens: z.number().min(0),
  completionTokens: z.number().min(0),
  callsByKind: z.record(z.string(), z.number()),
  logitPasses: z.number().min(0),
  metrics: z.record(z.string(), z.number()),
  ms: z.number().min(0),
});

const runFile = z.looseObject({
  id: z.string().min(1),
  config: z.looseObject({ envs: z.array(z.string()), strategies: z.array(z.string()), tasks: z.number(), seeds: z.number(), seed: z.number(), model: z.string() }),
  status: z.enum(['done', 'cancelled', 'error']),
  // The window the run ran under (the page shows it and where it came from): checked, since a file may come from anywhere.
  model: z.looseObject({ id: z.string(), label: z.string(), simulated: z.boolean(), window: z.object({ tokens: z.number().int().positive(), source: z.string().max(300) }).optional() }),
  startedAt: z.string(),
  elapsedMs: z.number().min(0),
  results: z.array(taskResult),
  learning: z.array(z.looseObject({ env: z.string(), strategy: z.string(), seed: z.number() })).default([]),
  traces: z.record(z.string(), z.array(z.looseObject({ type: z.string() }))).default({}),
  // Which data each environment ran on (the page shows it): checked, since a file may come from anywhere.
  data: z.record(z.string(), z.object({ source: z.enum(['bundled', 'imported']), tasks: z.number().min(0), fingerprint: z.string().max(64).optional(), files: z.array(z.string().max(300)).max(20).optional() })).optional(),
});

/** The index of snapshots kept apart, when it fits; undefined otherwise. */
const storedSnapshots = z.array(z.object({ key: z.string(), kind: z.string().optional() }));

/**
 * Reads an exported run (or a stored one: `keepStoredTraces` keeps the keys of traces and the
 * index of snapshots kept apart); the error names the first field that does not fit.
 */
export function parseRunFile(json: unknown, keepStoredTraces = false): RunResult {
  const parsed = runFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the file';
    throw new Error(`This is not a Toolwise run (Results → Export JSON): ${where}: ${issue ? schemaIssueText(issue.message) : 'unexpected shape'}.`);
  }
  const run = parsed.data as unknown as RunResult;
  const traceKeys = keepStoredTraces && Array.isArray(run.traceKeys) && run.traceKeys.every((key) => typeof key === 'string') ? run.traceKeys : undefined;
  const snapshotIndex = keepStoredTraces ? storedSnapshots.safeParse(run.storedSnapshots).data : undefined;
  const { traceKeys: _stored, storedSnapshots: _index, ...rest } = run;
  return { ...rest, ...(traceKeys ? { traceKeys } : {}), ...(snapshotIndex ? { storedSnapshots: snapshotIndex } : {}), rows: aggregate(run.results) };
}
