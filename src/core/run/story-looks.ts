/**
 * What stories and lessons share: the part of Results they point at, and the comparisons whose
 * result they put in words. Both read these from their own records (stories.ts, lessons.ts); the
 * UI maps a target to an element (src/ui/lessons/lesson-targets.ts) and outlines it the same way
 * whichever of the two pointed.
 */

/** Where on the page a story or lesson points. */
export type LookTarget =
  /** An environment's chart of success and progress against one cost (Results › Results). */
  | { kind: 'chart'; env: string; cost: 'llmCalls' | 'promptTokens' | 'completionTokens' | 'costUsd' }
  /** An environment's fold of cost and success by task kind, opened. */
  | { kind: 'breakdown'; env: string }
  /** An environment's paired comparison (Results › Paired). */
  | { kind: 'paired'; env: string }
  /** The table of means with intervals, one row per strategy and environment. */
  | { kind: 'table' }
  /** The strategy's graph in Inspect (AutoTool's inertia graph, ToolExpNet's network). */
  | { kind: 'graph' };

/** A difference measured on a run: `strategy` minus `baseline` in `column`, paired on task and seed. */
export interface Measure {
  env: string;
  strategy: string;
  baseline: string;
  /** A column of pairedDifferences: success, progress, llmCalls, promptTokens, or an environment's metric. */
  column: string;
  /** Also per task kind (EcoAct's saving by tool scale). */
  perKind?: boolean;
}
