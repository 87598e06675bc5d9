import type { TraceEvent } from '../trace';
import type { TaskResult } from './results';
import type { ContextWindow } from '../llm/context-window';

/** Progress of a run, as a plain report object. */
export interface RunProgress {
  /** Task runs finished. */
  done: number;
  total: number;
  elapsedMs: number;
  text: string;
}

/** What a running matrix streams, as a union whose `kind` fixes the payload. */
export type RunEvent =
  | { kind: 'progress'; progress: RunProgress }
  | { kind: 'trace'; key: string; event: TraceEvent }
  | { kind: 'task-result'; key: string; result: TaskResult }
  /** The window the run runs under (what its result will record as `model.window`), sent before its first task, so a page shows it while the run streams. */
  | { kind: 'model'; window: ContextWindow };
