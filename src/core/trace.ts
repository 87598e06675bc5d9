import type { CallKind } from './types';

/** An event of one task's trace, streamed to the page as it happens (DESIGN section 2). */
export type TraceEvent =
  | { type: 'task-start'; goal: string; instruction: string; initialObservation: string }
  | {
      type: 'llm-call';
      kind: CallKind;
      promptTokens: number;
      completionTokens: number;
      ms: number;
      /** The model's reply, as text. */
      response: string;
    }
  | {
      type: 'step';
      index: number;
      thought: string;
      /** The action as written, or the raw reply when it could not be parsed. */
      action: string;
      observation: string;
      ok: boolean;
      /** True when the reply could not be parsed (a format error). */
      invalid: boolean;
      progress: number;
    }
  | { type: 'reflection'; text: string; trigger: 'failed-call' | 'repeated-observation' }
  | { type: 'task-end'; success: boolean; progress: number; steps: number };

/** Receives trace events. */
export type TraceSink = (event: TraceEvent) => void;
