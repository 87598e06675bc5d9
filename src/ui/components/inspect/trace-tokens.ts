import type { TraceEvent } from '../../../core/trace';
import type { TraceBlock } from './trace-blocks';

/** One point of the input-tokens-per-step chart. */
export interface StepTokens {
  /** Position among the trace's steps, from 1 (a Reflexion trace restarts its step numbers each attempt). */
  n: number;
  /** The step's own number. */
  step: number;
  /** The attempt it belongs to, from 1. */
  attempt: number;
  /** Prompt tokens of the model calls behind the step (0 for a step taken without the model). */
  input: number;
  calls: number;
  /** The tool EcoAct registered at this step. */
  registered?: string;
  estimated: boolean;
}

/** The prompt tokens of each step of a trace, measured from its `llm-call` events. */
export function tokensPerStep(blocks: TraceBlock[]): StepTokens[] {
  const points: StepTokens[] = [];
  let attempt = 1;
  for (const block of blocks) {
    if (block.kind === 'trial') attempt = block.event.trial + 1;
    if (block.kind !== 'step') continue;
    points.push({
      n: points.length + 1,
      step: block.event.index,
      attempt,
      input: block.calls.reduce((sum, call) => sum + call.promptTokens, 0),
      calls: block.calls.length,
      ...(block.register ? { registered: block.register.tool } : {}),
      estimated: block.calls.some((call) => call.estimated === true),
    });
  }
  return points;
}

/**
 * Whether a trace is EcoAct's: it registered a tool, or its instruction offers `tool_register`
 * (a task solved without registering anything still lists the tools by name only).
 */
export function isEcoActTrace(events: TraceEvent[]): boolean {
  return events.some((event) => event.type === 'register' || (event.type === 'task-start' && event.instruction.includes('tool_register')));
}

/** EcoAct's registrations of one query, in order. */
export function registrationsOf(events: TraceEvent[]): Extract<TraceEvent, { type: 'register' }>[] {
  return events.filter((event): event is Extract<TraceEvent, { type: 'register' }> => event.type === 'register');
}
