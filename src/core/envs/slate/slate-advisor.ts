import type { Action, ArgValue } from '../../types';
import type { Advice, Advisor, AdvisorInput } from '../../llm/advisor';
import { OptionCache, sentencesMatching } from '../../llm/sim/read-context';
import { listingMemo } from '../../llm/sim/listing-memo';
import { NO_TOOL } from '../../plan-guided';
import { sameTexts, textCache } from '../../text-cache';

/**
 * SLATE's observable advisor (DESIGN 4.2): reads a plan-guided prompt (plan-prompt.ts) and nothing
 * else. It classifies the current substep's wording into an intent (look up, details, status, ...,
 * or "no tool" for confirming, deciding, summarising), keeps the candidate tools about the record
 * the substep names whose shown text fits that intent, and fills their arguments from the substep,
 * the query and the outputs the prompt shows. Near-duplicate tools that the shown text cannot tell
 * apart all go into `calls`: which twin the case's simulation knows is hidden from a reader.
 */

interface Intent {
  id: string;
  /** What it does, for the reason line. */
  doing: string;
  /** How a substep says it (common paraphrases). */
  says: RegExp;
  /** How a tool's name (words) or its doc says it does that. */
  name?: RegExp;
  doc?: RegExp;
}

const INTENTS: Intent[] = [
  { id: 'none', doing: 'reason', says: /^(note|confirm|decide|summari[sz]e|compare|double-check|reflect|think|explain|agree|wrap up)\b|\bcheck that\b|\bmake a note\b/ },
  { id: 'identify', doing: 'identify', says: /\bidentify\b|\b(work|find|figure) out which\b|\bwhich [\w ]+ the (user|customer) (means|meant|refers)|\blook up\b|\blocate\b/, name: /^(find|lookup|resolve)\b/, doc: /\b(finds|looks up|resolves)\b/ },
  { id: 'details', doing: 'pull up the record of', says: /\bpull up\b|\b(complete|full) record\b|\bwhat the store (holds|has|knows)\b|\bdetails\b|\bfetch\b|\bretrieve\b|\binformation (on|about)\b/, name: /^(get|fetch) [\w ]+ details$|^retrieve [\w ]+ info$|^get [\w ]+ summary$/, doc: /\bfull record\b|\bshort summary\b|\bretrieves information\b|^fetches [\w ]+ details\b/ },
  { id: 'status', doing: 'check the state of', says: /\bstands now\b|\b(present|current) (state|status)\b|\bstatus\b|\bwhere [\w ]+ stands\b|\btrack\b/, name: /^(get|check) [\w ]+ status$|^track\b/, doc: /\bcurrent status\b|\bchecks the status\b|\blatest state\b/ },
  { id: 'activity', doing: 'review the activity of', says: /\bwhat happened\b|\bpast events\b|\bactivity\b|\bhistory\b|\bevents\b/, name: /^list [\w ]+ activity$|^get [\w ]+ history$/, doc: /\bactivity log\b|\bchanges and events\b/ },
  { id: 'metrics', doing: 'measure', says: /\bkey figures\b|\bhow [\w ]+ (did|performed)\b|\bperformance\b|\bmetrics\b|\bstatistics\b|\bmeasure\b/, name: /(metrics|performance|statistics)$/, doc: /\bperformance metrics\b|\bperformed\b|\bstatistics of\b/ },
  { id: 'policy', doing: 'check a policy for', says: /\bmeets the rule\b|\bcomplies\b|\bpolic(y|ies)\b|\beligib|\bvalidate\b|\bverify\b|\bmake sure\b/, name: /^(validate|verify)\b|eligibility$/, doc: /\bbusiness rule\b|\beligible\b/ },
  { id: 'change', doing: 'change', says: /\bchange\b|\bput a new value\b|\bset (its|the)\b|\bupdate\b|\bmodify\b|\bedit\b/, name: /^(update|modify)\b|^set [\w ]+ field$/, doc: /\bupdates one field\b|\bsets a field\b|^modifies\b/ },
  { id: 'cancel', doing: 'stop', says: /\bstop\b|\bcancel|\bout of service\b|\barchive\b|\bdelete\b|\bdeactivate\b|\bremove\b|\bshut down\b/, name: /^(cancel|archive|delete)\b/, doc: /^(cancels|archives|deletes)\b/ },
  { id: 'schedule', doing: 'schedule a follow-up of', says: /\bfollow-?up\b|\bfollow up\b|\bschedule\b|\bbook\b|\bremind/, name: /^schedule\b/, doc: /^schedules\b/ },
  { id: 'notify', doing: 'tell someone about', says: /\blet [\w ]+ know\b|\btell\b|\bemail\b|\bnotify\b|\binform\b|\bsend [\w ]+ to\b|\bmessage the\b/, name: /^(send|notify|email)\b/, doc: /^(emails|sends)\b/ },
  { id: 'export', doing: 'export', says: /\bas a file\b|\bfile\b|\bexport\b|\bdownload\b|\bspreadsheet\b/, name: /^(export|generate)\b/, doc: /^(exports|generates)\b/ },
  { id: 'create', doing: 'create', says: /\bopen a\b|\bset up a\b|\bcreate\b|\badd an? \b|\bregister\b/, name: /^(create|register|add)\b/, doc: /^(creates|registers|adds)\b/ },
  { id: 'search', doing: 'search for', says: /\bsearch\b|\bfilter\b|\blist all\b/, name: /^(search|filter|list) [\w ]+s$/ },
];

/** Intents by wording: a pure function of the text, and the plan's substeps are read on every call. */
const intents = textCache<Intent | undefined>(10_000);

/** The intent a substep's wording expresses: the cue found earliest in it (its main verb). */
function intentOf(description: string): Intent | undefined {
  return intents(description, firstIntent);
}

function firstIntent(description: string): Intent | undefined {
  const text = description.toLowerCase();
  let best: { intent: Intent; at: number } | undefined;
  for (const intent of INTENTS) {
    const at = text.search(intent.says);
    if (at >= 0 && (!best || at < best.at)) best = { intent, at };
  }
  return best?.intent;
}

interface ShownTool {
  name: string;
  doc: string;
  args: { name: string; type: string; required: boolean }[];
  /** Readings of the name and doc by name (pure functions of them, shared by every copy). */
  memo: Map<string, unknown>;
}

/** An option's doc and arguments, kept per shown text: a candidate list repeats over a case's calls. */
const parsedOptions = new OptionCache<ShownTool>(20_000);

function parseOption(name: string, shown: string): ShownTool {
  return parsedOptions.get({ name, shown }, () => {
    const body = shown.replace(/^\[\d+\]\s*/, '').replace(new RegExp(`^${name}:\\s*`), '');
    const [doc, rest = ''] = body.split(' Arguments: ');
    const args = [...rest.matchAll(/"(\w+)" \((\w+), (required|optional)\)/g)].map((m) => ({ name: m[1], type: m[2], required: m[3] === 'required' }));
    return { name, doc: doc.trim(), args, memo: new Map() };
  });
}

/** The listing's tools parsed, once per listing array: a ReAct prompt on SLATE lists 1,000 of them. */
const parsedListing = listingMemo((options) => options.filter((o) => o.name !== NO_TOOL).map((o) => parseOption(o.name, o.shown)));

/**
 * The substeps this prompt says a tool was "Used before for" (memory variants). Read only for the
 * tools that remain chosen: a ReAct prompt on SLATE lists 1,000 tools, and reading it for each one
 * on every call was a tenth of SimLM's time there.
 */
function usedFor(tool: ShownTool, v: PromptView): string[] {
  return pairedPhrases(tool.name, v);
}

/** A reading of a tool's name and doc, made once per parsed option. */
function toolReading<T>(tool: ShownTool, name: string, make: () => T): T {
  if (!tool.memo.has(name)) tool.memo.set(name, make());
  return tool.memo.get(name) as T;
}

const NO_PHRASES: string[] = [];
/** Quoted phrases of three words or more per line: the candidates' lines repeat over a case's calls. */
const linePhrases = textCache<string[]>(50_000);

function phrasesOf(line: string): string[] {
  if (!line.includes('"')) return NO_PHRASES;
  return linePhrases(line, () => [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]).filter((phrase) => phrase.trim().split(/\s+/).length >= 3));
}

/** The prompt's lines that quote a phrase of three words or more, with those phrases. */
function quotedLines(text: string): { line: string; phrases: string[] }[] {
  const lines: { line: string; phrases: string[] }[] = [];
  for (const line of text.split('\n')) {
    const phrases = phrasesOf(line);
    if (phrases.length > 0) lines.push({ line, phrases });
  }
  return lines;
}

/** `quotedLines` per message content (few kept: a content may be a 200 KB instruction). */
const messageQuotedLines = textCache<{ line: string; phrases: string[] }[]>(64);

/** A name as a whole word, per name: the same candidates are looked for call after call. */
const namePatterns = textCache<RegExp>(20_000);

/**
 * Quoted phrases of three words or more on a line that names the tool: what the prompt says the
 * tool was used for (a memory of past cases, however the strategy words it).
 */
function pairedPhrases(name: string, v: PromptView): string[] {
  // The text is its messages joined by line breaks, so its lines are theirs in order: each
  // message's are read once (a ReAct prompt's 1,000-tool instruction repeats call after call).
  const lines = v.read('quoted', () => v.contents.flatMap((content) => messageQuotedLines(content, quotedLines)));
  if (lines.length === 0) return [];
  // A name of word characters only is on a line as a whole word exactly when it is one of the
  // line's maximal runs of word characters: look it up in an index of those runs (built once per
  // prompt) instead of testing every line for every option, which grew as options x lines.
  if (WORD_NAME.test(name)) {
    const index = v.read('quoted words', () => wordIndex(lines));
    return index.get(name)?.flatMap((i) => lines[i].phrases) ?? [];
  }
  const word = namePatterns(name, () => new RegExp(`(^|[^\\w])${name}([^\\w]|$)`));
  return lines.filter((entry) => word.test(entry.line)).flatMap((entry) => entry.phrases);
}

const WORD_NAME = /^\w+$/;

/** For each maximal run of word characters on the quoted lines, the lines it is on, in order. */
function wordIndex(lines: { line: string }[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  lines.forEach(({ line }, i) => {
    for (const [run] of line.matchAll(/\w+/g)) {
      const at = index.get(run);
      if (!at) index.set(run, [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    }
  });
  return index;
}

function fitsIntent(tool: ShownTool, intent: Intent): boolean {
  return toolReading(tool, `fits ${intent.id}`, () => {
    const doc = tool.doc.toLowerCase();
    return !!(intent.name?.test(tool.name.replace(/_/g, ' ')) || intent.doc?.test(doc));
  });
}

// --- Which record a substep is about --------------------------------------------------------

const tokenize = (text: string) => text.toLowerCase().replace(/'s\b/g, '').match(/[a-z0-9_-]+|[^\sa-z0-9_-]/g) ?? [];
/** Words of a text, kept per text: tool docs and substeps are read again on every call (callers do not change the list). */
const tokenLists = textCache<string[]>(20_000);
const tokens = (text: string): string[] => tokenLists(text, tokenize);
/** Words after which a record's name starts, in docs and in substeps. */
const BEFORE = new Set(['a', 'an', 'the', 'of', 'internal', 'existing', 'fetches', 'which', 'new', 'on']);
/** Words that may follow a record's name (so "product" is not read inside "product variant"). */
const AFTER = new Set(['by', 'that', 'and', 'so', 'is', 'to', 'with', 'against', 'between', 'over', 'for', 'in', 'on', 'from', 'as', 'details', 'id', 'identifier', 'permanently', 'it']);
/** Nouns of the wording that are never the record itself. */
const GENERIC = new Set(['a', 'an', 'the', 'recipient', 'user', 'policy', 'file', 'record', 'records', 'change', 'figures', 'value', 'state', 'follow-up', 'later', 'new', 'complete', 'present', 'key', 'data', 'status', 'what', 'where']);

function mentionsRecord(words: string[], phrase: string[]): boolean {
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (!phrase.every((w, j) => words[i + j] === w)) continue;
    const before = words[i - 1];
    const after = words[i + phrase.length];
    if ((before === undefined || BEFORE.has(before)) && (after === undefined || AFTER.has(after) || /ed$/.test(after) || !/^[a-z0-9]/.test(after))) return true;
  }
  return false;
}

/** The record the substep acts on: the first phrase of its wording that some tool doc names as a record. */
function recordOf(description: string, tools: ShownTool[]): string[] | undefined {
  const words = tokens(description.replace(/\([^)]*\)/g, ''));
  const docs = tools.map((tool) => tokens(tool.doc));
  for (let i = 1; i < words.length; i++) {
    if (!BEFORE.has(words[i - 1])) continue;
    for (let n = 3; n >= 1; n--) {
      const phrase = words.slice(i, i + n);
      if (phrase.length < n || phrase.some((w) => GENERIC.has(w) || !/^[a-z]/.test(w))) continue;
      if (docs.some((doc) => mentionsRecord(doc, phrase))) return phrase;
    }
  }
  return undefined;
}

// --- What the prompt shows ----------------------------------------------------------------

interface Executed {
  step: string;
  tool: string;
  output?: Record<string, unknown>;
}

interface PromptView {
  text: string;
  /** The messages' contents, whose lines joined by line breaks are `text`'s lines. */
  contents: string[];
  query: string;
  plan: { step: string; description: string }[];
  current?: { step: string; description: string };
  /** Undefined when the prompt shows no execution history (Baseline-LLM). */
  history?: Executed[];
  reflections: string;
  /** A reading of this prompt by name, made on first use (a pure function of its text). */
  read<T>(name: string, make: () => T): T;
}

/** The lower-cased prompt text, read once per prompt. */
const lowerText = (v: PromptView) => v.read('lower', () => v.text.toLowerCase());

/** Lower-cased message contents, kept per content: a ReAct prompt's 200 KB instruction repeats call after call. */
const lowerContents = textCache<string>(256);

/**
 * Whether the lower-cased prompt text holds `needle` (already lower case). The text is its messages
 * joined by line breaks, and lower-casing stops at a line break (no case rule reads across one), so
 * a needle without a line break is in the text exactly when it is in one message: each message is
 * lower-cased once, not the whole prompt on every call.
 */
function lowerHas(v: PromptView, needle: string): boolean {
  if (needle.includes('\n')) return lowerText(v).includes(needle);
  return v.contents.some((content) => lowerContents(content, (c) => c.toLowerCase()).includes(needle));
}

/** The query, plan and reflections a system prompt shows. */
interface SystemParts {
  query: string;
  plan: { step: string; description: string }[];
  reflections: string;
}

function readSystem(system: string): SystemParts {
  const query = /User query: (.*)/.exec(system)?.[1] ?? '';
  const planBlock = /\nPlan:\n([\s\S]*?)\n\n/.exec(system)?.[1] ?? '';
  const plan = planBlock
    .split('\n')
    .map((line) => /^(\d+(?:\.\d+)*) (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ step: m[1], description: m[2] }));
  // Sentences outside the tool listing that speak of failing or avoiding something (reflections, however worded).
  // (A prompt without numbered listing lines, such as a ReAct one, is outside the listing whole.)
  const outsideListing = /^\[\d+\]/m.test(system)
    ? system
        .split('\n')
        .filter((line) => !/^\[\d+\]/.test(line))
        .join('\n')
    : system;
  const reflections = sentencesMatching(outsideListing, '.;!?', /fail|wrong|avoid|mistake|instead|not repeat|no_record|not found|did not work|try another/i).join(' ');
  return { query, plan, reflections };
}

/** The messages' roles and contents in order: two requests with equal lists show the same text. */
function messageTexts(messages: AdvisorInput['messages']): string[] {
  const texts: string[] = [];
  for (const message of messages) texts.push(message.role, message.content);
  return texts;
}


/**
 * The last prompt read and its view: advise and values read the same request again and again
 * (each option, each parameter), and the view is a pure function of the messages' text.
 */
let lastView: { texts: string[]; view: PromptView } | undefined;
/** The last system prompt parsed: the candidates' calls of one substep share it. */
let lastSystem: { system: string; parts: SystemParts } | undefined;

function view(input: AdvisorInput): PromptView {
  const texts = messageTexts(input.messages);
  if (lastView && sameTexts(lastView.texts, texts)) return lastView.view;
  const built = readView(input);
  lastView = { texts, view: built };
  return built;
}

function readView(input: AdvisorInput): PromptView {
  const system = input.messages.find((m) => m.role === 'system')?.content ?? '';
  if (lastSystem?.system !== system) lastSystem = { system, parts: readSystem(system) };
  const { query, plan, reflections } = lastSystem.parts;
  let current: PromptView['current'];
  let history: Executed[] | undefined;
  for (const message of input.messages) {
    if (message.role !== 'user') continue;
    // The substep asked about: a step label and its text, in a user message that is not the history.
    const now = message.content.startsWith('Execution so far:') ? null : /(\d+(?:\.\d+)+):\s*([\s\S]*?)(?: \(part of: [^)]*\))?\s*$/.exec(message.content);
    if (now) current = { step: now[1], description: now[2] };
    if (message.content.startsWith('Execution so far:')) {
      history = [];
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
    }
  }
  const readings = new Map<string, unknown>();
  const read = <T>(name: string, make: () => T): T => {
    if (!readings.has(name)) readings.set(name, make());
    return readings.get(name) as T;
  };
  const contents = input.messages.map((m) => m.content);
  return {
    // Joined only when a reading needs the whole text (most read the messages one by one): on
    // SLATE's ReAct prompts that is a 200 KB string per call. Built from the contents as they were.
    get text() {
      return read('text', () => contents.join('\n'));
    },
    contents,
    query,
    plan,
    current,
    history,
    reflections,
    read,
  };
}

// --- Arguments --------------------------------------------------------------------------------

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const words = (name: string) => name.replace(/_/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const parenthetical = (text: string) => /\(([^()]*)\)\s*$/.exec(text)?.[1]?.trim() ?? /\(([^()]*)\)/.exec(text)?.[1]?.trim();

/** True when `field`'s prefix names a record in `description` (warehouse_id: "the warehouse"). */
function names(description: string, field: string, v: PromptView): boolean {
  const prefix = field.replace(/_id$/, '');
  const ws = tokens(description.split(/ linked to | for the |\(/)[0]);
  return ws.some((w, i) => {
    const next = ws[i + 1];
    if (next && w[0] + next[0] === prefix) return true; // purchase order -> po_id
    if (w !== prefix && w !== `${prefix}s`) return false;
    // "review response": "review" only modifies when "response" names a record of its own.
    return !(next && v.read(`id field ${next}`, () => new RegExp(`\\b${escape(next)}_id\\b`).test(v.text)));
  });
}

/**
 * The earlier substep whose output should hold `field`, as the plan tells it: the one that created
 * or identified that record, else the one that pulled up its record, else the first full record
 * pulled up (linked ids sit there). With a history, a step whose output shows the field wins.
 */
function sourceStep(field: string, v: PromptView): string | undefined {
  return v.read(`source ${field}`, () => findSourceStep(field, v));
}

function findSourceStep(field: string, v: PromptView): string | undefined {
  const index = v.plan.findIndex((p) => p.step === v.current?.step);
  const earlier = v.plan.slice(0, index < 0 ? v.plan.length : index).map((p) => ({ ...p, intent: intentOf(p.description)?.id }));
  const naming = earlier.filter((p) => names(p.description, field, v));
  const ranked = [
    ...naming.filter((p) => p.intent === 'create').reverse(),
    ...naming.filter((p) => p.intent === 'identify'),
    ...naming.filter((p) => p.intent === 'details'),
    ...earlier.filter((p) => p.intent === 'details'),
    ...earlier.filter((p) => p.intent === 'identify'),
  ].map((p) => p.step);
  if (v.history) {
    const holds = (step: string) => v.history!.some((e) => e.step === step && e.output && e.output[field] !== undefined && e.output[field] !== '');
    const shown = ranked.find(holds) ?? [...v.history].reverse().find((e) => holds(e.step))?.step;
    if (shown) return shown;
  }
  return ranked[0];
}

/** The value after `label` in `text` ("task title todo-du-542", "reason: pricing error"). */
function after(label: string, text: string): string | undefined {
  return new RegExp(`\\b${escape(label)}:?\\s+([^,()]+?)(?=,|\\)|\\.\\s|\\.$|$| and )`, 'i').exec(text)?.[1]?.trim();
}

/** Values of a "with X 1 and Y 2" clause for the tool's argument names. */
function withClause(description: string, argNames: string[]): Record<string, string> {
  const clause = /\bwith (.*)$/i.exec(description)?.[1];
  if (!clause) return {};
  const found = argNames
    .map((name) => ({ name, at: clause.toLowerCase().search(new RegExp(`\\b${escape(words(name))}\\b`)) }))
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at);
  return Object.fromEntries(
    found.map((f, i) => {
      const end = i + 1 < found.length ? found[i + 1].at : clause.length;
      const value = clause.slice(f.at + words(f.name).length, end).replace(/\s*(,|\band)\s*$/i, '').trim();
      return [f.name, value];
    }),
  );
}

/** Arguments a substep states in a fixed way: dates, recipient, format, policy, reason, field and value. */
function specialValue(name: string, description: string, paren: string | undefined, v: PromptView): string | undefined {
  if (name === 'recipient' || (name === 'email' && !paren)) return (EMAIL.exec(description) ?? EMAIL.exec(v.query))?.[0];
  if (name === 'start_date' || name === 'end_date') {
    const range = /\bfrom (.+?) to (.+?)(?=\s*\(|$)/i.exec(description) ?? /\bfrom (.+?) to (.+?)(?=,| and |\.\s|\.$|$)/i.exec(v.query);
    return range?.[name === 'start_date' ? 1 : 2]?.trim();
  }
  if (name === 'scheduled_date') return /.*\bfor (.+)$/i.exec(description)?.[1]?.trim();
  if (name === 'format') return paren && /^[a-z]{3,4}$/i.test(paren) ? paren : /\bas (csv|pdf|xlsx|json)\b/i.exec(v.query)?.[1];
  if (name === 'policy') return (paren && /^(.*?)\s+polic(?:y|ies)$/i.exec(paren)?.[1]) || /against the (.+?) policy/i.exec(v.query)?.[1];
  if (name === 'reason') return (paren && /^reason:\s*(.+)$/i.exec(paren)?.[1]) || undefined;
  if ((name === 'field' || name === 'value') && paren && paren.includes(':')) {
    const [label, ...rest] = paren.split(':');
    if (name === 'value') return rest.join(':').trim();
    const snake = label.trim().toLowerCase().replace(/\s+/g, '_');
    // The record's own key when the prompt shows it (an output or an argument list), else the words.
    return lowerHas(v, snake) ? snake : label.trim();
  }
  return undefined;
}

function argValue(tool: ShownTool, arg: ShownTool['args'][number], v: PromptView): ArgValue | undefined {
  const description = v.current?.description ?? '';
  const paren = parenthetical(description);
  const name = arg.name;
  if (/_id$/.test(name)) {
    const step = sourceStep(name, v);
    return step ? `OUTPUT_FROM_STEP_${step}.${name}` : undefined;
  }
  const special = specialValue(name, description, paren, v);
  if (special) return special;
  const fromWith = withClause(description, tool.args.filter((a) => a.required).map((a) => a.name))[name];
  if (fromWith) return fromWith;
  const label = words(name);
  if (paren && paren.toLowerCase().startsWith(`${label.toLowerCase()} `)) return paren.slice(label.length).trim();
  return after(label, description) ?? after(label, v.query) ?? (tool.args.filter((a) => a.required).length === 1 && paren ? paren.split(/\s+/).pop() : undefined);
}

function callFor(tool: ShownTool, v: PromptView): Action {
  const args: Record<string, ArgValue> = {};
  for (const arg of tool.args.filter((a) => a.required)) {
    let value = argValue(tool, arg, v);
    if (value === undefined || value === '') continue;
    if ((arg.type === 'number' || arg.type === 'integer') && /^-?\d+(\.\d+)?$/.test(String(value))) value = Number(value);
    // Only values the prompt shows (references count through their step and field).
    const reference = /^OUTPUT_FROM_STEP_(\S+)\.(\w+)$/.exec(String(value));
    if (reference ? lowerHas(v, reference[1]) && lowerHas(v, reference[2].toLowerCase()) : lowerHas(v, String(value).toLowerCase())) args[arg.name] = value;
  }
  return { tool: tool.name, args };
}

// --- Advice -----------------------------------------------------------------------------------

const contentWords = (text: string) => new Set(tokens(text).filter((w) => w.length > 2 && /^[a-z]/.test(w) && !GENERIC.has(w) && !AFTER.has(w)));

function byOverlap(tools: ShownTool[], text: string): ShownTool[] {
  const wanted = contentWords(text);
  const scored = tools.map((t) => ({ t, s: [...toolReading(t, 'content words', () => contentWords(`${words(t.name)} ${t.doc}`))].filter((w) => wanted.has(w)).length }));
  const top = Math.max(0, ...scored.map((x) => x.s));
  return top > 0 ? scored.filter((x) => x.s >= top - 0.5).map((x) => x.t) : [];
}

function advise(input: AdvisorInput): Advice {
  const v = view(input);
  const tools = parsedListing(input.options);
  const noTool = input.options.some((o) => o.name === NO_TOOL);
  // Arguments only (the tool is already chosen).
  if (!noTool && tools.length === 1) return { calls: [callFor(tools[0], v)], reason: `The tool is given; I fill its arguments from the substep and earlier outputs.` };
  if (!v.current) return { calls: [] };
  const description = v.current.description;
  const intent = intentOf(description);
  if (intent?.id === 'none') return noTool ? { calls: [{ tool: NO_TOOL, args: {} }], reason: `"${description}" is reasoning on what is already known, so no tool is needed.` } : { calls: [] };

  const record = recordOf(description, tools);
  const onRecord = record ? tools.filter((t) => mentionsRecord(tokens(t.doc), record)) : tools;
  const pool = onRecord.length ? onRecord : tools;
  // Without a known intent, or without a record to tie the tools to, word overlap of the shown
  // text with the substep ranks the tools; those within a small margin of the best are twins.
  let chosen = intent ? pool.filter((t) => fitsIntent(t, intent)) : pool;
  if (!intent || (!record && chosen.length > 1)) chosen = byOverlap(chosen, `${description} ${description} ${v.query}`);
  if (chosen.length === 0) return { calls: [] };
  // A twin used before for a substep worded alike, or one a reflection quotes as failed, tells twins apart.
  const used = chosen.filter((t) => usedFor(t, v).some((s) => intentOf(s)?.id === intent?.id));
  if (used.length) chosen = used;
  const blamed = chosen.filter((t) => v.reflections.includes(`${t.name} with`));
  if (blamed.length && blamed.length < chosen.length) chosen = chosen.filter((t) => !blamed.includes(t));
  const what = record ? `the ${record.join(' ')}` : 'the record';
  return {
    calls: chosen.map((t) => callFor(t, v)),
    reason: `Substep ${v.current.step} asks me to ${intent?.doing ?? 'act on'} ${what}; ${chosen.map((t) => t.name).join(' / ')} ${chosen.length > 1 ? 'fit equally' : 'fits'}.`,
  };
}

/** Text values written in the query and the substep: parentheticals, emails, codes and dates, in order. */
function writtenValues(text: string): string[] {
  return [...text.matchAll(/\(([^()]+)\)|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[A-Za-z]+-[A-Za-z]+-\d+\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/g)].map((m) => (m[1] ?? m[0]).trim());
}

/** Values the prompt shows for `param`: references to outputs holding it, ids seen, and text values. */
function values(input: AdvisorInput, tool: string, param: string): ArgValue[] {
  const v = view(input);
  const out = new Set<ArgValue>();
  const option = input.options.find((o) => o.name === tool);
  const shown = option ? parseOption(tool, option.shown) : { name: tool, doc: '', args: [], memo: new Map() };
  const own = argValue(shown, { name: param, type: 'string', required: true }, v);
  if (own !== undefined && own !== '') out.add(own);
  if (/_id$/.test(param)) {
    for (const e of v.history ?? []) {
      const value = e.output?.[param];
      if (value === undefined) continue;
      out.add(`OUTPUT_FROM_STEP_${e.step}.${param}`);
      if (typeof value === 'string' || typeof value === 'number') out.add(value);
    }
  } else {
    for (const value of v.read('written values', () => writtenValues(`${v.query} ${v.current?.description ?? ''}`))) out.add(value);
  }
  return [...out].filter((value) => /^OUTPUT_FROM_STEP_/.test(String(value)) || lowerHas(v, String(value).toLowerCase()));
}

export const slateAdvisor: Advisor = {
  env: 'slate',
  // The plan prompt, or a tool-use prompt whose request is a bare "Query:" (ToolBench's adds a count of API tools).
  recognizes: (text) => /e-commerce assistant/.test(text) || (/^(Observation: )?Query: /m.test(text) && !/API tools are available/.test(text)),
  advise,
  values,
};
