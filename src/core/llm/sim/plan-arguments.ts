import type { ArgValue } from '../../types';
import type { PlanView, ShownTool } from './plan-prompt-view';
import { promptHas, toolReading } from './plan-prompt-view';
import { contentStems, isFunctionWord, words } from './word-stems';
import { boundedCache, moduleCache } from '../../caches';
import { SINGLE_QUOTED } from './quoted-text';

/**
 * Argument values for a plan substep's tool call, read the way any reader of the prompt would
 * (conventions written generally, docs/simulated-model.md):
 * - a value the substep or the query labels with the parameter's words ("reason: late", "(channel: sms)");
 * - a date range ("from X to Y", "between X and Y") fills start and end parameters, a single date a date parameter;
 * - an e-mail address fills an e-mail or recipient parameter;
 * - an identifier the text shows next to the record's name, or with the prefix the parameter's doc
 *   shows ("APT-…"), fills an identifier parameter;
 * - otherwise an output field of an earlier step with the parameter's name flows into it (as a
 *   reference `OUTPUT_FROM_STEP_<step>.<field>`, the prompt's own syntax), and without a history,
 *   the earlier substep that names the record is where its identifier comes from;
 * - a single parenthetical left over fills the one parameter left over.
 * Every value written occurs in the prompt (references through their step and field).
 */

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DATE_SOURCE = `(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{4}|${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}|\\d{1,2}(?:st|nd|rd|th)? ${MONTH},? \\d{4})`;
const DATE = new RegExp(`\\b${DATE_SOURCE}\\b`, 'g');
/** A text in single quote marks (an apostrophe inside a word is none: quoted-text.ts). */
const QUOTED = new RegExp(SINGLE_QUOTED, 'g');
const WHOLLY_QUOTED = new RegExp(`^${SINGLE_QUOTED}$`);
const RANGE = new RegExp(`\\b(?:from|between) (${DATE_SOURCE}) (?:to|and|until|through) (${DATE_SOURCE})`, 'i');
/**
 * Identifier-like tokens: letters and a dash with digits (APT-55120, SKU-BG-4453), capitals run
 * into digits (FL2291), or five digits or more.
 */
const CODE = /\b[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9-]*\d[A-Za-z0-9]*\b|\b[A-Z]\d+(?:\.\d+)+\b|\b[A-Z]{2,}\d{3,}\b|\b\d{5,}\b/g;
/** A value written in code style (snake_case), as a template or type name is. */
const SNAKE = /\b[a-z]+(?:_[a-z0-9]+)+\b/g;
/** A time of day. */
const TIME = /\b\d{1,2}:\d{2}\b/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const label = (name: string) => words(name).join(' ');
/** Parameters that take free text (a message, a note, a reason). */
const FREE_TEXT = /(^|_)(body|text|message|content|note|comment|reason|summary|instructions?)$/;

function isDateParam(arg: ShownTool['args'][number]): boolean {
  return /date|day/.test(arg.name) || /\bdate\b|YYYY/i.test(arg.doc);
}

export function isIdParam(arg: { name: string; doc: string }): boolean {
  return /(^|_)(id|code|number|mrn|sku)$/i.test(arg.name) || /\bidentifier\b|\bcode\b/i.test(arg.doc);
}

/** The two patterns of `labelled` for a name, made once per name (they hold no state: no `g` flag). */
const labelPatterns = moduleCache('llm/sim/plan-arguments: label patterns by name', boundedCache<string, { colon: RegExp; quoted: RegExp }>(5_000));

/** The value labelled with `name` in `text`: "name: value", "name 'value'", "(name value)". */
function labelled(name: string, text: string): string | undefined {
  let patterns = labelPatterns.get(name);
  if (!patterns) {
    const l = escape(name).replace(/ /g, '[ _-]');
    patterns = {
      colon: new RegExp(`\\b${l}\\s*:\\s*(?:${SINGLE_QUOTED}|"([^"]+)"|([^,;()]+?))(?=\\s*(?:[,;)]|\\.\\s|\\.$|$| and ))`, 'i'),
      quoted: new RegExp(`\\b${l}\\s+(?:${SINGLE_QUOTED}|"([^"]+)")`, 'i'),
    };
    labelPatterns.set(name, patterns);
  }
  const colon = patterns.colon.exec(text);
  if (colon) return (colon[1] ?? colon[2] ?? colon[3]).trim();
  const quoted = patterns.quoted.exec(text);
  if (quoted) return (quoted[1] ?? quoted[2]).trim();
  return undefined;
}

/** The parameters of `tool` that `text` labels with a value ("reason: late", "(channel: sms)", "subject 'Hello'"). */
export function labelledParams(tool: ShownTool, text: string): string[] {
  return tool.args.filter((arg) => arg.name !== 'field' && arg.name !== 'value' && labelled(label(arg.name), text) !== undefined).map((arg) => arg.name);
}

/** A value written right after the parameter's words with no colon: "sku SKU-1", "title Eco refill" (up to a comma or bracket). */
function following(name: string, text: string): string | undefined {
  const l = escape(name).replace(/ /g, '[ _-]');
  return new RegExp(`\\b${l}\\s+([^,;()]+?)(?=\\s*(?:[,;)(]|\\.\\s|\\.$|$| and ))`, 'i').exec(text)?.[1]?.trim();
}

/** Values of a "with X 1 and Y 2" clause for the tool's argument names. */
function withClause(description: string, names: string[]): Record<string, string> {
  const clause = /\bwith (.*)$/i.exec(description)?.[1];
  if (!clause) return {};
  const found = names
    .map((name) => ({ name, at: clause.toLowerCase().search(new RegExp(`\\b${escape(label(name))}\\b`)) }))
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at);
  return Object.fromEntries(
    found.map((f, i) => {
      const end = i + 1 < found.length ? found[i + 1].at : clause.length;
      return [f.name, clause.slice(f.at + label(f.name).length, end).replace(/\s*(,|\band)\s*$/i, '').trim()];
    }),
  );
}

/** The prefix an identifier parameter's doc shows by example ("(APT-…)" gives "APT-"). */
function docPrefix(doc: string): string | undefined {
  return /\b([A-Z][A-Z0-9]*-)(?:…|\.\.\.|x+|\d)/.exec(doc)?.[1];
}

/** The record an identifier parameter names: its words less the identifier word ("warehouse_id": "warehouse"). */
function recordWords(name: string): string[] {
  return words(name).filter((w) => !/^(id|code|number|new|old|current)$/.test(w));
}

/** An identifier for `arg` the text shows: with the doc's prefix, or right after the record's or the parameter's words. */
function shownIdentifier(arg: ShownTool['args'][number], text: string, single = false): string | undefined {
  const codes = [...text.matchAll(CODE)].map((m) => ({ code: m[0], at: m.index! }));
  if (codes.length === 0) return undefined;
  const prefix = docPrefix(arg.doc);
  if (prefix) {
    // The doc shows what its identifiers look like: one of another shape is not this parameter's.
    return codes.find((c) => c.code.toUpperCase().startsWith(prefix.toUpperCase()))?.code;
  }
  const before = (at: number) => words(text.slice(Math.max(0, at - 40), at)).slice(-3);
  const names = new Set([...words(arg.name), ...recordWords(arg.name)].filter((w) => !/^(id)$/.test(w)));
  const found = codes.find((c) => {
    const w = before(c.at);
    return w.length > 0 && (names.has(w[w.length - 1]) || (w.length > 1 && names.has(w[w.length - 2]) && /^(number|code|id|no)$/.test(w[w.length - 1])));
  });
  // The only identifier the substep writes is the one it means.
  return found?.code ?? (codes.length === 1 && single ? codes[0].code : undefined);
}

/** The latest earlier step whose shown output holds `field` (or a field `field` ends with, e.g. covering_provider_id: provider_id). */
function outputHolding(field: string, v: PlanView): { step: string; field: string } | undefined {
  const history = v.history ?? [];
  const holds = (e: (typeof history)[number], f: string) => e.output !== undefined && e.output[f] !== undefined && e.output[f] !== '' && e.output[f] !== null;
  const holding = [...history].reverse().filter((e) => holds(e, field));
  // Several hold it: the one whose substep names whom the current substep names ("Find Dr. Haddad" for "Dr. Haddad's slots").
  if (holding.length > 1) {
    const named = namesOf(v.current?.description ?? '');
    const about = named.length ? holding.find((e) => namesOf(v.plan.find((p) => p.step === e.step)?.description ?? '').some((n) => named.includes(n))) : undefined;
    if (about) return { step: about.step, field };
  }
  if (holding.length) return { step: holding[0].step, field };
  // A field named <something>_<field> holds a <field> (duplicate_prescription_id, latest_result_id).
  for (const e of [...history].reverse()) {
    const named = Object.keys(e.output ?? {}).find((key) => key.endsWith(`_${field}`) && holds(e, key));
    if (named) return { step: e.step, field: named };
  }
  const parts = field.split('_');
  for (let cut = 1; cut < parts.length - 1; cut++) {
    const tail = parts.slice(cut).join('_');
    for (const e of [...history].reverse()) if (holds(e, tail)) return { step: e.step, field: tail };
  }
  return undefined;
}

/** Proper names a text writes: capitalised words past its first, less titles (Dr., Mrs., ...). */
function namesOf(text: string): string[] {
  return [...text.matchAll(/(?<=\S\s+)[A-Z][a-z]+(?:-[A-Za-z]+)?\b/g)]
    .map((m) => m[0])
    .filter((w) => !/^(Dr|Mrs|Mr|Ms|Miss|Prof)$/.test(w) && !new RegExp(`^${MONTH}$`).test(w) && !isFunctionWord(w.toLowerCase()));
}

/** "the influenza vaccine" for `vaccine_code`, "a progress note" for `note_type`: the word a determiner (or the text's start) puts before the record's own word. */
function kindBefore(arg: { name: string; doc: string }, text: string): string | undefined {
  if (!/(^|_)(code|type|kind)$/.test(arg.name) || docPrefix(arg.doc)) return undefined;
  const record = recordWords(arg.name).filter((w) => !/^(type|kind)$/.test(w)).at(-1);
  if (!record) return undefined;
  // After a determiner, or opening the text ("Progress note in ENC-1: ...").
  const found = new RegExp(`(?:^|\\b(?:the|a|an|her|his|their|its|this|that|my|our|your)\\s+)([a-z][a-z-]*)\\s+${escape(record)}s?\\b`, 'i').exec(text.trim())?.[1];
  return found && !isFunctionWord(found.toLowerCase()) ? found : undefined;
}

/** Without a history: the earliest earlier substep whose wording names the record an identifier belongs to. */
function namingStep(field: string, v: PlanView): string | undefined {
  const record = recordWords(field).map((w) => contentStems(w)[0] ?? w);
  if (record.length === 0) return undefined;
  const index = v.plan.findIndex((p) => p.step === v.current?.step);
  const earlier = v.plan.slice(0, index < 0 ? v.plan.length : index);
  const last = record[record.length - 1];
  return earlier.find((p) => contentStems(p.description).includes(last))?.step;
}

function dateValue(arg: ShownTool['args'][number], tool: ShownTool, description: string, query: string): string | undefined {
  const dateArgs = tool.args.filter(isDateParam);
  const range = RANGE.exec(description) ?? (() => {
    const dates = description.match(DATE) ?? [];
    return dates.length >= 2 && /\bto\b|\band\b|\buntil\b|\bthrough\b/.test(description) ? [dates.join(' '), dates[0], dates[1]] : null;
  })() ?? RANGE.exec(query);
  if (dateArgs.length >= 2 && range) {
    const start = /start|from|begin|first/.test(arg.name);
    const end = /end|to|until|last/.test(arg.name);
    if (start) return range[1];
    if (end) return range[2];
  }
  const single = description.match(DATE);
  if (single && single.length >= 1) return single[0];
  return undefined;
}

/**
 * The values a parameter's doc lists ("sick, annual, training"; "e.g. discharged home, follow-up
 * booked"; "office visit, telehealth, procedure, …"): short phrases separated by commas or "or".
 */
export function listedValues(doc: string): string[] {
  const body = doc.replace(/^\s*(?:e\.g\.|for example|one of)[:,]?\s*/i, '').replace(/[….]+\s*$/, '');
  if (!/,|\bor\b/.test(body)) return [];
  const items = body.split(/\s*,\s*|\s+or\s+/).map((item) => item.trim()).filter(Boolean);
  return items.length >= 2 && items.every((item) => /^[a-z][a-z0-9 '-]*$/i.test(item) && item.split(/\s+/).length <= 3) ? items : [];
}

/** The value the doc lists that the substep writes (whole words), the longest first. */
function writtenListedValue(arg: { doc: string }, description: string): string | undefined {
  const text = description.toLowerCase();
  return listedValues(arg.doc)
    .sort((a, b) => b.length - a.length)
    .find((item) => new RegExp(`(^|[^a-z0-9])${escape(item.toLowerCase())}($|[^a-z0-9])`).test(text));
}

/**
 * An identifier field of an earlier step's output whose record the substep names ("with the
 * eligibility check as evidence" for `eligibility_check_id`), as a reference: the latest step first.
 */
function namedOutput(v: PlanView): { step: string; field: string } | undefined {
  const said = new Set(contentStems(v.current?.description ?? ''));
  for (const e of [...(v.history ?? [])].reverse()) {
    for (const [field, value] of Object.entries(e.output ?? {})) {
      if (!/_id$/.test(field) || value === null || value === undefined || value === '') continue;
      const record = recordWords(field).flatMap((w) => contentStems(w));
      if (record.length >= 2 && record.every((stem) => said.has(stem))) return { step: e.step, field };
    }
  }
  return undefined;
}

/**
 * The value of one argument, or undefined when the prompt shows none a reader would pick. `has` is
 * how it asks whether the prompt's text holds a (lower-case) string: `promptHas` unless told.
 */
export function argumentValue(tool: ShownTool, arg: ShownTool['args'][number], v: PlanView, taken: Record<string, ArgValue> = {}, has = (needle: string) => promptHas(v, needle)): ArgValue | undefined {
  const description = v.current?.description ?? '';
  const query = v.query;
  const name = label(arg.name);
  const lastWord = words(arg.name).at(-1) ?? name;
  // A value labelled with the parameter's words, in the substep, then in the query.
  const labelledValue = labelled(name, description) ?? (lastWord !== name ? labelled(lastWord, description) : undefined) ?? labelled(name, query);
  if (labelledValue && !(arg.name === 'field' || arg.name === 'value')) return labelledValue;
  const listed = writtenListedValue(arg, description);
  if (listed) return listed;
  if (/e-?mail|recipient/.test(arg.name)) {
    const email = EMAIL.exec(description)?.[0] ?? EMAIL.exec(query)?.[0];
    if (email) return email;
  }
  if (isIdParam(arg)) {
    const shown = shownIdentifier(arg, description);
    if (shown) return shown;
    const kind = kindBefore(arg, description);
    if (kind) return kind;
    const source = outputHolding(arg.name, v);
    if (source) return `OUTPUT_FROM_STEP_${source.step}.${source.field}`;
    const only = shownIdentifier(arg, description, true);
    if (only && !Object.values(taken).includes(only)) return only;
    const fromQuery = docPrefix(arg.doc) ? shownIdentifier(arg, query) : undefined;
    if (fromQuery) return fromQuery;
    if (!v.history) {
      const step = namingStep(arg.name, v);
      if (step) return `OUTPUT_FROM_STEP_${step}.${arg.name}`;
    }
    return undefined;
  }
  const kind = kindBefore(arg, description);
  if (kind) return kind;
  if (isDateParam(arg)) {
    const date = dateValue(arg, tool, description, query);
    if (date) return date;
  }
  if (/time|hour/.test(arg.name)) {
    const time = TIME.exec(description)?.[0];
    if (time) return time;
  }
  // A code-style value right before one of the parameter's words ("the recall_reminder letter").
  for (const m of description.matchAll(SNAKE)) {
    const next = words(description.slice(m.index! + m[0].length)).slice(0, 1)[0];
    if (next && words(arg.name).includes(next)) return m[0];
  }
  // A key-value update: "(title: Eco refill)" gives the field and its value.
  const paren = /\(([^()]*)\)\s*$/.exec(description)?.[1]?.trim() ?? /\(([^()]*)\)/.exec(description)?.[1]?.trim();
  if ((arg.name === 'field' || arg.name === 'value') && paren?.includes(':')) {
    const [key, ...rest] = paren.split(':');
    if (arg.name === 'value') return unquoted(rest.join(':').trim());
    const snake = key.trim().toLowerCase().replace(/\s+/g, '_');
    return has(snake) ? snake : key.trim();
  }
  // A message's text written after a colon ("Reply: Your doctor will call.") fills a free-text parameter.
  if (FREE_TEXT.test(arg.name)) {
    const said = /^[^:()]{2,60}:\s*(.{8,})$/.exec(description)?.[1]?.replace(/,\s+with\b.*$/i, '').trim();
    if (said && said.split(/\s+/).length >= 3 && !/\w+\s*:/.test(said.slice(0, 12))) return said;
  }
  // A code and, after a comma, the words that say what it is ("diagnosis Z00.00, general adult exam") fill a description.
  if (/(^|_)(description|label)$/.test(arg.name)) {
    const codeText = new RegExp(`(?:${CODE.source}),\\s+([a-z][a-z '-]*[a-z])\\s*(?:$|[,;(.])`, 'i').exec(description)?.[1];
    if (codeText && codeText.split(/\s+/).length >= 2) return codeText;
  }
  // A person's name the text writes after a title (Dr., Mrs., ...) fills a name parameter.
  if (/(^|_)name$/.test(arg.name)) {
    const person = /\b(?:Dr|Mrs|Mr|Ms|Miss|Prof)\.?\s+((?:[A-Z][\w'-]+\s?){1,3})/.exec(description) ?? /\b(?:Dr|Mrs|Mr|Ms|Miss|Prof)\.?\s+((?:[A-Z][\w'-]+\s?){1,3})/.exec(query);
    if (person) {
      const parts = person[1].trim().split(/\s+/);
      return /last|family|sur/.test(arg.name) ? parts[parts.length - 1] : /first|given/.test(arg.name) ? parts[0] : parts.join(' ');
    }
  }
  // A value the substep writes for the parameter comes before one an earlier output holds:
  // "(fraud screening policy)" for "policy"; "(sku X)" for "sku".
  if (paren) {
    const around = new RegExp(`^(.+?)\\s+${escape(lastWord)}(?:s|ies)?$`, 'i').exec(paren)?.[1] ?? new RegExp(`^${escape(lastWord)}\\s+(.+)$`, 'i').exec(paren)?.[1];
    if (around) return around.trim();
  }
  const source = outputHolding(arg.name, v);
  if (source) return `OUTPUT_FROM_STEP_${source.step}.${source.field}`;
  const fromWith = withClause(description, tool.args.filter((a) => a.required).map((a) => a.name))[arg.name];
  if (fromWith) return fromWith;
  const after = following(name, description);
  if (after && after.split(/\s+/).length <= 4 && !isFunctionWord(after.split(/\s+/)[0].toLowerCase())) return after;
  return undefined;
}

/** Argument readings a tool keeps, by the case they were read for (`PlanView.caseKey`); past this many it forgets them all. */
const CASES_KEPT = 64;

/**
 * What `chosenArguments` read for a tool in a case, with each string it asked the prompt about and
 * the answer: in a prompt of the same case that answers them alike, it reads the same again.
 */
interface ArgumentReading {
  args: Record<string, ArgValue>;
  asked: [string, boolean][];
}

/** The arguments of a call of `tool` for the current substep: required ones, each a value the prompt shows. */
export function callArguments(tool: ShownTool, v: PlanView): Record<string, ArgValue> {
  const readings = toolReading(tool, 'arguments by case', () => new Map<string, ArgumentReading>());
  let reading = readings.get(v.caseKey);
  if (!reading || !reading.asked.every(([needle, had]) => promptHas(v, needle) === had)) {
    const asked: [string, boolean][] = [];
    const args = chosenArguments(tool, v, (needle) => {
      const had = promptHas(v, needle);
      asked.push([needle, had]);
      return had;
    });
    if (readings.size >= CASES_KEPT) readings.clear();
    readings.set(v.caseKey, (reading = { args, asked }));
  }
  const args = { ...reading.args };
  for (const arg of tool.args) {
    let value = args[arg.name];
    if (value === undefined) continue;
    if ((arg.type === 'number' || arg.type === 'integer') && /^-?\d+(\.\d+)?$/.test(String(value))) value = args[arg.name] = Number(value);
    // Only values the prompt shows (references count through their step and field).
    const reference = /^OUTPUT_FROM_STEP_(\S+)\.(\w+)$/.exec(String(value));
    const shown = reference ? promptHas(v, reference[1]) && promptHas(v, reference[2].toLowerCase()) : promptHas(v, String(value).toLowerCase());
    if (!shown) delete args[arg.name];
  }
  return args;
}

/** The arguments a reader picks for `tool` from the case (the substep, the query, the plan, earlier outputs), before checking that the prompt shows each. */
function chosenArguments(tool: ShownTool, v: PlanView, has: (needle: string) => boolean): Record<string, ArgValue> {
  const args: Record<string, ArgValue> = {};
  const required = tool.args.filter((a) => a.required);
  for (const arg of required) {
    const value = argumentValue(tool, arg, v, args, has);
    if (value !== undefined && value !== '') args[arg.name] = value;
  }
  // One parameter left and one parenthetical the substep writes: that is its value.
  const left = required.filter((a) => !(a.name in args));
  const paren = /\(([^()]*)\)\s*$/.exec(v.current?.description ?? '')?.[1]?.trim();
  const parenLabel = paren && /^([^:]+):/.exec(paren)?.[1].trim().toLowerCase();
  if (left.length === 1 && paren && (!parenLabel || parenLabel === label(left[0].name)) && !Object.values(args).some((value) => String(value).includes(paren))) args[left[0].name] = unquoted(paren.replace(/^[^:]+:\s*/, ''));
  // An optional parameter is given only a value the text plainly writes for it: labelled with its words, or one its doc lists.
  const description = v.current?.description ?? '';
  const optional = tool.args.filter((a) => !a.required);
  for (const arg of optional) {
    const value = labelled(label(arg.name), description) ?? writtenListedValue(arg, description);
    if (value) args[arg.name] = value;
  }
  // One identifier parameter left (required or optional) and an earlier output identifier whose record the substep names: that is its value.
  const idsLeft = tool.args.filter((a) => isIdParam(a) && !(a.name in args));
  const named = idsLeft.length === 1 ? namedOutput(v) : undefined;
  if (named && !Object.values(args).some((value) => String(value).endsWith(`.${named.field}`))) args[idsLeft[0].name] = `OUTPUT_FROM_STEP_${named.step}.${named.field}`;
  // Two parameters of one call name two things: where the one named for a role (covering_provider_id)
  // and the plain one (provider_id) got the same value, the plain one takes the identifier of its
  // shape the substep or the query writes ("PRV-0219 is off sick": the provider covered).
  for (const arg of tool.args) {
    const role = tool.args.find((other) => other !== arg && other.name.endsWith(`_${arg.name}`) && args[other.name] !== undefined && args[other.name] === args[arg.name]);
    if (!role || !isIdParam(arg) || !docPrefix(arg.doc)) continue;
    const own = shownIdentifier(arg, v.current?.description ?? '') ?? shownIdentifier(arg, v.query);
    if (own && own !== args[role.name]) args[arg.name] = own;
  }
  return args;
}

/** A text that is one quotation, without its quote marks ("('confirm the dose')" writes the value "confirm the dose"). */
function unquoted(text: string): string {
  return (WHOLLY_QUOTED.exec(text.trim()) ?? /^"([^"]+)"$/.exec(text.trim()))?.[1] ?? text;
}

/** Text values written in the query and the substep: parentheticals, e-mails, codes, dates and quoted strings, in order. */
export function writtenValues(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\(([^()]+)\)/g)].map((m) => ({ at: m.index!, value: unquoted(m[1].replace(/^[^:]+:\s*/, '')) })),
    ...[...text.matchAll(new RegExp(EMAIL, 'g'))].map((m) => ({ at: m.index!, value: m[0] })),
    ...[...text.matchAll(CODE)].map((m) => ({ at: m.index!, value: m[0] })),
    ...[...text.matchAll(DATE)].map((m) => ({ at: m.index!, value: m[0] })),
    ...[...text.matchAll(QUOTED)].filter((m) => m[1].length >= 2 && m[1].length <= 60).map((m) => ({ at: m.index!, value: m[1] })),
  ];
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.value.trim()))];
}
