import type { Advice, Advisor, AdvisorInput } from '../advisor';
import type { ChatMessage } from '../language-model';
import { promptText } from '../advisor';
import { NO_TOOL } from '../../plan-guided';
import { lastOne, moduleCache } from '../../caches';
import { textWorldReader } from './text-world-reader';
import { toolListingReader } from './tool-listing/tool-listing-reader';
import { advisePlan, planValues } from './plan-reader';
import { someMessageHolds } from './message-marks';

/**
 * How SimLM tells which reading of a prompt applies (issue 25 item 1, docs/simulated-model.md): by the
 * prompt's shape, from its text alone. No environment owns a reader or hands one over, so an
 * environment that writes its prompts in one of these shapes needs nothing of its own:
 * - a text world: a room overview of numbered places ("you see a cabinet 1, a drawer 2, ...") and
 *   commands rather than JSON calls (`text-world-reader.ts`);
 * - a plan of substeps: a numbered plan, with the candidate tools (or the one tool) for the
 *   substep asked about (`plan-reader.ts`);
 * - a tool listing: tools with JSON or OpenAPI parameters called with a JSON action input, or a
 *   first observation asking to call listed tools or operations (`tool-listing/`).
 * A prompt of none of them gets a reader that knows nothing.
 */

/** The plan reader: a numbered plan of substeps, or the candidate tools (or the tool) for the current substep. */
export const planReader: Advisor = {
  shape: 'plan',
  recognizes: (text) => /\n(?:Candidate tools|Tool) for the current substep:\n/.test(text) || /\nPlan:\n\d+(?:\.\d+)+ /.test(text),
  // Either pattern holds a literal without a line break that lies inside one message: where no message holds one, neither matches.
  recognizesMessages: (messages) => (someMessageHolds(messages, ' for the current substep:') || someMessageHolds(messages, 'Plan:')) && planReader.recognizes(promptText(messages)),
  // "No tool" is the plan-guided protocol's option name, as every plan prompt lists it.
  advise: (input) => advisePlan(PLAN_OPTIONS, input),
  values: (input, tool, param) => planValues(input, tool, param),
};
const PLAN_OPTIONS = { noTool: NO_TOOL };

/** The readers in the order their shapes are tried: a text world and a plan are more specific than a listing. */
export const PROMPT_READERS: readonly Advisor[] = [textWorldReader, planReader, toolListingReader];

/** What SimLM reads a prompt of no known shape with: it knows nothing to do and no values. */
export const BLIND_READER: Advisor = { shape: 'unknown', recognizes: () => false, advise: () => ({ calls: [] }), values: () => [] };

/** The last prompt's message texts read, with its reader. */
const lastShape = moduleCache('llm/sim/prompt-shapes: the last prompt texts and its reader', lastOne<{ contents: string[]; reader: Advisor }>());

/** The reader of the first shape the prompt's text has, or the blind reader (asked message by message where a reader can be). */
export function readerOf(messages: ChatMessage[]): Advisor {
  const last = lastShape.get();
  if (last && last.contents.length === messages.length && messages.every((message, i) => message.content === last.contents[i])) return last.reader;
  const reader = PROMPT_READERS.find((candidate) => (candidate.recognizesMessages ? candidate.recognizesMessages(messages) : candidate.recognizes(promptText(messages)))) ?? BLIND_READER;
  lastShape.set({ contents: messages.map((message) => message.content), reader });
  return reader;
}

/** SimLM's reader of any prompt: each request is read by the reader of its shape (`readerOf`). */
export const promptReader: Advisor = {
  shape: 'by-prompt',
  recognizes: (text) => PROMPT_READERS.some((reader) => reader.recognizes(text)),
  advise: (input: AdvisorInput): Advice => readerOf(input.messages).advise(input),
  values: (input, tool, param) => readerOf(input.messages).values(input, tool, param),
};
