import type { Action, ArgValue } from '../../../types';
import type { Advice, AdvisorInput } from '../../advisor';
import type { ChatMessage, ShownOption } from '../../language-model';
import { jsonCalls, promptText } from '../../advisor';
import { looksLikeFailure } from '../../failure-signals';
import { labelledGoal, OptionCache } from '../read-context';
import { moduleCache } from '../../../caches';
import { literalOutput } from './literal-output';
import { words } from './words';

/**
 * The tool-listing reader for a question asked of named tools whose outputs are records or lists
 * (JSON or Python literals), such as queries over a graph (docs/simulated-model.md). It knows only
 * the prompt and conventions any language model knows, written generally:
 * - a tool with no arguments whose doc says to call it "before any X" comes before the X tools
 *   (and before a call that names what it sets up), and an error that says "call T first" is obeyed;
 * - the tool to call is the one whose name and doc speak of what the question asks; a quoted text
 *   fills a parameter whose doc speaks of a title, a name the user typed one that speaks of a name,
 *   in the question's order; a one-node tool asked about two things is called for each;
 * - a parameter with listed values takes the one the other parameters' docs pair with the kind
 *   of thing given (a title, a name);
 * - output fields flow into the next call's inputs that speak of the same thing ("the first X"
 *   takes the first);
 * - a tool shown by name only is asked for by its name's words, a verb the prompt says to do
 *   "before" first;
 * - the answer is the output field named like what the question asks (a shared stem, or a field
 *   named by the word's first letters: `org` for organisation); "how many" counts a list, "common"
 *   intersects two, "when" asks for a year or a date, "who" for people, "the most" compares the
 *   items of a list by the field named, and a yes/no question is answered by whether the output
 *   pairs the question's first thing with the relation's active side.
 */

interface Param {
  name: string;
  required: boolean;
  doc: string;
  /** Values the doc lists in quotes. */
  values: string[];
}

interface Listed {
  name: string;
  doc: string;
  nameStems: string[];
  docStems: Set<string>;
  params: Param[];
  /** Shown by name only (EcoAct before registering): no doc, no parameters known. */
  bare: boolean;
}

interface Entity {
  text: string;
  /** A quoted text (a title) or a name typed in capitals. */
  quoted: boolean;
}

interface Call {
  action: Action;
  observation: string;
  ok: boolean;
  output: unknown;
}

/** Irregular English past forms, to their verb (the light stem cannot tell "wrote" is "write"). */
const IRREGULAR: Record<string, string> = { wrote: 'write', written: 'write', made: 'make', gave: 'give', took: 'take' };
/** Words that shape a question rather than say what it asks for. */
const QUESTION_WORDS = new Set(['how', 'many', 'much', 'does', 'did', 'do', 'was', 'were', 'has', 'have', 'had', 'give', 'answer', 'yes', 'no', 'their', 'them', 'they', 'among', 'where', 'when', 'why', 'whom']);

const stems = (text: string): string[] =>
  words(text.replace(/\b(\w+)\b/g, (w) => IRREGULAR[w.toLowerCase()] ?? w)).filter((w) => !QUESTION_WORDS.has(w));

const readings = moduleCache('llm/sim/tool-listing/question-reader: listed tools', new OptionCache<Listed>(20_000));

function readListed(option: ShownOption): Listed {
  const text = option.shown.replace(/^\s*(?:-\s+|\[\d+\]\s*)/, '').trim();
  const body = text.startsWith(`${option.name}:`) ? text.slice(option.name.length + 1).trim() : '';
  const [doc, args = ''] = body.split(/\s*Arguments:\s*/);
  const params = [...args.matchAll(/"(\w+)" \((\w+), (required|optional)\):? ?([^;\n]*?)(?=; "|\.?\s*$)/g)].map((m) => {
    // A parameter's doc is its first sentence: what follows the listing's last one (a note a strategy appends) is not about it.
    const doc = m[4].split(/\.\s+(?=[A-Z])/)[0];
    return { name: m[1], required: m[3] === 'required', doc, values: [...doc.matchAll(/"([^"]+)"/g)].map((v) => v[1]) };
  });
  return { name: option.name, doc, nameStems: stems(option.name), docStems: new Set(stems(doc)), params, bare: text === option.name };
}

/** The question: a `Question:` or `Query:` line of the transcript, else the instruction's goal line. */
function questionOf(messages: ChatMessage[]): string | undefined {
  for (const message of messages) {
    if (message.role === 'system') continue;
    const line = /^(?:Observation:\s*)?(?:Question|Query):\s*(.+)$/m.exec(message.content);
    if (line) return line[1].trim();
  }
  return labelledGoal(promptText(messages))?.trim();
}

/** Whether a request reads as a question (this reader's kind of request) rather than an instruction. */
export function asksQuestion(messages: ChatMessage[]): boolean {
  const question = questionOf(messages);
  return !!question && (/\?/.test(question) || /\byes or no\b/i.test(question));
}

const LEADING = /^(?:which|who|whom|what|when|where|why|how|does|did|do|is|are|was|were|has|have|had|among|of|in|on|for|the|a|an|give|answer)$/i;

/** The things a question names, in order: quoted texts, and runs of two or more capitalised words (less a leading question word). */
function entitiesOf(question: string): Entity[] {
  const found: { at: number; entity: Entity }[] = [];
  for (const m of question.matchAll(/"([^"]+)"/g)) found.push({ at: m.index!, entity: { text: m[1], quoted: true } });
  const unquoted = question.replace(/"[^"]*"/g, (q) => ' '.repeat(q.length));
  for (const m of unquoted.matchAll(/\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)+/g)) {
    const parts = m[0].split(/\s+/);
    while (parts.length && LEADING.test(parts[0])) parts.shift();
    if (parts.length >= 2) found.push({ at: m.index!, entity: { text: parts.join(' ').replace(/'s$|’s$/, ''), quoted: false } });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.entity);
}

interface Ask {
  stems: string[];
  /** What the question asks for: the noun after its question word (or "the most"), or a year for "when". */
  target: string[];
  count: boolean;
  person: boolean;
  yesNo: boolean;
  common: boolean;
  ordinal?: number;
  most?: 'max' | 'min';
}

function askOf(question: string, entities: Entity[]): Ask {
  let plain = question;
  for (const e of entities) plain = plain.replace(e.quoted ? `"${e.text}"` : e.text, ' ');
  const when = /\bwhen\b/i.test(plain);
  const head = /\b(?:which|what|how many|how much)\s+(\w+)/i.exec(plain)?.[1];
  const superlative = /\b(most|highest|largest|fewest|least|lowest|smallest)\s+(\w+)/i.exec(plain);
  const target = [...(superlative ? stems(superlative[2]) : []), ...(head && !/^(one|of)$/i.test(head) ? stems(head) : []), ...(when ? ['year', 'date', 'time'] : [])];
  const ordinal = /\bfirst\b/i.test(plain) ? 0 : /\bsecond\b/i.test(plain) ? 1 : /\blast\b/i.test(plain) ? -1 : undefined;
  return {
    stems: [...new Set([...stems(plain), ...target])],
    target,
    count: /\bhow many\b/i.test(plain),
    person: /\bwho\b/i.test(plain),
    yesNo: /\byes or no\b/i.test(plain) || /^(?:does|did|do|is|are|was|were|has|have|had)\b/i.test(plain.trim()),
    common: /\b(?:common|both|shared|in common)\b/i.test(plain),
    ordinal,
    most: superlative ? (/most|highest|largest/i.test(superlative[1]) ? 'max' : 'min') : undefined,
  };
}

function transcript(messages: ChatMessage[]): Call[] {
  return jsonCalls(messages)
    .filter(({ action }) => action.tool !== 'tool_register')
    .map(({ action, observation }) => ({ action, observation, ok: observation !== '' && !looksLikeFailure(observation), output: literalOutput(observation) }));
}

const lower = (v: unknown) => String(v).trim().toLowerCase();
const sameArgs = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(b).every((k) => lower(a[k]) === lower(b[k])) && Object.keys(a).length === Object.keys(b).length;

/** Whether a word and a field-name part speak of the same thing: one stem, or the part starts the word (`org`, organisation). */
const speaks = (word: string, part: string) => word === part || (part.length >= 3 && word.startsWith(part)) || (word.length >= 4 && part.startsWith(word));

/** How well a tool's name and doc speak of what the question asks: name words count double, the target once more. */
function fit(tool: Listed, ask: Ask): number {
  let score = 0;
  for (const w of ask.stems) {
    const weight = ask.target.includes(w) ? 2 : 1;
    if (tool.nameStems.includes(w)) score += 2 * weight;
    else if (tool.docStems.has(w)) score += weight;
  }
  return score;
}

/** Whether a parameter takes this kind of thing: its doc speaks of a title (quoted) or a name; a doc of neither takes both. */
function takes(param: Param, entity: Entity): boolean {
  const title = /\btitle/i.test(param.doc);
  const name = /\bname/i.test(param.doc);
  if (!title && !name) return param.values.length === 0;
  return entity.quoted ? title : name;
}

/** The listed value a parameter takes for a thing of this kind: the one another parameter's doc pairs with "title" or "name". */
function pairedValue(tool: Listed, param: Param, entity: Entity): string | undefined {
  const kind = entity.quoted ? /\btitle/i : /\bname/i;
  for (const other of tool.params) {
    for (const clause of other.doc.split(/[,;]/)) {
      const value = param.values.find((v) => clause.includes(v));
      if (value && kind.test(clause)) return value;
    }
  }
  return undefined;
}

/** Argument sets that fill a tool's required parameters from these things, in order: one set per thing when it takes one. */
function fillings(tool: Listed, things: Entity[]): Record<string, ArgValue>[] {
  const required = tool.params.filter((p) => p.required);
  if (required.length === 0) return [{}];
  const free = required.filter((p) => p.values.length === 0);
  const listed = required.filter((p) => p.values.length > 0);
  const fill = (chosen: Entity[]): Record<string, ArgValue> | undefined => {
    const args: Record<string, ArgValue> = {};
    for (const [i, p] of free.entries()) {
      if (!takes(p, chosen[i])) return undefined;
      args[p.name] = chosen[i].text;
    }
    for (const p of listed) {
      const value = pairedValue(tool, p, chosen[0]);
      if (!value) return undefined;
      args[p.name] = value;
    }
    return args;
  };
  if (free.length === 1) return things.map((t) => fill([t])).filter((a): a is Record<string, ArgValue> => !!a);
  const usable = (p: Param) => things.filter((t) => takes(p, t));
  if (free.length === 2 && things.length >= 2) {
    const pair = usable(free[0]).length >= 2 ? usable(free[0]).slice(0, 2) : things.slice(0, 2);
    const args = fill(pair);
    return args ? [args] : [];
  }
  return [];
}

/** Records and lists a successful call showed. */
const shown = (calls: Call[]) => calls.filter((c) => c.ok && c.output !== undefined);

/** Things an output holds that a parameter could take: the items of a field that speaks of what the parameter's doc speaks of. */
function outputThings(calls: Call[], param: Param, ask: Ask): Entity[] {
  const want = stems(param.doc);
  const found: Entity[] = [];
  for (const call of shown(calls)) {
    const output = call.output;
    if (!output || typeof output !== 'object' || Array.isArray(output)) continue;
    for (const [key, value] of Object.entries(output as Record<string, unknown>)) {
      const parts = stems(key.replace(/_/g, ' '));
      if (!parts.some((p) => want.some((w) => speaks(w, p)))) continue;
      const items = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      const picked = ask.ordinal === undefined ? items : [items.at(ask.ordinal)].filter((v): v is string => !!v);
      // What a field holds is the kind its parameter speaks of: titles for a title, names for a name.
      found.push(...picked.map((text) => ({ text, quoted: /\btitle/i.test(param.doc) })));
    }
  }
  return found;
}

/** The value an output shows for what the question asks, if it shows one. */
function answerFrom(calls: Call[], ask: Ask, entities: Entity[], answering: Listed[]): ArgValue | undefined {
  const outputs = shown(calls);
  const want = ask.target.length ? ask.target : ask.stems;
  // A field named like what the question asks.
  for (const call of [...outputs].reverse()) {
    const output = call.output;
    if (!output || typeof output !== 'object' || Array.isArray(output)) continue;
    for (const [key, value] of Object.entries(output as Record<string, unknown>)) {
      const parts = stems(key.replace(/_/g, ' '));
      const named = parts.some((p) => want.some((w) => speaks(w, p))) || (ask.person && !ask.target.length && parts.some((p) => ask.stems.some((w) => speaks(w, p))));
      if (!named) continue;
      if (Array.isArray(value)) return ask.count ? value.length : value.map(String).join(', ');
      if (typeof value === 'string' || typeof value === 'number') return value;
    }
  }
  // A bare list from a tool that speaks of the question: the list, its length, or what two lists share.
  // (Only from a tool whose doc speaks of what is asked, where the question names it: a list of other things answers nothing.)
  const speaksOfTarget = (t: Listed) => ask.target.length === 0 || ask.target.some((w) => t.nameStems.includes(w) || t.docStems.has(w));
  const lists = outputs.filter((c) => Array.isArray(c.output) && answering.some((t) => t.name === c.action.tool && speaksOfTarget(t)));
  if (lists.length === 0) return undefined;
  const items = (c: Call) => (c.output as unknown[]).map(String);
  if (ask.common) {
    const named = entities.map((e) => lists.find((c) => Object.values(c.action.args).some((v) => lower(v) === lower(e.text))));
    if (named.length < 2 || named.some((c) => !c)) return undefined;
    const shared = items(named[0]!).filter((x) => named.slice(1).every((c) => items(c!).some((y) => lower(y) === lower(x))));
    return shared.length ? shared.join(', ') : undefined;
  }
  const last = lists[lists.length - 1];
  if (ask.count) return items(last).length;
  return items(last).length ? items(last).join(', ') : undefined;
}

/** A yes/no answer: whether an output pairs the question's first thing with the field that speaks of the relation's active side. */
function yesNoFrom(calls: Call[], ask: Ask, entities: Entity[], tool: Listed): ArgValue | undefined {
  const call = [...calls].reverse().find((c) => c.action.tool === tool.name && c.observation !== '');
  if (!call) return undefined;
  const output = call.output;
  if (!output || typeof output !== 'object' || Array.isArray(output)) return call.ok ? 'no' : undefined;
  const active = Object.entries(output as Record<string, unknown>).find(([key]) => stems(key.replace(/_/g, ' ')).some((p) => ask.stems.some((w) => speaks(w, p) || speaks(p, w))));
  if (!active || !entities[0]) return undefined;
  return lower(active[1]) === lower(entities[0].text) ? 'yes' : 'no';
}

/** The setup a call needs first: a tool with no arguments whose doc says to call it before any X (X's words in the call's name), or whose name's object the call names. */
function setupFor(call: Action, tools: Listed[]): Listed | undefined {
  const target = tools.find((t) => t.name === call.tool);
  return tools.find((setup) => {
    if (setup.params.length > 0 || setup === target) return false;
    const before = /\bbefore (?:any|every|each|all|using|the)?\s*([a-z ]+?)(?:[.,;]|$)/i.exec(setup.doc)?.[1];
    if (!before) return false;
    const need = stems(before);
    const object = setup.name.replace(/^[a-z]+_?/, '');
    return (need.length > 0 && !!target && need.every((w) => target.nameStems.includes(w))) || (object.length > 2 && Object.values(call.args).some((v) => lower(v) === object.toLowerCase()));
  });
}

function withSetup(calls: Action[], history: Call[], tools: Listed[], reason: string): Advice {
  const setups = calls.map((call) => setupFor(call, tools)).filter((s): s is Listed => !!s && !history.some((h) => h.ok && h.action.tool === s.name));
  if (setups.length) return { calls: [{ tool: setups[0].name, args: {} }], reason: `${setups[0].name} has to come first, as its description says.` };
  return { calls, reason };
}

/** The next call for a question over a listing of named tools. */
export function adviseQuestion({ messages, options }: AdvisorInput): Advice {
  const question = questionOf(messages);
  if (!question) return { calls: [] };
  const tools = options.filter((o) => o.name !== 'finish' && o.name !== 'tool_register').map((o) => readings.get(o, readListed));
  const history = transcript(messages);
  const last = history.at(-1);
  // An error that says which tool to call first.
  if (last && !last.ok) {
    const first = tools.find((t) => new RegExp(`\\bcall ${t.name}\\b[^.]*\\bfirst\\b`, 'i').test(last.observation));
    if (first) return { calls: [{ tool: first.name, args: {} }], reason: `The error says to call ${first.name} first.` };
  }
  const entities = entitiesOf(question);
  const ask = askOf(question, entities);
  const finish = options.some((o) => o.name === 'finish');
  const done = (tool: string, args: Record<string, ArgValue>) => history.some((h) => h.action.tool === tool && sameArgs(h.action.args, args));
  const ranked = tools.filter((t) => t.params.length > 0).map((t) => ({ t, s: fit(t, ask) })).filter((x) => x.s > 0).sort((a, b) => b.s - a.s);
  if (ranked.length === 0) return byName(tools, ask, history, messages);
  // The tools that may answer: the best-fitting ones and those one point behind (the same band is tried below).
  const answering = ranked.filter((x) => x.s >= ranked[0].s - 1).map((x) => x.t);

  if (ask.yesNo) {
    const tool = ranked.map((x) => x.t).find((t) => fillings(t, entities).length > 0);
    if (!tool) return { calls: [] };
    const todo = fillings(tool, entities).filter((args) => !done(tool.name, args));
    if (todo.length) return withSetup([{ tool: tool.name, args: todo[0] }], history, tools, `${tool.name} tells whether this holds.`);
    const answer = yesNoFrom(history, ask, entities, tool);
    return answer !== undefined && finish ? { calls: [{ tool: 'finish', args: { answer } }], reason: 'The output tells which way the relation goes.' } : { calls: [] };
  }

  // The answer, once an output shows it (a superlative first compares the items it lists).
  if (!ask.most) {
    const answer = answerFrom(history, ask, entities, ranked.map((x) => x.t));
    if (answer !== undefined && finish) return { calls: [{ tool: 'finish', args: { answer } }], reason: `The output shows what the question asks for.` };
  } else {
    const compared = compare(history, ask, ranked.map((x) => x.t));
    if (compared.next) return withSetup([compared.next], history, tools, 'Each item has to be looked up to compare them.');
    if (compared.answer !== undefined && finish) return { calls: [{ tool: 'finish', args: { answer: compared.answer } }], reason: 'That item has the largest value.' };
  }

  // The best-fitting tools the question's things (or earlier outputs) can fill, each for every thing not yet asked about.
  for (const t of answering) {
    const direct = fillings(t, entities).filter((args) => !done(t.name, args));
    const fromOutputs = t.params.filter((p) => p.required && p.values.length === 0).length === 1 ? fillings(t, outputThings(history, t.params.find((p) => p.required && p.values.length === 0)!, ask)).filter((args) => !done(t.name, args)) : [];
    const todo = direct.length ? direct : fromOutputs;
    if (todo.length) return withSetup([{ tool: t.name, args: todo[0] }], history, tools, `${t.name} speaks of what the question asks.`);
  }
  // None can be filled yet: a tool the question's things fill whose output may give what the best one needs.
  for (const { t } of ranked) {
    const todo = fillings(t, entities).filter((args) => !done(t.name, args));
    if (todo.length) return withSetup([{ tool: t.name, args: todo[0] }], history, tools, `${t.name} gives what the next lookup needs.`);
  }
  return byName(tools, ask, history, messages);
}

/**
 * Among tools shown by name only, the one to ask for (registering shows its doc): first one whose
 * name starts with a verb the prompt says to do "before" (and not done yet), else the one whose
 * name speaks best of what the question asks.
 */
function byName(tools: Listed[], ask: Ask, history: Call[], messages: ChatMessage[]): Advice {
  const bare = tools.filter((t) => t.bare);
  if (bare.length === 0) return { calls: [] };
  const text = promptText(messages);
  const verbs = new Set([...text.matchAll(/\b([A-Za-z]+)\b[^.?!\n]*?\bbefore\b/g)].map((m) => words(m[1])[0]).filter(Boolean));
  const setups = bare.filter((t) => verbs.has(t.nameStems[0]) && !history.some((h) => h.ok && h.action.tool === t.name));
  const pool = setups.length ? setups : bare.filter((t) => !verbs.has(t.nameStems[0]));
  // A setup none of whose names speaks of the question: any of them may be the one (all advised).
  const scored = pool.map((t) => ({ t, s: fit(t, ask) })).filter((x) => x.s > 0 || setups.length > 0);
  if (scored.length === 0) return { calls: [] };
  const top = Math.max(...scored.map((x) => x.s));
  return { calls: scored.filter((x) => x.s === top).map((x) => ({ tool: x.t.name, args: {} })), reason: 'Its name speaks of what the question asks; registering it shows how to call it.' };
}

/** For "which one has the most X": look up each listed item with the tool that shows X, then name the item with the largest (or smallest) X. */
function compare(history: Call[], ask: Ask, ranked: Listed[]): { next?: Action; answer?: ArgValue } {
  const list = shown(history).flatMap((c) => (c.output && typeof c.output === 'object' && !Array.isArray(c.output) ? Object.entries(c.output as Record<string, unknown>) : [])).find(([, v]) => Array.isArray(v) && v.length > 1 && v.every((x) => typeof x === 'string'));
  if (!list) return {};
  const items = (list[1] as string[]).map((text) => ({ text, quoted: true }));
  const looker = ranked.find((t) => t.docStems.size && ask.target.some((w) => [...t.docStems].some((d) => speaks(w, d))) && fillings(t, items.slice(0, 1)).length > 0);
  if (!looker) return {};
  const values: { text: string; value: number }[] = [];
  for (const item of items) {
    const args = fillings(looker, [item])[0];
    const call = [...history].reverse().find((h) => h.ok && h.action.tool === looker.name && sameArgs(h.action.args, args));
    if (!call) return { next: { tool: looker.name, args } };
    const field = call.output && typeof call.output === 'object' ? Object.entries(call.output as Record<string, unknown>).find(([key, v]) => typeof v === 'number' && stems(key.replace(/_/g, ' ')).some((p) => ask.target.some((w) => speaks(w, p)))) : undefined;
    if (field) values.push({ text: item.text, value: field[1] as number });
  }
  if (values.length === 0) return {};
  const best = values.reduce((a, b) => ((ask.most === 'max' ? b.value > a.value : b.value < a.value) ? b : a));
  return { answer: best.text };
}

/**
 * Values the prompt shows for a parameter: the values its doc lists, where it lists some; else the
 * question's things of the kind it takes, and what outputs hold (for `answer`, also yes and no where asked).
 */
export function questionValues({ messages, options }: AdvisorInput, tool: string, param: string): ArgValue[] {
  if (/tool/.test(param)) return options.map((o) => o.name).filter((name) => name !== 'tool_register');
  const question = questionOf(messages) ?? '';
  const text = promptText(messages).toLowerCase();
  const inPrompt = (values: ArgValue[]) => [...new Set(values)].filter((v) => text.includes(String(v).toLowerCase()));
  const spec = options.filter((o) => o.name === tool).map((o) => readings.get(o, readListed))[0]?.params.find((p) => p.name === param);
  if (spec && spec.values.length) return inPrompt(spec.values);
  const found = new Set<ArgValue>(entitiesOf(question).filter((e) => !spec || takes(spec, e)).map((e) => e.text));
  const add = (value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') found.add(value);
    else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') Object.values(value).forEach(add);
  };
  for (const call of shown(transcript(messages))) add(call.output);
  if (param === 'answer' && /\byes or no\b/i.test(question)) ['yes', 'no'].forEach((v) => found.add(v));
  return inPrompt([...found]);
}
