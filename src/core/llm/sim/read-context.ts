import type { ChatMessage, ShownOption } from '../language-model';
import { looksLikeFailure } from '../failure-signals';
import { textCache } from '../../text-cache';
import { boundedCache, moduleCache } from '../../caches';
import { commonPrefixLength } from '../../text-affixes';

/**
 * How SimLM reads a request's text (docs/simulated-model.md): the goal, the latest observation, the action
 * syntax, each shown option's parameters, and which actions the transcript shows failing. Nothing
 * here knows which strategy wrote the prompt; every reading is of generic prompt features.
 */

/**
 * Readings of options kept per option text, by name and then shown text (nested maps, so no joined
 * key is built per lookup): a tool listing repeats over a task's calls. Forgets all past `limit`.
 */
export class OptionCache<T> {
  private readonly byName = new Map<string, Map<string, T>>();
  private count = 0;

  constructor(private readonly limit: number) {}

  /** Its bound, for the list of caches (caches.ts). */
  get bound(): string {
    return `${this.limit.toLocaleString('en-US')} options`;
  }

  size(): number {
    return this.count;
  }

  clear(): void {
    this.byName.clear();
    this.count = 0;
  }

  get(option: ShownOption, make: (option: ShownOption) => T): T {
    let byShown = this.byName.get(option.name);
    // One probe for a value that is there (values are seldom undefined; `has` tells those apart).
    const known = byShown?.get(option.shown);
    if (known !== undefined || byShown?.has(option.shown)) return known as T;
    const value = make(option);
    if (++this.count > this.limit) {
      this.byName.clear();
      this.count = 1;
      byShown = undefined;
    }
    if (!byShown) this.byName.set(option.name, (byShown = new Map()));
    byShown.set(option.shown, value);
    return value;
  }
}

/** Lower-cased, single-spaced text for comparing actions. */
export function normalizeAction(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The latest observation, without its `Observation:` label: the last user message that is labelled
 * an observation, where the transcript labels them (a note appended after it, such as a
 * reflection, is not what the environment said), else the last user message.
 */
export function lastObservation(messages: ChatMessage[]): string {
  let last: string | undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role !== 'user') continue;
    if (OBSERVATION_LABEL.test(messages[i].content)) return messages[i].content.replace(OBSERVATION_LABEL, '').trim();
    last ??= messages[i].content.trim();
  }
  return last ?? '';
}

const OBSERVATION_LABEL = /^observation:\s*/i;

/**
 * The goal a request is about: the task's own statement where the model knows it (`stated`, from its
 * key) and a message that sets the task shows it, whatever label a strategy puts before it; else the
 * prompt's first line (a toy prompt, or a model that knows nothing of the task).
 * No word list picks it: which line states the goal is what the task binding tells a model that
 * has read the benchmark, and every prompt shows it.
 */
export function goalOf(messages: ChatMessage[], stated?: string): string {
  if (stated !== undefined && stated.trim() !== '' && messages.some((message) => message.role !== 'assistant' && message.content.includes(stated))) return stated.replace(/\s+/g, ' ').trim();
  return messages[0]?.content.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
}

/** True when the prompt asks for `name with Action Input: {...}` actions rather than commands. */
export function usesJsonActions(messages: ChatMessage[]): boolean {
  return messages.some((message) => jsonSyntaxIn(message.content, (text) => /with Action Input/i.test(text)));
}

/** Per message text, whether it shows the JSON action syntax (a 1,000-tool instruction shows it after the listing). */
const jsonSyntaxIn = moduleCache('llm/sim/read-context: JSON action syntax by text', textCache<boolean>(20_000));

/** The option's text without a list marker or an enumeration index (`- `, `[3] `). */
export function stripMarker(shown: string): string {
  return shown.replace(/^\s*(?:-\s+|\[\d+\]\s*)/, '');
}

/** A tool name as words: `get_order_details` and `getOrderDetails` read as "get order details". */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-./{}]+/g, ' ')
    .toLowerCase()
    .trim();
}

/**
 * The command template an option shows (`go to {recep}` in `- go to {recep}: ...`), when the prompt
 * lists commands; undefined for a bare name or a JSON-style doc line.
 */
export function commandTemplate(option: ShownOption): string | undefined {
  return readingOf(option).template;
}

function readTemplate(option: ShownOption): string | undefined {
  const text = stripMarker(option.shown);
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const head = text.slice(0, colon).trim();
  return /Arguments:/.test(text) ? undefined : head;
}

/** The parameters an option's shown doc marks as required: `"name" (type, required)` or `{name}` holes. */
export function requiredParams(option: ShownOption): string[] {
  return readingOf(option).required.slice();
}

function readRequiredParams(option: ShownOption, template: string | undefined): string[] {
  if (template) return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return [...option.shown.matchAll(/"(\w+)" \([a-z]+, required\)/g)].map((match) => match[1]);
}

/** True when the option shows its name and nothing more: a tool known by name only. */
export function isBareName(option: ShownOption): boolean {
  return readingOf(option).bare;
}

/** What an option's text shows of its syntax, read once per option text (pure functions of it). */
const optionReadings = moduleCache('llm/sim/read-context: option readings', new OptionCache<{ template: string | undefined; required: string[]; bare: boolean }>(50_000));

function readingOf(option: ShownOption) {
  return optionReadings.get(option, () => {
    const template = readTemplate(option);
    return { template, required: readRequiredParams(option, template), bare: stripMarker(option.shown).trim() === option.name };
  });
}

/** The part of an option's text that describes it, without its index, marker and name. */
export function descriptionPart(option: ShownOption): string {
  const text = stripMarker(option.shown);
  const colon = text.indexOf(':');
  return (colon > 0 ? text.slice(colon + 1) : '').trim();
}

/**
 * `text.split(/(?<=[.;!?])\s+/)` (`marks` '.;!?'; '.!?' likewise), without the lookbehind that makes
 * it slow: the separators are the runs of whitespace right after a mark, found left to right.
 */
export function splitSentences(text: string, marks: '.;!?' | '.!?'): string[] {
  const separator = marks === '.;!?' ? /[.;!?]\s+/g : /[.!?]\s+/g;
  const sentences: string[] = [];
  let start = 0;
  for (let match = separator.exec(text); match; match = separator.exec(text)) {
    sentences.push(text.slice(start, match.index + 1));
    start = match.index + match[0].length;
  }
  sentences.push(text.slice(start));
  return sentences;
}

/**
 * The sentences of `splitSentences(text, marks)` that `pattern` matches, in order, found from the
 * pattern's matches rather than by testing every sentence: a 1,000-tool prompt holds thousands of
 * sentences and few that match. A match that starts and ends with a character that is not
 * whitespace and holds no sentence mark lies inside one sentence, whose bounds are then read around
 * it (a separator is a mark followed by whitespace, with all of that whitespace, wherever it is). For
 * a pattern without anchors, lookaround or \b this gives the same sentences as testing each one; any
 * other match falls back to that.
 */
export function sentencesMatching(text: string, marks: '.;!?' | '.!?', pattern: RegExp): string[] {
  return sentenceScan(text, marks, pattern).sentences;
}

/**
 * `sentencesMatching` with where its scan may pick up again on a text that starts as this one does:
 * after each match, the sentences found so far (the first `count` of `found`), the search position,
 * and how far into the text the scan had read (`until`, exclusive). A text that agrees with this
 * one on its first `until` characters scans the same up to there. Only a pattern that is a list of
 * literal words has a reach it can name (its longest word), so only such a pattern keeps points.
 */
export interface SentenceScan {
  text: string;
  sentences: string[];
  /** The sentences the scan found before any match that sent it back to testing each sentence. */
  found: string[];
  points: { count: number; lastIndex: number; until: number }[];
}

/** The longest match of a pattern that is literal words separated by `|`, else undefined. */
function literalReach(source: string): number | undefined {
  return /^[A-Za-z0-9_ |]+$/.test(source) ? Math.max(...source.split('|').map((word) => word.length)) : undefined;
}

/**
 * `sentencesMatching(text, marks, pattern)` as a scan that picks up from the last point of
 * `previous` that `text` agrees with (the same sentences either way: see `SentenceScan`). A match
 * read by the scan lies within `reach` of where it starts, and a match of a pattern of literal words
 * cannot begin earlier in a text without lying within the characters both texts share.
 */
export function sentenceScan(text: string, marks: '.;!?' | '.!?', pattern: RegExp, previous?: SentenceScan): SentenceScan {
  const testEach = () => splitSentences(text, marks).filter((sentence) => pattern.test(sentence));
  if (/\\b|\\B|\(\?<?[=!]|\^|\$/.test(pattern.source)) return { text, sentences: testEach(), found: [], points: [] };
  const each = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '') + 'g');
  const reach = literalReach(pattern.source);
  const space = /\s/;
  const separatorAt = (i: number) => marks.includes(text[i]) && i + 1 < text.length && space.test(text[i + 1]);
  let found: string[] = [];
  let points: SentenceScan['points'] = [];
  if (reach !== undefined && previous && previous.points.length > 0) {
    const shared = previous.text === text ? text.length : commonPrefixLength(previous.text, text);
    let k = previous.points.length;
    while (k > 0 && previous.points[k - 1].until > shared) k--;
    if (k > 0) {
      points = previous.points.slice(0, k);
      found = previous.found.slice(0, points[k - 1].count);
      each.lastIndex = points[k - 1].lastIndex;
    }
  }
  for (let match = each.exec(text); match; match = each.exec(text)) {
    const hit = match[0];
    if (hit === '' || space.test(hit[0]) || space.test(hit[hit.length - 1]) || [...hit].some((c) => marks.includes(c))) return { text, sentences: testEach(), found, points };
    let start = match.index - 1;
    while (start >= 0 && !separatorAt(start)) start--;
    if (start >= 0) {
      start++;
      while (start < match.index && space.test(text[start])) start++;
    } else start = 0;
    let end = match.index + hit.length;
    while (end < text.length && !separatorAt(end)) end++;
    found.push(text.slice(start, end < text.length ? end + 1 : end));
    // The rest of this sentence holds no other sentence to find.
    each.lastIndex = Math.max(each.lastIndex, end + 1);
    // Read so far: up to the character after the sentence's mark; a match starting by then ends within reach.
    if (reach !== undefined && end + 1 < text.length) points.push({ count: found.length, lastIndex: each.lastIndex, until: end + 2 + reach });
  }
  return { text, sentences: found.slice(), found, points };
}

/**
 * A negation: a negating function word, or a contracted "n't". It marks the sentences of guidance
 * that warn against an option, and the sentences of a reflection that name an action not to take;
 * no content word decides either.
 */
const NEGATION = /\b(?:not|no|nor|never)\b|n't\b/i;

/** The shown text split into what recommends the option and what warns against it. */
export function splitGuidance(text: string): { positive: string; negative: string } {
  const sentences = splitSentences(text, '.!?');
  return {
    positive: sentences.filter((s) => !NEGATION.test(s)).join(' '),
    negative: sentences.filter((s) => NEGATION.test(s)).join(' '),
  };
}

/** The action line of the model's previous reply, as written. */
export function previousActionText(messages: ChatMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role !== 'assistant') continue;
    const match = /action\s*:\s*(.+)/i.exec(messages[i].content);
    return match?.[1].trim();
  }
  return undefined;
}

/**
 * Per message text, what it shows failing: a transcript is read again on every call, and each
 * message's part of a reading is a pure function of its text (a pair's, for an assistant's action).
 */
const failuresInLines = moduleCache('llm/sim/read-context: failed actions by message', textCache<string[]>(20_000));
const failedActionOf = moduleCache('llm/sim/read-context: failed action by reply and observation', boundedCache<string, (observation: string, make: () => string | undefined) => string | undefined>(20_000));
const namedInMessage = moduleCache('llm/sim/read-context: names by message', textCache<string[]>(20_000));

/** The action an assistant's reply wrote, normalised, when the observation after it reads as a failure. */
function failedAction(reply: string, observation: string): string | undefined {
  let byObservation = failedActionOf.get(reply);
  if (!byObservation) {
    failedActionOf.set(reply, (byObservation = textCache<string | undefined>(50)));
  }
  return byObservation(observation, () => {
    const action = /action\s*:\s*(.+)/i.exec(reply)?.[1];
    return action && looksLikeFailure(observation.replace(/^observation:\s*/i, '')) ? normalizeAction(action) : undefined;
  });
}

/** `Action: ...` lines of a text followed by a line that reads as a failure, normalised, in order. */
function failedActionLines(text: string): string[] {
  const failed: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const action = /action\s*:\s*(.+)/i.exec(line)?.[1];
    const after = (lines[index + 1] ?? '').replace(/^(observation|output)\s*:\s*/i, '');
    if (action && (looksLikeFailure(after) || /no_record_found/.test(after))) failed.push(normalizeAction(action));
  });
  return failed;
}

/**
 * Actions the transcript shows failing: an assistant's action followed by an observation that
 * reads as a failure, and `Action: ...` lines of a history block followed by such a line.
 */
export function visibleFailures(messages: ChatMessage[]): Set<string> {
  const failed = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === 'assistant') {
      const next = messages[i + 1];
      const action = next?.role === 'user' ? failedAction(message.content, next.content) : undefined;
      if (action !== undefined) failed.add(action);
      continue;
    }
    for (const action of failuresInLines(message.content, () => failedActionLines(message.content))) failed.add(action);
  }
  return failed;
}

/**
 * The action the transcript's last two turns both wrote and both got the same observation for,
 * normalised (undefined otherwise): a reader sees that writing it a third time changes nothing.
 * A reply without an action line breaks the run.
 */
export function stalledAction(messages: ChatMessage[]): string | undefined {
  const turns: { action: string; observation: string }[] = [];
  for (let i = messages.length - 1; i >= 0 && turns.length < 2; i--) {
    if (messages[i].role !== 'assistant') continue;
    const action = /action\s*:\s*(.+)/i.exec(messages[i].content)?.[1];
    const next = messages[i + 1];
    if (!action || next?.role !== 'user') return undefined;
    turns.push({ action: normalizeAction(action), observation: next.content.replace(/^observation:\s*/i, '').trim() });
  }
  return turns.length === 2 && turns[0].action === turns[1].action && turns[0].observation === turns[1].observation ? turns[0].action : undefined;
}

/** A quoted span of a text: where its opening and closing quotes are, and what they enclose. */
export interface QuotedSpan {
  start: number;
  end: number;
  inner: string;
}

/**
 * The double-quoted spans of a text, left to right. A `{...}` or `[...]` inside quotes is read
 * whole, with the quoted strings it holds, so `"search with Action Input: {"q": "tv"}"` is one span
 * (a quoted JSON action comes back as written). Where the braces do not balance before the line
 * ends, the span closes at the next quote, as a plain reading would.
 */
export function quotedSpans(text: string): QuotedSpan[] {
  const spans: QuotedSpan[] = [];
  for (let open = text.indexOf('"'); open >= 0; open = text.indexOf('"', open)) {
    const close = balancedClose(text, open) ?? text.indexOf('"', open + 1);
    if (close < 0) break;
    // An empty pair quotes nothing: its second quote may open the next span.
    if (close === open + 1) {
      open = close;
      continue;
    }
    spans.push({ start: open, end: close + 1, inner: text.slice(open + 1, close) });
    open = close + 1;
  }
  return spans;
}

/** The index of the quote that closes the one at `open` when braces and brackets are read as JSON; undefined when they do not balance on the line. */
function balancedClose(text: string, open: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return undefined;
    if (depth === 0) {
      if (c === '"') return i;
      if (c === '{' || c === '[') depth++;
    } else if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

/**
 * Quoted text in the sentences of a text that negate (`NEGATION`), normalised, in order.
 * Sentence marks inside a quote do not end its sentence (a quoted action may hold "Dr. Who").
 */
function namedAsFailed(text: string): string[] {
  const named: string[] = [];
  // A sentence is part of its text, so a text without such words has no such sentence.
  if (!NEGATION.test(text)) return named;
  const spans = quotedSpans(text);
  if (spans.length === 0) return named;
  let masked = text;
  if (spans.some((span) => /[.;!?]/.test(span.inner))) {
    const parts: string[] = [];
    let at = 0;
    for (const span of spans) {
      parts.push(text.slice(at, span.start), text.slice(span.start, span.end).replace(/[.;!?]/g, ','));
      at = span.end;
    }
    masked = parts.join('') + text.slice(at);
  }
  const space = /\s/;
  const separatorAt = (i: number) => '.;!?'.includes(masked[i]) && i + 1 < masked.length && space.test(masked[i + 1]);
  const words = new RegExp(NEGATION.source, 'gi');
  let next = 0;
  for (let match = words.exec(masked); match; match = words.exec(masked)) {
    let start = match.index - 1;
    while (start >= 0 && !separatorAt(start)) start--;
    start++;
    let end = match.index + match[0].length;
    while (end < masked.length && !separatorAt(end)) end++;
    // The quotes of this sentence, in order (sentences are met left to right).
    while (next < spans.length && spans[next].start < start) next++;
    for (; next < spans.length && spans[next].start < end; next++) named.push(normalizeAction(spans[next].inner));
    words.lastIndex = Math.max(words.lastIndex, end + 1);
  }
  return named;
}

/**
 * Actions the context names as ones not to take: quoted text in a sentence that negates ("I must
 * not repeat "go to desk 1"", "never ..."). This is how SimLM reads reflections; which words negate
 * is grammar (function words), not a list of what failure sounds like.
 */
export function actionsNamedAsFailed(messages: ChatMessage[]): Set<string> {
  const named = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') continue;
    for (const action of namedInMessage(message.content, () => namedAsFailed(message.content))) named.add(action);
  }
  return named;
}

/** Pairs of `Action:` / `Observation:` lines in a trajectory text. */
export function trajectorySteps(text: string): { action: string; observation: string }[] {
  const steps: { action: string; observation: string }[] = [];
  const pattern = /Action:\s*(.+)\nObservation:\s*([\s\S]*?)(?=\nAction:|\n\nReflection:|$)/g;
  for (const match of text.matchAll(pattern)) steps.push({ action: match[1].trim(), observation: match[2].trim() });
  return steps;
}

/**
 * The actions the latest observation lists as valid ("... valid actions: a, b, c."), normalised;
 * undefined when it lists none. A model that reads it keeps to the list.
 */
export function listedValidActions(messages: ChatMessage[]): Set<string> | undefined {
  const match = /valid actions?\s*:\s*([\s\S]+)$/i.exec(lastObservation(messages));
  if (!match) return undefined;
  const items = match[1].replace(/\.\s*$/, '').split(/,\s*|\n+/).map(normalizeAction).filter(Boolean);
  return items.length > 1 ? new Set(items) : undefined;
}

/** A word that can name a tool: letters, digits and `_ . / { } -`, starting with a letter or `_`. */
const NAME = /^[A-Za-z_][\w./{}-]*$/;

/**
 * Names a prompt lists as such: the items after the last `: ` of a line that are two or more
 * comma-separated single words (`... register: get_weather, search_city.`), in the messages that
 * set the task (every message before the model's first reply). How a reader sees the names a tool
 * that takes a tool's name may be given.
 */
export function listedNames(messages: ChatMessage[]): string[] {
  const names: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') break;
    for (const line of message.content.split('\n')) {
      const colon = line.lastIndexOf(': ');
      if (colon < 0) continue;
      const items = line.slice(colon + 2).trim().replace(/\.$/, '').split(/,\s*/);
      if (items.length > 1 && items.every((item) => NAME.test(item))) names.push(...items);
    }
  }
  return [...new Set(names)];
}
