import type { ChatMessage, ShownOption } from '../llm/language-model';
import { boundedCache, moduleCache, weakCache } from '../caches';

/**
 * What the agent was told (docs/simulated-model.md): the prompt's messages other than its own turns, without
 * the lines that list or document its options. A tool listing holds nearly every word, so evidence
 * is searched in the goal and the observations only. Lower case, one space between words, so values
 * compare normalised.
 */
export function toldText(messages: ChatMessage[], options: ShownOption[]): string {
  const listed = listedLines(options);
  const parts: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') continue;
    parts.push(toldOf(message.content, listed));
  }
  return parts.join('\n');
}

/** The lines the options' shown texts consist of, kept per listing (a task's calls show the same one). */
const listedCache = moduleCache('key/told-text: listed lines by options', weakCache<ShownOption[], Set<string>>());

function listedLines(options: ShownOption[]): Set<string> {
  let found = listedCache.get(options);
  if (!found) {
    found = new Set(options.flatMap((option) => option.shown.split('\n').map((line) => line.trim()).filter(Boolean)));
    listedCache.set(options, found);
  }
  return found;
}

/** One message's told text, kept per content and listing: a transcript repeats its earlier messages call after call. */
const toldCache = moduleCache('key/told-text: told text by message', boundedCache<string, { listed: Set<string>; text: string }>(4_096));

function toldOf(content: string, listed: Set<string>): string {
  const kept = toldCache.get(content);
  if (kept && kept.listed === listed) return kept.text;
  const text = normalise(
    content
      .split('\n')
      .filter((line) => !listed.has(line.trim()))
      .join('\n'),
  );
  toldCache.set(content, { listed, text });
  return text;
}

/** Lower case, one space between words (`occursIn` also drops a value's surrounding quotes). */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether `value`, normalised, occurs in `told` as a whole (no letter or digit touching either end). */
export function occursIn(told: string, value: string): boolean {
  const needle = normalise(value).replace(/^(["'`])(.*)\1$/, '$2');
  if (needle === '') return false;
  for (let at = told.indexOf(needle); at >= 0; at = told.indexOf(needle, at + 1)) {
    const before = told[at - 1] ?? ' ';
    const after = told[at + needle.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
  }
  return false;
}
