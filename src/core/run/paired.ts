import type { TaskResult } from './results';
import { bootstrapMean, type Interval } from './intervals';
import { uncachedPromptTokensOf } from './aggregate';

/** A paired difference of one column between two strategies on the same tasks and seeds (docs/reporting.md). */
export interface PairedDifference {
  env: string;
  strategy: string;
  baseline: string;
  column: string;
  /** Mean of (strategy - baseline) over the pairs. */
  difference: number;
  interval: Interval;
  pairs: number;
  /** Task runs (`task@seed`) the strategy solved and the baseline did not, and the reverse. */
  onlyStrategy: string[];
  onlyBaseline: string[];
}

const COLUMNS: Record<string, (r: TaskResult) => number | undefined> = {
  success: (r) => (r.success ? 1 : 0),
  progress: (r) => r.progress,
  llmCalls: (r) => r.llmCalls,
  promptTokens: (r) => r.promptTokens,
};

/** Columns read when asked for by name, not in the default list: what a prompt cache and a device make of the tokens. */
const ON_REQUEST: Record<string, (r: TaskResult) => number | undefined> = {
  uncachedPromptTokens: uncachedPromptTokensOf,
  localSeconds: (r) => r.localSeconds,
  // Input plus output tokens: the total a paper's cost counts (EcoAct Eq. 2-3).
  totalTokens: (r) => r.promptTokens + r.completionTokens,
};

/**
 * Each strategy against `baseline` on every environment both ran: the difference per task and
 * seed, its mean with a bootstrap interval over tasks (a task's seeds resampled together), and the
 * runs one solved and the other did not. Pairs are matched on task and seed, so the common random
 * numbers of the run (same tasks, same model seeds) cancel out of the comparison.
 */
export function pairedDifferences(results: TaskResult[], baseline: string, columns: string[] = Object.keys(COLUMNS)): PairedDifference[] {
  const key = (r: TaskResult) => `${r.env}\u0000${r.taskId}\u0000${r.seed}`;
  const base = new Map(results.filter((r) => r.strategy === baseline).map((r) => [key(r), r]));
  const groups = new Map<string, TaskResult[]>();
  for (const r of results) {
    if (r.strategy === baseline || !base.has(key(r))) continue;
    const k = `${r.env}\u0000${r.strategy}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const out: PairedDifference[] = [];
  for (const group of groups.values()) {
    const { env, strategy } = group[0];
    for (const column of columns) {
      const read = COLUMNS[column] ?? ON_REQUEST[column] ?? ((r: TaskResult) => r.metrics[column]);
      const byTask = new Map<string, number[]>();
      for (const r of group) {
        const a = read(r);
        const b = read(base.get(key(r))!);
        if (a === undefined || b === undefined) continue;
        byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), a - b]);
      }
      const all = [...byTask.values()].flat();
      if (all.length === 0) continue;
      const run = (r: TaskResult) => `${r.taskId}@${r.seed}`;
      out.push({
        env,
        strategy,
        baseline,
        column,
        difference: all.reduce((s, v) => s + v, 0) / all.length,
        interval: bootstrapMean([...byTask.values()]),
        pairs: all.length,
        onlyStrategy: column === 'success' ? group.filter((r) => r.success && !base.get(key(r))!.success).map(run) : [],
        onlyBaseline: column === 'success' ? group.filter((r) => !r.success && base.get(key(r))!.success).map(run) : [],
      });
    }
  }
  return out;
}
