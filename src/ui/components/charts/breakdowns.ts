import type { TaskResult } from '../../../core/run/results';
import type { Price } from '../../../core/run/prices';
import { costUsd } from '../../../core/run/prices';
import { bootstrapMean, clustersBy, wilson, type Interval } from '../../../core/run/intervals';

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Per task kind and strategy: task runs, success rate, prompt tokens and dollars per task. */
export interface KindCell {
  kind: string;
  strategy: string;
  tasks: number;
  success: number;
  promptTokens: number;
  costUsd: number;
  /** 95% intervals: Wilson for the success rate, a bootstrap over tasks for the means. */
  intervals: { success: Interval; promptTokens: Interval; costUsd: Interval };
}

/** Order of kinds: numeric ranges by their lower bound ("0-10" < "10-20" < "20+"), others by name. */
function kindOrder(a: string, b: string): number {
  const na = Number.parseFloat(a);
  const nb = Number.parseFloat(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.localeCompare(b);
}

/** Success and cost by task kind (EcoAct Figure 3 breaks cost down by tool scale this way). */
export function byKind(results: TaskResult[], price: Price): { kinds: string[]; cells: KindCell[] } {
  const kinds = [...new Set(results.map((r) => r.taskKind))].sort(kindOrder);
  const strategies = [...new Set(results.map((r) => r.strategy))];
  const cells = kinds.flatMap((kind) =>
    strategies.map((strategy) => {
      const group = results.filter((r) => r.taskKind === kind && r.strategy === strategy);
      return {
        kind,
        strategy,
        tasks: group.length,
        success: mean(group.map((r) => (r.success ? 1 : 0))),
        promptTokens: mean(group.map((r) => r.promptTokens)),
        costUsd: mean(group.map((r) => costUsd(r, price))),
        intervals: {
          success: wilson(group.filter((r) => r.success).length, group.length),
          promptTokens: bootstrapMean(clustersBy(group, (r) => r.taskId, (r) => r.promptTokens)),
          costUsd: bootstrapMean(clustersBy(group, (r) => r.taskId, (r) => costUsd(r, price))),
        },
      };
    }),
  );
  return { kinds, cells };
}

/**
 * LLM calls per task in the order the tasks ran (position i of every seed averaged), per
 * strategy: a strategy that learns online (AutoTool) should fall below its base as it goes.
 */
export function callsInRunOrder(results: TaskResult[]): { position: number; [strategy: string]: number }[] {
  const series = new Map<string, number[][]>();
  const positions = new Map<string, number>();
  for (const r of results) {
    const key = `${r.strategy}\u0000${r.seed}`;
    const position = positions.get(key) ?? 0;
    positions.set(key, position + 1);
    const byPosition = series.get(r.strategy) ?? [];
    (byPosition[position] ??= []).push(r.llmCalls);
    series.set(r.strategy, byPosition);
  }
  const length = Math.max(0, ...[...series.values()].map((s) => s.length));
  return Array.from({ length }, (_, position) => {
    const point: { position: number; [strategy: string]: number } = { position: position + 1 };
    for (const [strategy, byPosition] of series) if (byPosition[position]) point[strategy] = mean(byPosition[position]);
    return point;
  });
}

/** The average advance of a tick label's character at 11 px (an estimate, as the point labels' was). */
const TICK_CHAR = 6.3;

/**
 * A kind's name in lines that fit its bar group's width, broken at its underscores,
 * after them, each line drawn without the underscore it broke at ("pick_two_obj_and_place" over a phone's 30-px group: "pick", "two", "obj", "and", "place"); a name that fits stays whole.
 * At 390 px the axis drew two of household's six kinds and left the other groups unnamed (issue 42).
 */
export function tickLines(kind: string, band: number): string[] {
  const words = kind.split(/(?<=_)|\s+/).filter(Boolean);
  const lines: string[] = [];
  // A line's width without the underscore it breaks after (drawn without it).
  const fits = (line: string) => line.replace(/_$/, '').length * TICK_CHAR <= band;
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && fits(lines[last] + word)) lines[last] += word;
    else lines.push(word);
  }
  return lines.length ? lines.map((line, i) => (i < lines.length - 1 ? line.replace(/_$/, '') : line)) : [kind];
}
