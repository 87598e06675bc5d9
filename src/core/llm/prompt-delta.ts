import type { ChatMessage } from './language-model';
import type { TraceEvent } from '../trace';

/**
 * A call's prompt as the trace records it: the first `keep` messages of the task's previous call,
 * then `added`. A ReAct prompt grows by two messages a step, so storing each prompt whole would
 * grow a trace with the square of its length; this grows it linearly.
 */
export interface PromptDelta {
  keep: number;
  added: ChatMessage[];
}

/** The delta from the previous call's messages to this call's. */
export function promptDelta(previous: ChatMessage[], next: ChatMessage[]): PromptDelta {
  let keep = 0;
  while (keep < previous.length && keep < next.length && previous[keep].role === next[keep].role && previous[keep].content === next[keep].content) keep++;
  return { keep, added: next.slice(keep) };
}

type LlmCallEvent = Extract<TraceEvent, { type: 'llm-call' }>;

/**
 * Each model call's full prompt, read back from a trace's deltas in order (the page shows it on
 * demand). Calls recorded without a prompt (older traces) get none.
 */
export function promptsOf(events: TraceEvent[]): Map<LlmCallEvent, ChatMessage[]> {
  const prompts = new Map<LlmCallEvent, ChatMessage[]>();
  let last: ChatMessage[] = [];
  for (const event of events) {
    if (event.type !== 'llm-call' || !event.prompt) continue;
    last = [...last.slice(0, event.prompt.keep), ...event.prompt.added];
    prompts.set(event, last);
  }
  return prompts;
}
