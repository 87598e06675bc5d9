import type { Action, ArgValue } from '../types';
import type { ChatMessage, ShownOption } from './language-model';
import { parseReply } from './parse-reply';
import { lastOne, moduleCache } from '../caches';

/**
 * What an advisor reads: a model request's text and nothing else (docs/simulated-model.md). `options` are the
 * options the request enumerates; each one's `shown` text appears verbatim in the messages.
 */
export interface AdvisorInput {
  messages: ChatMessage[];
  options: ShownOption[];
}

/**
 * What a sensible reader of the prompt would do next. `calls` holds the calls it finds equally
 * good as far as the shown text tells (near-duplicate tools all go in), each with argument values
 * that occur in the prompt text. Empty when the text gives it nothing to go on.
 */
export interface Advice {
  calls: Action[];
  /** A short reason in words, for the reply's Think line. */
  reason?: string;
  /**
   * How clearly the prompt answers, where the reader weighs it: a multiplier of the weight its
   * picks earn (1 on the typical training prompt, more where the prompt answers more clearly).
   * Absent: every pick counts in full.
   */
  confidence?: number;
  /**
   * What the prompt asks about, where the reader finds a question narrower than the goal line: the
   * text SimLM's relevance reads in place of the goal line and latest observation (a plan prompt
   * asks for the tool of its current substep, not of the whole query). Absent: those two.
   */
  asked?: string;
}

/**
 * What SimLM's competence comes from, for one request: in a run, the task's evident key
 * (`key/evident-key.ts`: the expert's gold actions reduced to what the prompt evidences); in
 * SimLM's own tests, a toy reader. Strategies never hold one.
 */
export interface Advisor {
  /** What it is, in a word (`key`, or a test reader's name). */
  readonly shape: string;
  /**
   * The goal as the task states it, where the reader knows the task (the key does): every prompt
   * of a task shows it, each strategy under its own label, and SimLM reads relevance and keys its
   * fixed preferences by it rather than by any label's wording. Absent for a toy reader.
   */
  readonly goal?: string;
  /**
   * Whether a prompt's text has this reader's shape. A model gets only messages (in process or
   * behind an API); this is how it tells which reading of them applies (`readerOf`).
   */
  recognizes(text: string): boolean;
  /**
   * `recognizes` of the messages' joined text (`promptText`), read message by message where the
   * shape's marks lie inside one message: a prompt grows by appended messages, so most of them were
   * read on earlier calls (`message-marks.ts`). Optional; `readerOf` asks it where a reader has it.
   */
  recognizesMessages?(messages: ChatMessage[]): boolean;
  advise(input: AdvisorInput): Advice;
  /**
   * Values the prompt shows that could fill `param` of `tool`: what a model picks from when it
   * calls a tool the advice did not name, and what its argument slips draw on. Each occurs in the
   * prompt text.
   */
  values(input: AdvisorInput, tool: string, param: string): ArgValue[];
}

/** What SimLM reads a prompt with when it holds no key for the task: it knows nothing to do and no values. */
export const BLIND_READER: Advisor = { shape: 'unknown', recognizes: () => false, advise: () => ({ calls: [] }), values: () => [] };

/**
 * Each call the transcript shows in the JSON action style (an assistant turn whose reply parses as
 * `name with Action Input: {...}`), with the text of the turn that answered it, without its
 * `Observation:` label ('' when no turn did).
 */
export function jsonCalls(messages: ChatMessage[]): { action: Action; observation: string }[] {
  const calls: { action: Action; observation: string }[] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'assistant') return;
    const parsed = parseReply(message.content, 'json', []);
    if (!parsed.ok) return;
    const next = messages[i + 1];
    calls.push({ action: parsed.action, observation: next && next.role !== 'assistant' ? next.content.replace(/^observation:\s*/i, '').trim() : '' });
  });
  return calls;
}

/**
 * The text last joined, with the contents it joined: the readers of one request each ask for it,
 * and one string object reused is also looked up at once by every cache keyed on prompt text.
 */
const lastJoined = moduleCache('llm/advisor: the text last joined', lastOne<{ contents: string[]; text: string }>());

/** The messages' text in order, one block per message, as a reader scans it. */
export function promptText(messages: ChatMessage[]): string {
  const last = lastJoined.get();
  if (last && last.contents.length === messages.length && messages.every((message, i) => message.content === last.contents[i])) return last.text;
  const contents = messages.map((message) => message.content);
  const joined = { contents, text: contents.join('\n') };
  lastJoined.set(joined);
  return joined.text;
}
