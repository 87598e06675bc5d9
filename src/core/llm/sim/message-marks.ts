import type { ChatMessage } from '../language-model';
import { textCache } from '../../text-cache';
import { moduleCache, weakCache } from '../../caches';

/**
 * Readings of one message's text, kept with the text (issue 28 item 8). A prompt grows by appended
 * messages, and its joined text (`promptText`: the contents joined by line breaks) is mostly
 * messages read on earlier calls: SLATE's 1,000-tool instruction alone is 250 KB. A search of the
 * joined text for something that can only lie inside one message (no line break in it) gives the
 * same answer as a search of each message, and each message's answer is read once per text.
 */

/** Each message text's readings by name (a name always stands for the same pure function of the text). */
const readings = moduleCache('llm/sim/message-marks: readings by message text', textCache<Map<string, unknown>>(20_000));

/** A reading of a message's text by name, made on first use for that text. */
export function messageReading<T>(content: string, name: string, read: (content: string) => T): T {
  const named = readings(content, () => new Map<string, unknown>());
  if (named.has(name)) return named.get(name) as T;
  const value = read(content);
  named.set(name, value);
  return value;
}

/** Whether some message's text holds `literal` (then so does the joined text; a literal without a line break in it lies inside one message). */
export function someMessageHolds(messages: ChatMessage[], literal: string): boolean {
  return messages.some((message) => messageReading(message.content, `holds ${literal}`, (content) => content.includes(literal)));
}

/** Whether some message's text matches `pattern`, a pattern that matches no line break and tests no line start or end (so it matches the joined text exactly when it matches a message). */
export function someMessageMatches(messages: ChatMessage[], pattern: RegExp): boolean {
  return messages.some((message) => messageReading(message.content, `matches /${pattern.source}/${pattern.flags}`, (content) => pattern.test(content)));
}

/**
 * The first match of `pattern` in `text`, the messages' joined text, where every match of it holds
 * `literal` (which holds no line break) `lead` characters after its start: searched from there for
 * the first message that holds the literal, since no match starts before. Null where none matches.
 */
export function firstMatchFrom(messages: ChatMessage[], text: string, literal: string, pattern: RegExp, lead = 0): RegExpExecArray | null {
  let offset = 0;
  for (const message of messages) {
    const at = messageReading(message.content, `index of ${literal}`, (content) => content.indexOf(literal));
    if (at >= 0) {
      const search = searching(pattern);
      search.lastIndex = Math.max(0, offset + at - lead);
      return search.exec(text);
    }
    offset += message.content.length + 1;
  }
  return null;
}

/** Each pattern's global copy, which `firstMatchFrom` searches with from a position (its `lastIndex` is set before each search). */
const globalCopies = moduleCache('llm/sim/message-marks: global copies of patterns', weakCache<RegExp, RegExp>());

function searching(pattern: RegExp): RegExp {
  let copy = globalCopies.get(pattern);
  if (!copy) globalCopies.set(pattern, (copy = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '') + 'g')));
  return copy;
}
