import type { TraceEvent } from '../trace';
import type { TaskResult } from './results';

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
  | { kind: 'task-result'; key: string; result: TaskResult };
