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

/** Contents, and characters of them, whose line numbers a recorder keeps at most (it serves one task). */
const NUMBERED_KEPT = 256;
const NUMBERED_CHARS = 4_000_000;

/** Writes the prompts of one task's calls as deltas; one per task, fed its calls in order. */
export class PromptRecorder {
  private previous: ChatMessage[] = [];
  private readonly pool = new Map<string, number>();
  /**
   * The pool numbers of the lines of contents recorded before (the latest `NUMBERED_KEPT`): the
   * pool only grows, so every line of such a content is in it, under the number it got then. A
   * plan-guided prompt changes its system message at each substep (`keep` is then 0), and the
   * messages after it come back unchanged.
   */
  private readonly numbered = new Map<string, number[]>();
  private numberedChars = 0;

  record(messages: ChatMessage[]): PromptDelta {
    let keep = 0;
    const previous = this.previous;
    while (keep < previous.length && keep < messages.length && previous[keep].role === messages[keep].role && previous[keep].content === messages[keep].content) keep++;
    this.previous = messages;
    return {
      keep,
      added: messages.slice(keep).map((message) => ({ role: message.role, lines: this.linesOf(message.content) })),
    };
  }

  /** A content's lines: the pool number of a line seen before, the text of a new one (which joins the pool). */
  private linesOf(content: string): (number | string)[] {
    const known = this.numbered.get(content);
    if (known) return known.slice();
    const numbers: number[] = [];
    const lines = content.split('\n').map((line) => {
      let number = this.pool.get(line);
      const seen = number !== undefined;
      if (!seen) this.pool.set(line, (number = this.pool.size));
      numbers.push(number!);
      return seen ? number! : line;
    });
    if (this.numbered.size >= NUMBERED_KEPT || this.numberedChars + content.length > NUMBERED_CHARS) {
      this.numbered.clear();
      this.numberedChars = 0;
    }
    this.numbered.set(content, numbers);
    this.numberedChars += content.length;
    return lines;
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
