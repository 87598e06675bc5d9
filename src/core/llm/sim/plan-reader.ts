import type { ArgValue } from '../../types';
import type { Advice, AdvisorInput } from '../advisor';
import type { ShownOption } from '../language-model';
import type { PlanView, ShownTool } from './plan-prompt-view';
import { planView, promptHas, shownTool, toolReading } from './plan-prompt-view';
import { callArguments, argumentValue, isIdParam, labelledParams, writtenValues } from './plan-arguments';
import { leadStem, PLAN_STATISTICS, type PlanStatistics } from './plan-statistics';
import { contentStems, stem, words } from './word-stems';
import { listingMemo } from './listing-memo';
import { moduleCache, weakCache } from '../../caches';

const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const DATE = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}|[A-Za-z]+\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{1,2}(?:st|nd|rd|th)? [A-Za-z]+,? \d{4})$/;
const CODE = /^(?:[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9-]*\d[A-Za-z0-9]*|[A-Z]\d+(?:\.\d+)+|[A-Z]{2,}\d{3,}|\d{5,})$/;

/**
 * SimLM's reader of plan-of-substeps prompts (docs/simulated-model.md): one general reading for any SLATE-format
 * data, with no table of any data set's content. For the substep asked about it
 * - weighs "no tool" from the no-tool option's own wording in the prompt and from training
 *   statistics of which wording goes with substeps that needed no tool (`plan-statistics.json`);
 * - ranks the candidate tools by how the substep's words (stemmed) meet each tool's name and doc:
 *   the same stem, or a wording stem that training plans link to a name stem, weighted by how rare
 *   the stem is among the listed tools; tools within a small margin of the best are near-duplicates
 *   a reader cannot tell apart, and all are advised; a parameter the substep labels with a value
 *   ("(reason: late)", "subject 'Hello'") speaks for the tools that take it;
 * - of near-duplicates where one's doc says it is an alias of another listed one, advises the
 *   one it names (the same operation, documented in full);
 * - prefers, among those, a tool the prompt says was used before for a substep worded alike, and
 *   drops one a reflection names as failed;
 * - fills arguments from values the prompt shows (`plan-arguments.ts`).
 * An environment adapter says which prompts are plan prompts and what its "no tool" option is called.
 */

export interface PlanReaderOptions {
  /** The name of the option that means "this substep needs no tool", as the prompt lists it. */
  noTool: string;
  statistics?: PlanStatistics;
}

/** A score below this share of the best one is not a near-duplicate of it. */
const TWIN_MARGIN = 0.12;
/** What a name word the substep does not speak of costs, against what a matched one earns. */
const UNSAID = 0.15;
/** What a linked name word earns (times its link strength), and a doc word the substep says. */
const LINK = 0.8;
const DOC = 0.35;

interface Listing {
  tools: ShownTool[];
  noTool?: ShownOption;
  /** Inverse document frequency of each stem over the listed tools' names and docs. */
  idf: Map<string, number>;
  /** The tools ranked for a substep's wording, by wording (`rankedFor`). */
  ranked: Map<string, Ranked>;
}

/** The listed tools scored for one wording, best first, and how many of its labelled parameters each takes. */
interface Ranked {
  scored: { tool: ShownTool; score: number }[];
  takes: Map<ShownTool, number>;
}

/** Wordings whose ranking a listing keeps (a task's substeps, over the strategies and retries that show them). */
const RANKED_KEPT = 256;

const listings = moduleCache('llm/sim/plan-reader: listing readings by reader', weakCache<PlanReaderOptions, (options: ShownOption[]) => Listing>());

function listingOf(reader: PlanReaderOptions, options: ShownOption[]): Listing {
  let memo = listings.get(reader);
  if (!memo) listings.set(reader, (memo = listingMemo((o) => readListing(reader, o), { byContent: 2_000 })));
  return memo(options);
}

function readListing(reader: PlanReaderOptions, options: ShownOption[]): Listing {
  const tools = options.filter((o) => o.name !== reader.noTool).map(shownTool);
  const df = new Map<string, number>();
  for (const tool of tools) for (const s of new Set(toolStems(tool).all)) df.set(s, (df.get(s) ?? 0) + 1);
  const n = Math.max(1, tools.length);
  const idf = new Map([...df].map(([s, count]) => [s, Math.log(1 + n / count)]));
  return { tools, noTool: options.find((o) => o.name === reader.noTool), idf, ranked: new Map() };
}

/**
 * The listed tools scored for a substep's wording, best first: by name and doc (`toolScore`), and
 * each parameter the wording labels with a value speaking for the tools that take it, weighing as
 * much as a doc word no other listed tool has. A pure function of the listing and the wording, kept
 * per listing: the same substep is asked about again on retries, samples and by every strategy.
 */
function rankedFor(listing: Listing, description: string, statistics: PlanStatistics): Ranked {
  let found = listing.ranked.get(description);
  if (found) return found;
  const { tools } = listing;
  const stems = wordingStems(description);
  const unique = Math.log(1 + tools.length);
  const takes = new Map(tools.map((tool) => [tool, labelledParams(tool, description).length]));
  const scored = tools.map((tool) => ({ tool, score: toolScore(tool, stems, listing, statistics, description) + DOC * unique * takes.get(tool)! })).sort((a, b) => b.score - a.score);
  if (listing.ranked.size >= RANKED_KEPT) listing.ranked.clear();
  listing.ranked.set(description, (found = { scored, takes }));
  return found;
}

function toolStems(tool: ShownTool): { name: string[]; doc: Set<string>; all: string[] } {
  return toolReading(tool, 'stems', () => {
    const name = [...new Set(contentStems(words(tool.name).join(' ')))];
    const doc = new Set(contentStems(tool.doc));
    return { name, doc, all: [...name, ...doc] };
  });
}

/** Stems of a substep's wording: its words less written values (codes, e-mail addresses, dates, numbers). */
export function wordingStems(text: string): string[] {
  const plain = text
    // What a parenthesis or a label's colon holds is a value, not what the substep does.
    .replace(/\([^)]*\)/g, ' ')
    .replace(/:.*$/, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\b[\w-]*\d[\w-]*\b/g, ' ')
    .replace(/\b(?:Jan(?:uary)?|Feb(?:ruary)?|March|Apr(?:il)?|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b/g, ' ');
  return [...new Set(contentStems(plain))];
}

/** How well a tool's name and doc meet the substep's stems (see the file comment). */
function toolScore(tool: ShownTool, stems: string[], listing: Listing, statistics: PlanStatistics, wording: string): number {
  const { name, doc } = toolStems(tool);
  const phrasal = phrasalVerb(tool);
  const idf = (s: string) => listing.idf.get(s) ?? Math.log(1 + listing.tools.length);
  // A name is read as what it does and what it acts on: each name word the substep says earns its
  // weight; of the words only linked to the substep's wording (training statistics), the best earns
  // in full and the others a little (so that no pile of weak links outweighs the record named);
  // a name word the substep does not speak of costs a little.
  let score = 0;
  const linked: number[] = [];
  for (const n of name) {
    // A phrasal verb's verb counts only with its particle: "check in" is not "check", nor "find out" "find".
    if (stems.includes(n) && !(phrasal && n === phrasal.verb && !particleFollows(wording, phrasal)) && !(n === name[0] && !phrasal && phrasalIn(wording, n))) {
      score += idf(n);
      continue;
    }
    let link = 0;
    for (const s of stems) link = Math.max(link, statistics.links[s]?.[n] ?? 0);
    if (link > 0) linked.push(LINK * link * idf(n));
    else score -= UNSAID * idf(n);
  }
  linked.sort((a, b) => b - a);
  linked.forEach((earned, i) => (score += i === 0 ? earned : 0.25 * earned));
  for (const s of stems) if (doc.has(s) && !name.includes(s)) score += DOC * idf(s);
  return score;
}

/** English verb particles: with one right after its verb, a tool name is a phrasal verb ("check_in_patient", "write_off_balance"). */
const PARTICLES = new Set(['in', 'out', 'up', 'off', 'down', 'back', 'over']);

/** The verb stem and particle of a tool name that opens with a phrasal verb, if it does. */
function phrasalVerb(tool: ShownTool): { verb: string; particle: string } | undefined {
  return toolReading(tool, 'phrasal verb', () => {
    const [verb, particle] = words(tool.name);
    return verb && particle && PARTICLES.has(particle) ? { verb: stem(verb), particle } : undefined;
  });
}

/** Whether the wording writes the phrasal verb's particle within a few words after the verb ("Check her in", "check into"). */
function particleFollows(wording: string, phrasal: { verb: string; particle: string }): boolean {
  const w = words(wording);
  return w.some((word, i) => stem(word) === phrasal.verb && w.slice(i + 1, i + 5).some((next) => next === phrasal.particle || next === `${phrasal.particle}to`));
}

/** Whether the wording uses a tool name's verb as a phrasal verb, its particle right after it ("Find out the state": not "find"). */
function phrasalIn(wording: string, verb: string): boolean {
  const w = words(wording);
  return w.some((word, i) => stem(word) === verb && PARTICLES.has(w[i + 1] ?? ''));
}

/** Log-odds that a substep needs no tool: training statistics of its wording, and the no-tool option's own wording. */
function noToolOdds(description: string, listing: Listing, statistics: PlanStatistics): number {
  const { tool, none } = statistics.substeps;
  // The verb that leads the substep says what it does ("Note the reason", "Decide whether ..."): how
  // often training substeps it led needed no tool decides; a word never seen leading one says nothing.
  // (Counting every stem let a template's other words speak: "warning signs" in "Note any warning
  // signs" made "Sign the note" and "Progress note ..." read as reasoning.)
  let odds = Math.log((none + 1) / (tool + 1));
  const ratio = (counts: [number, number]) => Math.log(((counts[1] + 0.5) / (none + 1)) / ((counts[0] + 0.5) / (tool + 1)));
  const lead = leadStem(description, wordingStems);
  const led = lead ? statistics.leads?.[lead] : undefined;
  if (led) odds += ratio(led);
  if (listing.noTool) {
    // The prompt says what a no-tool substep is (reasoning, deciding, confirming, ...): its main verb saying so counts.
    const said = new Set(contentStems(listing.noTool.shown.replace(/^\[\d+\]\s*/, '').replace(/^[\w]+:\s*/, '')));
    const verb = contentStems(description.split(/[,;:(]/)[0]).slice(0, 2);
    if (verb.some((s) => said.has(s))) odds += 2;
  }
  // A substep that opens with the verb a listed tool's name opens with ("Record ...", record_vital_signs) reads as that call.
  const first = contentStems(description.split(/[,;:(]/)[0])[0];
  if (first && listing.tools.some((tool) => toolStems(tool).name[0] === first)) odds -= 2;
  return odds;
}

/** The required non-identifier parameters of `tool` the prompt shows no value for. */
function unfilled(tool: ShownTool, v: PlanView): string[] {
  const args = callArguments(tool, v);
  return tool.args.filter((a) => a.required && !isIdParam(a) && !(a.name in args)).map((a) => a.name);
}

/** The tool a doc says this one is an alias of ("... (alias of reschedule_appointment)"), if it says so. */
function aliasOf(tool: ShownTool): string | undefined {
  return toolReading(tool, 'alias of', () => /\balias of ([A-Za-z_][\w.]*)/.exec(tool.doc)?.[1]);
}

/** Quoted phrases of three words or more that a tool's listing line shows (what the prompt says it was used for). */
function usedFor(option: ShownOption | undefined, tool: ShownTool): string[] {
  if (!option) return [];
  const extra = option.shown.slice(option.shown.indexOf(tool.doc) + tool.doc.length);
  return [...extra.matchAll(/"([^"]+)"/g)].map((m) => m[1]).filter((p) => p.trim().split(/\s+/).length >= 3);
}

/**
 * How clearly the prompt answers a substep, as a multiplier of the weight the pick earns in SimLM's
 * logits: the reader's odds that its pick beats the best tool outside it. Its scores are sums of
 * inverse document frequencies, log odds of a word's rarity among the listed tools, so their
 * difference reads as log odds and its logistic as a probability. Divided by the mean of that
 * probability over the training substeps (`PlanStatistics.clarity`), so a typical training prompt
 * weighs 1 and the calibrated competence keeps its meaning; a substep whose wording names one tool
 * plainly weighs more, one that two tools fit nearly as well weighs less.
 */
export function pickConfidence(margin: number, clarity: number): number {
  return 1 / (1 + Math.exp(-margin)) / clarity;
}

/** The reader's advice for a plan prompt; `margin` is its pick's lead over the next tool (see `pickConfidence`). */
export function advisePlan(reader: PlanReaderOptions, input: AdvisorInput): Advice & { margin?: number } {
  const statistics = reader.statistics ?? PLAN_STATISTICS;
  const v = planView(input.messages);
  const listing = listingOf(reader, input.options);
  const { tools } = listing;
  // Arguments only (the tool is already chosen).
  if (!listing.noTool && tools.length === 1) return { calls: [{ tool: tools[0].name, args: callArguments(tools[0], v) }], reason: 'The tool is given; I fill its arguments from the substep, the query and earlier outputs.' };
  if (!v.current) return { calls: [] };
  const description = v.current.description;
  // The prompt asks for the tool of its current substep: that, with the step it is part of, is what a
  // model weighs the listed tools against, not the whole query, whose other operations are other substeps'.
  const asked = `Substep ${v.current.step}: ${description}${v.current.goal ? ` (part of: ${v.current.goal})` : ''}`;
  const stems = wordingStems(description);
  // A labelled value names a parameter of the tool meant: each one a tool takes speaks for it.
  // Each weighs as much as a doc word no other listed tool has; among near-duplicates it decides (below).
  const unique = Math.log(1 + tools.length);
  const ranked = rankedFor(listing, description, statistics);
  const labelledBy = ranked.takes;
  // A tool needs values for its required parameters: one whose content (a text, a reason, a type: not an
  // identifier, which earlier outputs hold) the prompt shows nowhere is one the substep does not mean.
  // Weighed for the leading tools only, as much as a labelled value (on copies: this reads the prompt).
  const scored = ranked.scored.map((entry) => ({ ...entry }));
  for (const entry of scored.slice(0, 6)) entry.score -= DOC * unique * unfilled(entry.tool, v).length;
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  const odds = noToolOdds(description, listing, statistics);
  if (listing.noTool && (odds > 0 || best <= 0)) {
    return { calls: [{ tool: reader.noTool, args: {} }], asked, reason: `"${description}" reads as reasoning on what is already known, so no tool is needed.` };
  }
  if (best <= 0) return { calls: [], asked };
  let chosen = scored.filter((s) => s.score >= best - TWIN_MARGIN * best).map((s) => s.tool);
  // How far the pick stands from the best tool outside the ones it cannot tell apart (see `pickConfidence`).
  const margin = best - (scored[chosen.length]?.score ?? 0);
  // A twin used before for a substep worded alike tells twins apart; one a reflection names as failed is dropped.
  // (Alike: the reader would pick that twin for the earlier wording about as surely as for this one.)
  const used = chosen.filter((t) => {
    const here = toolScore(t, stems, listing, statistics, description);
    return usedFor(input.options.find((o) => o.name === t.name), t).some((phrase) => toolScore(t, wordingStems(phrase), listing, statistics, phrase) >= 0.5 * here);
  });
  if (used.length) chosen = used;
  // Of near-duplicates, those that take the most of the parameters the substep labels with a value.
  const takes = chosen.map((t) => labelledBy.get(t)!);
  const most = Math.max(0, ...takes);
  if (most > 0) chosen = chosen.filter((_, i) => takes[i] === most);
  // A tool whose doc says it is an alias of another one advised with it: the one it names is that operation.
  const canonical = chosen.filter((t) => !chosen.some((other) => other !== t && aliasOf(t) === other.name));
  if (canonical.length) chosen = canonical;
  const blamed = chosen.filter((t) => v.reflections.includes(`${t.name} with`));
  if (blamed.length && blamed.length < chosen.length) chosen = chosen.filter((t) => !blamed.includes(t));
  return {
    calls: chosen.map((t) => ({ tool: t.name, args: callArguments(t, v) })),
    margin,
    asked,
    ...(statistics.clarity ? { confidence: pickConfidence(margin, statistics.clarity) } : {}),
    reason: `Substep ${v.current.step} says "${description}"; ${chosen.map((t) => t.name).join(' / ')} ${chosen.length > 1 ? 'fit equally' : 'fits'} by name and description.`,
  };
}

/** Values the prompt shows for `param` of `tool`: the reader's own pick, outputs that hold it, and written values. */
export function planValues(input: AdvisorInput, toolName: string, param: string): ArgValue[] {
  const v = planView(input.messages);
  const option = input.options.find((o) => o.name === toolName);
  const tool = option ? shownTool(option) : { name: toolName, doc: '', args: [], memo: new Map() };
  const arg = tool.args.find((a) => a.name === param) ?? { name: param, type: 'string', required: true, doc: '' };
  const out = new Set<ArgValue>();
  const own = argumentValue(tool, arg, v);
  if (own !== undefined && own !== '') out.add(own);
  // Written values of the parameter's kind: identifiers for an identifier, dates for a date,
  // addresses for an address, and the other written values for the rest.
  const written = v.read('written values', () => writtenValues(`${v.query} ${v.current?.description ?? ''}`));
  const kind = (value: string) => (EMAIL.test(value) ? 'email' : DATE.test(value) ? 'date' : CODE.test(value) ? 'id' : 'text');
  const wanted = isIdParam(arg) ? 'id' : /e-?mail|recipient/.test(param) ? 'email' : /date|day/.test(param) ? 'date' : 'text';
  if (isIdParam(arg)) {
    for (const e of v.history ?? []) {
      const value = e.output?.[param];
      if (value === undefined || value === null) continue;
      out.add(`OUTPUT_FROM_STEP_${e.step}.${param}`);
      if (typeof value === 'string' || typeof value === 'number') out.add(value);
    }
  }
  for (const value of written) if (kind(value) === wanted) out.add(value);
  return [...out].filter((value) => (/^OUTPUT_FROM_STEP_/.test(String(value)) ? true : promptHas(v, String(value).toLowerCase())));
}

/** Whether a prompt shows a plan with a substep asked about (the shape this reader reads). */
export function showsPlan(text: string): boolean {
  return /\nPlan:\n\d+(?:\.\d+)+ /.test(text);
}
