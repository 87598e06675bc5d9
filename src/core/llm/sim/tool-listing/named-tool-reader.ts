import type { ArgValue } from '../../../types';
import type { Advice, AdvisorInput } from '../../advisor';
import { namedTools, queryText, readQuery, transcript, type Step, type Tool } from './named-tools';
import { stem, words } from './words';

/**
 * The tool-listing reader for named tools with JSON arguments (docs/simulated-model.md). A query names the
 * entity (`the city "Lisbon"`), often the API provider, and the facts it wants. A sensible reader
 * first calls the lookup-by-name tool of that entity (a search precedes a lookup), reads the id from
 * its output, then calls, for each fact, the endpoint whose shown doc (a bare name under EcoAct) fits
 * it best, with the id (output fields flow into same-named inputs) and the values the query gives,
 * and finishes with the output field the query asks to answer with. Tools worded alike that the text
 * cannot tell apart (two providers' twins when the query names neither) are all advised.
 */

const isLookup = (t: Tool) => t.nameWords.includes('search') || t.nameWords.includes('lookup');

/** How well a tool's shown text fits some words: name words count most, then doc words. */
function fit(tool: Tool, want: string[]): number {
  let score = 0;
  for (const w of new Set(want)) {
    if (tool.nameWords.includes(w)) score += 2;
    else if (tool.docWords.includes(w)) score += 1;
  }
  return score;
}

/** The best-fitting tools, all of them when tied: near-duplicates the text cannot tell apart. */
function best(tools: Tool[], score: (t: Tool) => number, floor: number): Tool[] {
  const scored = tools.map((t) => ({ t, s: score(t) })).filter((x) => x.s >= floor);
  const top = Math.max(...scored.map((x) => x.s));
  return scored.filter((x) => x.s >= top - 1e-9).map((x) => x.t);
}

/** A value the fact's wording gives for a parameter, judged by the parameter's name or the phrase's shape. */
function factValue(param: string, fact: string): ArgValue | undefined {
  const p = param.toLowerCase();
  const date = /\b\d{4}-\d{2}-\d{2}\b/.exec(fact)?.[0];
  if (/date/.test(p)) return date;
  if (/country/.test(p)) return /country\s+([A-Z]{2})\b/.exec(fact)?.[1] ?? /\b([A-Z]{2})\b/.exec(fact)?.[1];
  if (/currency/.test(p)) return /\b([A-Z]{3})\b/.exec(fact)?.[1];
  if (/year/.test(p)) return numberOf(/\b((?:19|20)\d{2})\b/.exec(fact.replace(/\d{4}-\d{2}-\d{2}/g, ''))?.[1]);
  if (/day/.test(p)) return numberOf(/(\d+)\s+days?/.exec(fact)?.[1]);
  if (/limit|top|count/.test(p)) return numberOf(/top\s+(\d+)/i.exec(fact)?.[1]);
  return undefined;
}

const numberOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** The parameters a fact's phrase supplies, by its shape, for a tool whose doc is not shown. */
function phraseParams(fact: string): string[] {
  const names: string[] = [];
  if (/\b\d{4}-\d{2}-\d{2}\b/.test(fact)) names.push('date');
  if (/country\s+[A-Z]{2}\b/.test(fact)) names.push('country');
  else if (/\bin\s+[A-Z]{3}\b/.test(fact)) names.push('currency');
  if (/\bfor\s+(?:19|20)\d{2}\b/.test(fact)) names.push('year');
  if (/\d+\s+days?\b/.test(fact)) names.push('days');
  if (/top\s+\d+/i.test(fact)) names.push('limit');
  return names;
}

/** The id-like fields of the lookup outputs (`location_id`, `symbol`), newest first. */
function idFields(steps: Step[]): [string, ArgValue][] {
  const fields: [string, ArgValue][] = [];
  for (const step of [...steps].reverse()) {
    if (!step.ok || !step.output) continue;
    for (const [key, value] of Object.entries(step.output)) {
      if ((typeof value === 'string' || typeof value === 'number') && !/^(name|source|match_count|message)$/.test(key)) fields.push([key, value]);
    }
  }
  return fields;
}

function argsFor(tool: Tool, fact: string, steps: Step[]): Record<string, ArgValue> | undefined {
  const fields = idFields(steps);
  const args: Record<string, ArgValue> = {};
  if (tool.required) {
    for (const param of tool.required) {
      const value = fields.find(([key]) => key === param)?.[1] ?? factValue(param, fact);
      if (value === undefined) return undefined;
      args[param] = value;
    }
    return args;
  }
  // Known by name only: the id field the lookup returned, and the values the fact's phrase gives.
  const id = fields.find(([key]) => /_id$|^id$|symbol/.test(key));
  if (!id) return undefined;
  args[id[0]] = id[1];
  for (const param of phraseParams(fact)) {
    const value = factValue(param, fact);
    if (value !== undefined) args[param] = value;
  }
  return args;
}

/** The output field that answers the query: the one whose name fits the "Answer with ..." phrase. */
/** The output value whose field is named like `answer` (a shared word or stem), if an observation showed one. */
function namedField(answer: string, steps: Step[]): ArgValue | undefined {
  const want = words(answer);
  const acronym = answer.split(/\s+/).map((w) => w[0]?.toLowerCase()).join('');
  let found: { value: ArgValue; score: number } | undefined;
  for (const step of [...steps].reverse()) {
    if (!step.ok || !step.output) continue;
    for (const [key, value] of Object.entries(step.output)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const parts = key.split('_').map(stem);
      // A shared stem of four letters is a match ("closing" and `close`, "albums" and `album_count`).
      let score = parts.filter((p) => want.some((w) => w === p || (p.length >= 4 && w.length >= 4 && w.slice(0, 4) === p.slice(0, 4)))).length;
      if (/_id$|^id$|^symbol$|^source$|^name$/.test(key)) score = 0;
      if (parts.length === 1 && acronym.startsWith(parts[0])) score += 1;
      if (!found || score > found.score) found = { value, score };
    }
  }
  return found && found.score > 0 ? found.value : undefined;
}

function answerOf(answer: string, steps: Step[]): ArgValue | undefined {
  const named = namedField(answer, steps);
  if (named !== undefined) return named;
  // No field is named like the question: the newest output's own value (not its id or source).
  const last = [...steps].reverse().find((s) => s.ok && s.output)?.output ?? {};
  return Object.entries(last).find(([key, v]) => !/_id$|^id$|^symbol$|^source$|^name$|count$/.test(key) && (typeof v === 'string' || typeof v === 'number'))?.[1] as ArgValue | undefined;
}

/** The next call for a query over a listing of named tools. */
export function adviseNamedTools({ messages, options }: AdvisorInput): Advice {
  const query = queryText(messages);
  const tools = namedTools(options);
  if (!query || tools.length === 0) return { calls: [] };
  const q = readQuery(query, tools);
  const steps = transcript(messages);
  const failed = (tool: string, args: Record<string, ArgValue>) =>
    steps.some((s) => !s.ok && s.action.tool === tool && JSON.stringify(s.action.args) === JSON.stringify(args));
  const made = (tool: string) => steps.some((s) => s.ok && s.action.tool === tool);
  // Stay with the provider the query names, else with the one whose lookup answered.
  const lookedUp = steps.find((s) => s.ok && tools.some((t) => t.name === s.action.tool && isLookup(t)));
  const provider = q.provider ?? (lookedUp ? lookedUp.action.tool.split('_')[0].toLowerCase() : undefined);
  const ours = (t: Tool) => !provider || t.provider === provider;
  const calls = (chosen: Tool[], args: (t: Tool) => Record<string, ArgValue> | undefined) =>
    chosen.map((t) => ({ t, args: args(t) })).filter((c): c is { t: Tool; args: Record<string, ArgValue> } => !!c.args && !failed(c.t.name, c.args)).map((c) => ({ tool: c.t.name, args: c.args }));

  // 1. The lookup by name, for the kind of thing the query names.
  if (!lookedUp && q.entity) {
    const lookups = tools.filter((t) => isLookup(t) && ours(t));
    const chosen = best(lookups, (t) => fit(t, [...words(q.kind ?? ''), 'search']) + (t.nameWords.includes(stem(q.kind ?? '')) ? 3 : 0), 2);
    const advice = calls(chosen, (t) => (t.required && t.required.length > 1 ? undefined : { [t.required?.[0] ?? 'query']: q.entity! }));
    if (advice.length) return { calls: advice, reason: `First look up the ${q.kind ?? 'entity'} "${q.entity}" by name to get its id.` };
  }

  // 2. For each fact asked for, the endpoint that returns it, with the id and the fact's values.
  if (lookedUp) {
    const domain = tools.filter((t) => !isLookup(t) && ours(t));
    const used = new Set<string>(); // one endpoint per fact: a tool that answered one fact is not another's
    for (const fact of q.facts) {
      // The entity's kind ("team", "hotel") is in every endpoint's name: it tells nothing apart.
      const want = words(fact).filter((w) => w !== stem(q.kind ?? ''));
      let chosen = best(domain.filter((t) => !used.has(t.name)), (t) => fit(t, want), 1);
      if (chosen.length === 0) {
        // No name or doc says it returns this fact (tools known by name only): unless an output already
        // shows it, try the endpoints of the provider not called yet, as a reader would register a likely one.
        if (namedField(fact, steps) !== undefined) continue;
        chosen = best(domain.filter((t) => !used.has(t.name) && !made(t.name)), (t) => fit(t, want), 0);
      }
      // A fact whose endpoint has answered already needs no further call.
      const answered = chosen.find((t) => made(t.name));
      if (answered) used.add(answered.name);
      if (chosen.length === 0 || answered) continue;
      const advice = calls(chosen, (t) => argsFor(t, fact, steps));
      if (advice.length) return { calls: advice, reason: `The query asks for ${fact}; this endpoint returns it.` };
    }
  }

  // 3. Finish with the field the query asks to answer with.
  const answer = answerOf(q.answer, steps);
  if (answer !== undefined && options.some((o) => o.name === 'finish')) return { calls: [{ tool: 'finish', args: { answer } }], reason: `The outputs give the ${q.answer}.` };
  return { calls: [] };
}

/** Values the prompt shows for `param`: same-named (or id-like) output fields, the entity the query names, values its phrases give. */
export function namedToolValues({ messages }: AdvisorInput, param: string): ArgValue[] {
  const query = queryText(messages);
  const steps = transcript(messages);
  const found = new Set<ArgValue>();
  for (const [key, value] of idFields(steps)) if (key === param || /_id$|symbol/.test(key)) found.add(value);
  const entity = /"([^"]+)"/.exec(query)?.[1];
  if (entity && /query|name/.test(param)) found.add(entity);
  for (const fact of readQuery(query, []).facts) {
    const value = factValue(param, fact);
    if (value !== undefined) found.add(value);
  }
  if (found.size === 0 && entity) found.add(entity);
  return [...found];
}
