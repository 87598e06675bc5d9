import type { Action, ArgValue } from '../../types';
import type { ChatMessage } from '../../llm/language-model';
import type { Advice, Advisor, AdvisorInput } from '../../llm/advisor';
import { promptText } from '../../llm/advisor';
import { looksLikeFailure } from '../../llm/failure-signals';
import { boundedCache, moduleCache } from '../../caches';

/**
 * The academic environment's observable advisor (docs/simulated-model.md): it reads the question and the
 * observations of a prompt, never the graph, and does what a careful reader of the tool docs would:
 * load the graph the question is about, run the one check whose result answers it, then finish with
 * the value that check showed (quoted, counted, intersected or compared; nothing else).
 */

/** One call the transcript shows, with the observation it got. */
interface Step {
  tool: string;
  args: Record<string, unknown>;
  observation: string;
  failed: boolean;
  /** The observation read as a Python literal (the tools print results that way), if it is one. */
  value: unknown;
}

type Args = Record<string, ArgValue>;
/** Thrown inside a plan when the next call is known; caught by `advise`. */
class Next {
  constructor(readonly call: Action, readonly reason: string) {}
}

// ---- Reading the prompt -------------------------------------------------------------------

/** The question: the first observation repeats it; the instruction's goal line is the fallback. */
function readGoal(messages: ChatMessage[]): string | undefined {
  for (const message of messages) {
    const question = /^Question:\s*(.+)$/m.exec(message.content);
    if (message.role !== 'system' && question) return question[1].trim();
  }
  const goal = /(?:Your goal is to|User query):\s*(.+)/.exec(promptText(messages));
  return goal?.[1].trim();
}

/** The action an assistant turn wrote: its last `Action:` line, `name with Action Input: {json}`. */
function readAction(text: string): { tool: string; args: Record<string, unknown> } | undefined {
  const start = text.lastIndexOf('Action:');
  if (start < 0) return undefined;
  const line = text.slice(start + 'Action:'.length).trim();
  const tool = /^[\w-]+/.exec(line)?.[0];
  if (!tool) return undefined;
  const json = line.slice(line.indexOf('{'), line.lastIndexOf('}') + 1);
  try {
    const args = json ? JSON.parse(json) : {};
    return { tool, args: args && typeof args === 'object' ? args : {} };
  } catch {
    return { tool, args: {} };
  }
}

/**
 * Steps by the assistant turn's text, then the observation's: a transcript grows by a turn per call
 * and each turn is read again every call; a step is a pure function of the two texts (only read).
 */
const stepCache = moduleCache('envs/academic/academic-advisor: steps by call, then answer', boundedCache<string, Map<string, Step | null>>(20_000));

function readStep(call: string, answer: string): Step | null {
  let byAnswer = stepCache.get(call);
  if (byAnswer?.has(answer)) return byAnswer.get(answer)!;
  const action = readAction(call);
  const observation = answer.replace(/^\s*Observation:\s*/, '').trim();
  const step = action ? { ...action, observation, failed: looksLikeFailure(observation), value: pythonLiteral(observation) } : null;
  if (!byAnswer) stepCache.set(call, (byAnswer = new Map()));
  byAnswer.set(answer, step);
  return step;
}

/** The calls the transcript shows, each with the observation that followed it. */
function readSteps(messages: ChatMessage[]): Step[] {
  const steps: Step[] = [];
  messages.forEach((message, index) => {
    const next = messages[index + 1];
    if (message.role !== 'assistant' || next?.role !== 'user') return;
    const step = readStep(message.content, next.content);
    if (step) steps.push(step);
  });
  return steps;
}

/** Reads a Python literal (dict, list, string, number, True/False/None); undefined if it is not one. */
function pythonLiteral(text: string): unknown {
  let at = 0;
  const skip = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const expect = (char: string) => {
    skip();
    if (text[at++] !== char) throw new Error(`expected ${char}`);
  };
  const sequence = <T>(close: string, item: () => T): T[] => {
    const items: T[] = [];
    for (skip(); text[at] !== close; skip()) {
      items.push(item());
      skip();
      if (text[at] === ',') at++;
      else if (text[at] !== close) throw new Error('expected a comma');
    }
    at++;
    return items;
  };
  const value = (): unknown => {
    skip();
    const char = text[at];
    if (char === '[') {
      at++;
      return sequence(']', value);
    }
    if (char === '{') {
      at++;
      const entry = (): [unknown, unknown] => {
        const key = value();
        expect(':');
        return [key, value()];
      };
      return Object.fromEntries(sequence('}', entry));
    }
    if (char === "'" || char === '"') {
      let out = '';
      for (at++; text[at] !== char; at++) {
        if (at >= text.length) throw new Error('unterminated text');
        out += text[at] === '\\' ? text[++at] : text[at];
      }
      at++;
      return out;
    }
    const word = /^(?:True|False|None|-?\d+(?:\.\d+)?)/.exec(text.slice(at))?.[0];
    if (!word) throw new Error('not a literal');
    at += word.length;
    return word === 'True' ? true : word === 'False' ? false : word === 'None' ? null : Number(word);
  };
  try {
    const result = value();
    skip();
    return at === text.length ? result : undefined;
  } catch {
    return undefined;
  }
}

// ---- Reading the question -------------------------------------------------------------------

/** The kinds of question a reader recognises, with the titles (quoted) and names it mentions. */
interface Question {
  kind: string;
  /** Paper titles, as the goal quotes them. */
  titles: string[];
  /** Author names, as the goal writes them. */
  names: string[];
}

/** Question wordings, most specific first: a title is quoted, a name is not. */
const WORDINGS: [string, RegExp, 'titles' | 'names'][] = [
  ['cites', /does the paper "(.+?)" cite the paper "(.+?)"/i, 'titles'],
  ['first-author-org', /organi[sz]ation is the first author of the paper "(.+?)"/i, 'titles'],
  ['reference-count', /how many papers (?:in PaperNet )?does the paper "(.+?)" cite/i, 'titles'],
  ['year', /(?:when|what year|which year) was the paper "(.+?)" published/i, 'titles'],
  ['venue', /venue was the paper "(.+?)" published/i, 'titles'],
  ['citations', /how many citations does the paper "(.+?)" have/i, 'titles'],
  ['authors', /(?:who are the authors of|who wrote) the paper "(.+?)"/i, 'titles'],
  ['most-cited-joint', /papers that (.+?) and (.+?) wrote together, which one has the most citations/i, 'names'],
  ['coauthored', /which papers did (.+?) and (.+?) write together/i, 'names'],
  ['common-collaborators', /common collaborators of (.+?) and (.+?)\?/i, 'names'],
  ['collaborators', /who are the collaborators of (.+?)\?/i, 'names'],
  ['organisation', /which organi[sz]ation is (.+?) affiliated with/i, 'names'],
  ['paper-count', /how many papers did (.+?) write/i, 'names'],
];

function readQuestion(goal: string): Question | undefined {
  for (const [kind, pattern, slot] of WORDINGS) {
    const match = pattern.exec(goal);
    if (match) return { kind, titles: [], names: [], [slot]: match.slice(1).map((text) => text.trim()) };
  }
  return undefined;
}

// ---- Planning -------------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** What the transcript established, with `load` and `check` throwing the call still needed. */
class Transcript {
  constructor(readonly steps: Step[]) {}

  load(graph: 'PaperNet' | 'AuthorNet'): void {
    const loaded = new RegExp(`\\b${graph} is loaded`, 'i');
    if (this.steps.some((step) => !step.failed && loaded.test(step.observation))) return;
    throw new Next({ tool: `load${graph}`, args: {} }, `${graph} must be loaded before it can be checked.`);
  }

  /** The result a successful call of `tool` with `args` showed (an edge's ends in either order). */
  check(tool: string, args: Args, why: string): unknown {
    const keys = Object.keys(args);
    const swapped: Args = 'node1' in args ? { node1: args.node2, node2: args.node1 } : args;
    const matches = (step: Step) => step.tool === tool && [args, swapped].some((want) => keys.every((key) => same(step.args[key], want[key])));
    const calls = this.steps.filter(matches);
    const shown = [...calls].reverse().find((step) => !step.failed);
    if (shown) return shown.value ?? shown.observation;
    // The same call failed and nothing has succeeded since (no graph loaded, no tool made usable): repeating it would fail again.
    const lastTry = calls.length ? this.steps.lastIndexOf(calls[calls.length - 1]) : -1;
    if (lastTry >= 0 && !this.steps.slice(lastTry + 1).some((step) => !step.failed)) throw new Error(`${tool} failed on these arguments`);
    throw new Next({ tool, args }, why);
  }

  paper(title: string): unknown {
    this.load('PaperNet');
    return this.check('paperNodeCheck', { node: title }, `The attributes of "${title}" should answer this.`);
  }

  author(name: string): unknown {
    this.load('AuthorNet');
    return this.check('authorNodeCheck', { node: name }, `The attributes of ${name} should answer this.`);
  }

  neighbours(graph: 'PaperNet' | 'AuthorNet', node: string): string[] {
    this.load(graph);
    return list(this.check('neighbourCheck', { graph, node }, `The neighbours of ${node} in ${graph} should answer this.`));
  }

  jointPapers(a: string, b: string): string[] {
    this.load('AuthorNet');
    const papers = list(field(this.check('authorEdgeCheck', { node1: a, node2: b }, `The edge between ${a} and ${b} lists their joint papers.`), 'collaborative_papers'));
    if (papers.length === 0) throw new Error('no joint papers shown');
    return papers;
  }
}

const answer = (value: unknown, reason: string): Next => {
  // An answer only from a value an observation showed.
  if (value === undefined || value === null) throw new Error('the value asked for is not shown');
  return new Next({ tool: 'finish', args: { answer: Array.isArray(value) ? value.join(', ') : String(value) } }, reason);
};

/** Throws the next call for the question; every answer comes from an observation's values. */
function plan(question: Question, t: Transcript): never {
  const [title, other] = question.titles;
  const [name, second] = question.names;
  switch (question.kind) {
    case 'year':
    case 'venue':
    case 'citations': {
      const key = { year: 'year', venue: 'venue', citations: 'n_citation' }[question.kind];
      throw answer(field(t.paper(title), key), `The paper's attributes show its ${key}.`);
    }
    case 'authors':
      throw answer(list(field(t.paper(title), 'authors')), 'The paper\'s attributes list its authors.');
    case 'organisation':
      throw answer(field(t.author(name), 'org'), `The attributes of ${name} show the organisation.`);
    case 'paper-count':
      throw answer(list(field(t.author(name), 'papers')).length, `I count the papers listed for ${name}.`);
    case 'collaborators':
      throw answer(t.neighbours('AuthorNet', name), `The neighbours of ${name} in AuthorNet are the collaborators.`);
    case 'common-collaborators': {
      const theirs = t.neighbours('AuthorNet', second);
      const common = t.neighbours('AuthorNet', name).filter((person) => theirs.some((x) => same(x, person)));
      if (common.length === 0) throw new Error('no common collaborator shown');
      throw answer(common, 'These names appear in both neighbour lists.');
    }
    case 'reference-count':
      throw answer(t.neighbours('PaperNet', title).length, 'I count the papers it cites.');
    case 'coauthored':
      throw answer(t.jointPapers(name, second), 'The edge lists their joint papers.');
    case 'cites': {
      t.load('PaperNet');
      const edge = t.check('paperEdgeCheck', { node1: title, node2: other }, 'The edge between the two papers tells which cites which.');
      throw answer(same(field(edge, 'citing_paper'), title) && same(field(edge, 'cited_paper'), other) ? 'yes' : 'no', 'The edge check tells the direction.');
    }
    case 'first-author-org': {
      const first = list(field(t.paper(title), 'authors'))[0];
      if (!first) throw new Error('no authors shown');
      throw answer(field(t.author(first), 'org'), `${first} is the first author; the attributes show the organisation.`);
    }
    case 'most-cited-joint': {
      const papers = t.jointPapers(name, second);
      const counts = papers.map((paper) => Number(field(t.paper(paper), 'n_citation')));
      throw answer(papers[counts.indexOf(Math.max(...counts))], 'That joint paper has the most citations.');
    }
  }
  throw new Error(`no plan for ${question.kind}`);
}

// ---- The advisor ----------------------------------------------------------------------------

/** Every value the transcript shows, read from the goal and the results. */
function shownValues(input: AdvisorInput): { titles: string[]; names: string[]; answers: ArgValue[] } {
  const goal = readGoal(input.messages) ?? '';
  const question = readQuestion(goal);
  const titles = [...(question?.titles ?? []), ...[...goal.matchAll(/"([^"]+)"/g)].map((m) => m[1])];
  const names = [...(question?.names ?? [])];
  const answers: ArgValue[] = /yes or no/i.test(goal) ? ['yes', 'no'] : [];
  for (const step of readSteps(input.messages).filter((s) => !s.failed)) {
    const v = step.value;
    if (step.tool === 'neighbourCheck') (same(step.args.graph, 'PaperNet') ? titles : names).push(...list(v));
    titles.push(...list(field(v, 'papers')), ...list(field(v, 'collaborative_papers')));
    for (const key of ['citing_paper', 'cited_paper']) if (typeof field(v, key) === 'string') titles.push(field(v, key) as string);
    names.push(...list(field(v, 'authors')), ...(typeof field(v, 'name') === 'string' ? [field(v, 'name') as string] : []));
    for (const key of ['year', 'venue', 'n_citation', 'org', 'doc_type']) {
      const value = field(v, key);
      if (typeof value === 'string' || typeof value === 'number') answers.push(value);
    }
  }
  return { titles, names, answers };
}

/** Distinct values (case-insensitive) that occur verbatim in the prompt. */
function inPrompt(input: AdvisorInput, values: ArgValue[]): ArgValue[] {
  const text = promptText(input.messages).toLowerCase();
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = String(value).toLowerCase();
    if (seen.has(key) || !text.includes(key)) return false;
    seen.add(key);
    return true;
  });
}

export const academicAdvisor: Advisor = {
  env: 'academic',
  // The first observation, or the two graph loaders in a tool listing.
  recognizes: (text) => /academic database tools are ready/.test(text) || (/\bloadPaperNet\b/.test(text) && /\bloadAuthorNet\b/.test(text)),

  advise(input: AdvisorInput): Advice {
    const goal = readGoal(input.messages);
    const question = goal ? readQuestion(goal) : undefined;
    if (!question) return { calls: [], reason: 'The question is not one I know how to look up.' };
    try {
      plan(question, new Transcript(readSteps(input.messages)));
    } catch (outcome) {
      if (!(outcome instanceof Next)) return { calls: [], reason: 'A check I need failed, and the text offers no other way.' };
      const offered = input.options.some((option) => option.name === outcome.call.tool);
      return offered ? { calls: [outcome.call], reason: outcome.reason } : { calls: [], reason: `${outcome.call.tool} is not offered.` };
    }
    return { calls: [] };
  },

  values(input: AdvisorInput, tool: string, param: string): ArgValue[] {
    if (param === 'graph') return inPrompt(input, ['PaperNet', 'AuthorNet']);
    if (param === 'tool_name') return input.options.map((option) => option.name).filter((name) => name !== 'tool_register');
    const { titles, names, answers } = shownValues(input);
    if (param === 'answer') return inPrompt(input, [...answers, ...names, ...titles]);
    if (/^paper/.test(tool)) return inPrompt(input, titles);
    if (/^author/.test(tool)) return inPrompt(input, names);
    return inPrompt(input, [...titles, ...names]);
  },
};
