import type { TaskResult } from '../../../core/run/results';
import { traceKey } from '../../../core/run/results';

/** The fields that pick one task's trace in Inspect. */
export type TraceField = 'env' | 'strategy' | 'seed' | 'taskId';

const FIELDS: TraceField[] = ['env', 'strategy', 'seed', 'taskId'];

/**
 * The trace key after one picker changes: among the task runs with the new value, the one that
 * keeps most of the other fields (earlier fields weigh more), so switching strategy stays on the same task.
 */
export function chooseTrace(results: TaskResult[], current: TaskResult | undefined, field: TraceField, value: string): string | undefined {
  let best: TaskResult | undefined;
  let bestScore = -1;
  for (const result of results) {
    if (String(result[field]) !== value) continue;
    const score = current ? FIELDS.reduce((sum, other, index) => sum + (other !== field && result[other] === current[other] ? 2 ** (FIELDS.length - index) : 0), 0) : 0;
    if (score > bestScore) {
      best = result;
      bestScore = score;
    }
  }
  return best && traceKey(best);
}

/** The distinct values of a field among the task runs that match `within` on the fields before it. */
export function traceOptions(results: TaskResult[], field: TraceField, within: TaskResult | undefined): string[] {
  const before = FIELDS.slice(0, FIELDS.indexOf(field));
  const values = results.filter((result) => !within || before.every((other) => result[other] === within[other])).map((result) => String(result[field]));
  return [...new Set(values)];
}
