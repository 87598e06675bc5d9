import type { ChatMessage, ShownOption } from '../language-model';
import { sentenceScan, type SentenceScan } from './read-context';
import { commonPrefixLength } from '../../text-affixes';
import { sameTexts, textCache } from '../../text-cache';
import { boundedCache, lastOne, moduleCache, recentList } from '../../caches';

/**
 * What a plan-of-substeps prompt shows (the third prompt shape of docs/simulated-model.md): the user's query, the
 * plan's numbered substeps, the substep asked about, the execution so far with each step's JSON
 * output, sentences that speak of failures (reflections), and the candidate tools with their
 * documented arguments. A pure function of the messages' text; it reads the shape, not any
 * strategy's sentences.
 */

export interface Executed {
  step: string;
  tool: string;
  output?: Record<string, unknown>;
}

export interface PlanView {
  contents: string[];
  query: string;
  plan: { step: string; description: string }[];
  current?: { step: string; description: string; goal: string };
  /** Undefined when the prompt shows no execution history. */
  history?: Executed[];
  reflections: string;
  /**
   * What a call's arguments are read from besides the prompt's words (`promptHas`): the substep asked
   * about, the query, the plan and the execution records' texts, in one string (each part after its
   * length, so equal keys mean equal parts). Prompts of a task's substep repeat it over strategies,
   * retries and samples.
   */
  caseKey: string;
  /** A reading of this prompt by name, made on first use. */
  read<T>(name: string, make: () => T): T;
}

export interface ShownTool {
  name: string;
  doc: string;
  args: { name: string; type: string; required: boolean; doc: string }[];
  /** Readings of the name and doc by name (pure functions of them). */
  memo: Map<string, unknown>;
}

const parsed = moduleCache('llm/sim/plan-prompt-view: shown tools by text', boundedCache<string, ShownTool>(20_000));

/** A listed tool's doc and arguments as the listing line shows them (`name: doc Arguments: "a" (type, required): doc; ...`). */
export function shownTool(option: ShownOption): ShownTool {
  const key = `${option.name}\u0000${option.shown}`;
  let tool = parsed.get(key);
  if (tool) return tool;
  const body = option.shown.replace(/^\[\d+\]\s*/, '').replace(new RegExp(`^${option.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\s*`), '');
  const [doc, rest = ''] = body.split(/ Arguments: /);
  const args = [...rest.matchAll(/"(\w+)" \((\w+), (required|optional)\):? ?([^;\n]*?)(?=; "|\.?\s*$|\.\s*\n)/g)].map((m) => ({ name: m[1], type: m[2], required: m[3] === 'required', doc: m[4].trim() }));
  tool = { name: option.name, doc: doc.trim(), args, memo: new Map() };
  parsed.set(key, tool);
  return tool;
}

/** A reading of a tool's text, made once per parsed tool. */
export function toolReading<T>(tool: ShownTool, name: string, make: () => T): T {
  if (!tool.memo.has(name)) tool.memo.set(name, make());
  return tool.memo.get(name) as T;
}

interface SystemParts {
  query: string;
  plan: { step: string; description: string }[];
  reflections: string;
}

/** A reading of the case text, with where its query and plan were found and its reflection scan, so a text that starts the same way can be read from where they differ. */
interface CaseReading {
  text: string;
  parts: SystemParts;
  /** Where the query and the plan were found (index and end of the match), if they were. */
  query?: { at: number; end: number };
  plan?: { at: number; end: number };
  reflections: SentenceScan;
}

const systems = moduleCache('llm/sim/plan-prompt-view: case readings by text', textCache<CaseReading>(64));
const recentCases = moduleCache('llm/sim/plan-prompt-view: the last case readings', recentList<CaseReading>(4));

const QUERY = '(?:User query|Query|Task): (.*)';
const PLAN = '\nPlan:\n([\\s\\S]*?)(?:\n\n|$)';
/** Sentences that speak of failing or avoiding something (reflections, however worded). */
const REFLECTION = /fail|wrong|avoid|mistake|instead|not repeat|no_record|not found|did not work|try another/i;
/** A case text that shares fewer characters than this with every recent one is read afresh. */
const SHARED_ENOUGH = 4_096;

/** The first match of `source` in `text` at or after `from`. */
function matchFrom(source: string, text: string, from: number): RegExpExecArray | null {
  const pattern = new RegExp(source, 'g');
  pattern.lastIndex = Math.max(0, from);
  return pattern.exec(text);
}

/** The lines that are not tool-listing lines (`[3] name: ...`), joined: the text itself where no line starts with "[". */
function outsideListing(text: string): string {
  if (!text.startsWith('[') && !text.includes('\n[')) return text;
  return text
    .split('\n')
    .filter((line) => !/^\[\d+\]/.test(line))
    .join('\n');
}

const where = (match: RegExpExecArray | null) => (match ? { at: match.index, end: match.index + match[0].length } : undefined);

/**
 * The query, the plan and the sentences outside the tool listing that speak of failing or avoiding
 * something (reflections, however worded). With `last`, a reading of a text that shares its first
 * `shared` characters, what lies within them is not read again (a ReAct prompt's case is its
 * instruction, 1,000 tools long on SLATE, then its observations: each call adds one, or a
 * reflection, at the end):
 * - a match that ended inside the shared part is the first in this text too: one that began earlier
 *   would begin with a literal word that overlaps no other one, so it would lie inside the shared
 *   part as well and have been found there; else the search starts at the old match or within a
 *   word's length of the end of the shared part, whichever is first;
 * - the sentence scan picks up from its last point inside the shared part (`sentenceScan`).
 */
function readCase(text: string, last?: CaseReading, shared = 0): CaseReading {
  const find = (source: string, word: number, before?: { at: number; end: number }) => {
    if (!last) return matchFrom(source, text, 0);
    if (before && before.end < shared) return matchFrom(source, text, before.at);
    return matchFrom(source, text, Math.min(before ? before.at : Infinity, shared - word));
  };
  const query = find(QUERY, 'User query: '.length, last?.query);
  const plan = find(PLAN, '\nPlan:\n'.length, last?.plan);
  const reflections = sentenceScan(outsideListing(text), '.;!?', REFLECTION, last?.reflections);
  const planBlock = plan?.[1] ?? '';
  const parts = {
    query: query?.[1] ?? '',
    plan: planBlock
      .split('\n')
      .map((line) => /^(\d+(?:\.\d+)*) (.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => ({ step: m[1], description: m[2] })),
    reflections: reflections.sentences.join(' '),
  };
  return { text, parts, query: where(query), plan: where(plan), reflections };
}

/** The case parts of a text: its reading kept, or read on from the recent reading it shares most with, or afresh. */
function caseParts(text: string): SystemParts {
  const reading = systems(text, () => {
    let best: CaseReading | undefined;
    let shared = 0;
    for (const recent of recentCases.get()) {
      const n = commonPrefixLength(recent.text, text);
      if (n > shared) [best, shared] = [recent, n];
    }
    return shared >= SHARED_ENOUGH ? readCase(text, best, shared) : readCase(text);
  });
  recentCases.add(reading);
  return reading.parts;
}

const lastView = moduleCache('llm/sim/plan-prompt-view: the last plan view', lastOne<{ texts: string[]; view: PlanView }>());

/** The plan view of a request (the last one is kept: a request's options and parameters read it again and again). */
export function planView(messages: ChatMessage[]): PlanView {
  const texts = messages.flatMap((m) => [m.role, m.content]);
  const last = lastView.get();
  if (last && sameTexts(last.texts, texts)) return last.view;
  const view = readView(messages);
  lastView.set({ texts, view });
  return view;
}

function readView(messages: ChatMessage[]): PlanView {
  // The case is read from the system prompt and from the user messages that are neither an
  // execution record nor the last one (the substep asked about): a prompt may carry its query,
  // plan and reflections in messages of their own, after a fixed instruction.
  let lastUser = messages.length - 1;
  while (lastUser >= 0 && messages[lastUser].role !== 'user') lastUser--;
  const caseTexts = messages.filter((m, i) => m.role === 'system' || (m.role === 'user' && i !== lastUser && !isRecord(m.content))).map((m) => m.content);
  const { query, plan, reflections } = caseParts(caseTexts.join('\n'));
  let current: PlanView['current'];
  let history: Executed[] | undefined;
  const records: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    // An execution record: blocks that start "Substep <step>: Action: <tool>" with an "Output: {...}"
    // line, in one message or in one message each.
    if (isRecord(message.content)) {
      records.push(message.content);
      history ??= [];
      for (const block of message.content.split(/\n(?=Substep \S+: Action: )/)) {
        const head = /Substep (\S+): Action: (\S+)/.exec(block);
        if (!head) continue;
        const out = /\nOutput: (\{.*\})\s*$/m.exec(block);
        let output: Record<string, unknown> | undefined;
        try {
          output = out ? (JSON.parse(out[1]) as Record<string, unknown>) : undefined;
        } catch {
          output = undefined;
        }
        history.push({ step: head[1], tool: head[2], output });
      }
      continue;
    }
    // The substep asked about: a step label and its text, with the step it is part of.
    const now = /(\d+(?:\.\d+)+):\s*([\s\S]*?)(?: \(part of: ([^)]*)\))?\s*$/.exec(message.content);
    if (now) current = { step: now[1], description: now[2], goal: now[3] ?? '' };
  }
  const readings = new Map<string, unknown>();
  const read = <T>(name: string, make: () => T): T => {
    if (!readings.has(name)) readings.set(name, make());
    return readings.get(name) as T;
  };
  const parts = [current ? `${current.step}\u0000${current.description}\u0000${current.goal}` : '', query, ...plan.map((p) => `${p.step} ${p.description}`), history ? 'history' : 'no history', ...records];
  const caseKey = parts.map((part) => `${part.length}:${part}`).join('');
  return { contents: messages.map((m) => m.content), query, plan, current, history, reflections, caseKey, read };
}

/** Whether a user message is (part of) an execution record. */
function isRecord(content: string): boolean {
  return /^Substep \S+: Action: /m.test(content) || /^Execution so far:/.test(content);
}

const lowerContents = moduleCache('llm/sim/plan-prompt-view: lower-cased messages', textCache<string>(256));

/** Whether the prompt's text holds `needle` (lower case), read message by message. */
export function promptHas(v: PlanView, needle: string): boolean {
  return v.contents.some((content) => lowerContents(content, (c) => c.toLowerCase()).includes(needle));
}
