import type { ChatMessage } from './language-model';
import type { TraceEvent } from '../trace';

/**
 * A call's prompt as the trace records it: the first `keep` messages of the task's previous call,
 * then the `added` messages, each written as lines where a line the task's trace already holds is
 * its number in the trace's line pool (the order lines first appeared in) and a new line is its
 * text. Prompts repeat themselves: a ReAct transcript grows by two messages a step, a plan-guided
 * prompt lists many of the same tool docs at every substep, a reflection quotes the trajectory.
 * Stored whole, a SLATE task's prompts took 100-290 KB; this keeps a trace close to its size
 * without them.
 */
export interface PromptDelta {
  keep: number;
  added: { role: ChatMessage['role']; lines: (number | string)[] }[];
}

/** Writes the prompts of one task's calls as deltas; one per task, fed its calls in order. */
export class PromptRecorder {
  private previous: ChatMessage[] = [];
  private readonly pool = new Map<string, number>();

  record(messages: ChatMessage[]): PromptDelta {
    let keep = 0;
    const previous = this.previous;
    while (keep < previous.length && keep < messages.length && previous[keep].role === messages[keep].role && previous[keep].content === messages[keep].content) keep++;
    this.previous = messages;
    return {
      keep,
      added: messages.slice(keep).map((message) => ({
        role: message.role,
        lines: message.content.split('\n').map((line) => {
          const known = this.pool.get(line);
          if (known !== undefined) return known;
          this.pool.set(line, this.pool.size);
          return line;
        }),
      })),
    };
  }
}

type LlmCallEvent = Extract<TraceEvent, { type: 'llm-call' }>;

/**
 * Each model call's full prompt, read back from a trace's deltas in order (the page shows it on
 * demand). Calls recorded without a prompt (older traces) get none.
 */
export function promptsOf(events: TraceEvent[]): Map<LlmCallEvent, ChatMessage[]> {
  const prompts = new Map<LlmCallEvent, ChatMessage[]>();
  const pool: string[] = [];
  let last: ChatMessage[] = [];
  for (const event of events) {
    if (event.type !== 'llm-call' || !event.prompt) continue;
    const added = event.prompt.added.map((message) => ({
      role: message.role,
      content: message.lines
        .map((line) => {
          if (typeof line === 'number') return pool[line] ?? '';
          pool.push(line);
          return line;
        })
        .join('\n'),
    }));
    last = [...last.slice(0, event.prompt.keep), ...added];
    prompts.set(event, last);
  }
  return prompts;
}
