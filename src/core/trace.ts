import type { CallKind } from './types';
import type { PromptDelta } from './llm/prompt-delta';

/** An event of one task's trace, streamed to the page as it happens (docs/architecture.md). */
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
      /** The prompt, as the change from the task's previous call (`promptsOf` reads it back). */
      prompt?: PromptDelta;
      /** The server sent no usage: the tokens were counted with the Qwen2.5 tokenizer. */
      estimated?: boolean;
      /** Prompt tokens found cached (the server's count, else the run's cache model's); absent without a cache. */
      cachedPromptTokens?: number;
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
  | {
      type: 'entropy';
      /** Plan substep label (EGB). */
      step: string;
      index: number;
      entropy: number;
      /** The most likely tools with their probabilities (Alg. 2 votes or Alg. 3 logits). */
      distribution: { tool: string; p: number }[];
      chosen: string;
    }
  | {
      type: 'branch';
      /** Branch number, from 1. */
      branch: number;
      /** The substep the branch starts from, and the alternative tool tried there. */
      step: string;
      index: number;
      entropy: number;
      tool: string;
      p: number;
      success: boolean;
    }
  | { type: 'trial'; trial: number; success: boolean }
  | {
      type: 'inertia';
      /** The step AutoTool took without the model: an inertial call (section 4.5) or a recovery call. */
      index: number;
      kind: 'inertial' | 'recovery';
      tool: string;
      action: string;
      /** CIPS and its parts (eq. 1). */
      score: number;
      frequency: number;
      context: number;
      /** How each parameter was filled (dependency, state, goal). */
      params: { name: string; source: string }[];
    }
  | {
      type: 'register';
      /** The step at which EcoAct registered a tool (EcoAct section 2.2). */
      index: number;
      tool: string;
      /** Tools registered so far and tools the query offers. */
      registered: number;
      available: number;
    }
  | { type: 'task-end'; success: boolean; progress: number; steps: number; /** Why the task ended early, and the model's refusal. */ outcome?: 'context-overflow'; reason?: string };

/** Receives trace events. */
export type TraceSink = (event: TraceEvent) => void;
