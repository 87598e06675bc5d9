import type { Action, ArgValue, Environment, StepResult, Task, Tool } from '../../types';
import type { RestParam, RestTool } from './openapi-tools';
import type { RestQueryData } from './dataset';
import { ConfigError } from '../../errors';
import { hashSeed } from '../../rng';
import { fill } from './output-shape';
import { fillError } from './spec-values';
import { kindOfWord, nameWords } from './spec-kinds';

const FINISH: Tool = {
  name: 'finish',
  description: 'Finish when the request is done, with a short answer for the user.',
  arguments: { properties: { answer: { type: 'string', description: 'what was done or found' } }, required: ['answer'] },
};

/** An id as the simulated API issues it, e.g. `album_3f9a1c2b`: the kind it is of, then a hash. */
const makeId = (kind: string, ...parts: (string | number)[]) => `${kind}_${hashSeed(...parts).toString(16).padStart(8, '0')}`;

/** An id written as a URI (`spotify:track:3f9a…`) is the id after the prefix. */
const bareId = (value: string) => value.trim().replace(/^\w+:\w+:/, '');

/** The words and values a request gives: tokens as typed (`octocat/Hello-World`, `#314`, `v2.3.0`), their parts, and quoted phrases. */
export function requestValues(goal: string): Set<string> {
  const values = new Set<string>();
  for (const m of goal.matchAll(/["'‘“]([^"'’”]+)["'’”]/g)) values.add(m[1].trim().toLowerCase());
  for (const raw of goal.split(/\s+/)) {
    const token = raw.replace(/^[^\w#@]+|[^\w]+$/g, '').replace(/'s$/, '');
    if (!token) continue;
    values.add(token.toLowerCase());
    for (const part of token.split(/[/#@]+/)) if (part) values.add(part.toLowerCase());
  }
  return values;
}

/**
 * A RestBench query against a simulated REST API built from its OpenAPI spec, for any spec
 * (docs/environments/restapi.md). Parameters are checked as the spec describes them (`RestParam`): a
 * missing required one (path, query or body) is refused; an id must be one an earlier response
 * issued, of a kind the parameter takes; a name (owner, repo, tag, an issue number) must be a value
 * the request gives or an earlier response returned, or one of the spec's enum values. Accepted
 * calls answer with objects shaped by the response schema: each with an id of its kind and the
 * name fields the spec's path parameters of that kind take, so that outputs chain into later
 * inputs. Metrics, as RestBench and the ToolExpNet paper (section 5.3) report them: correct path
 * (the gold path is a subsequence of the accepted calls) and Delta solution length (all API calls
 * made minus the gold length, on successful runs).
 */
export class RestApiEnvironment implements Environment {
  readonly id = 'restapi';
  readonly actionStyle = 'json' as const;
  readonly maxSteps = 12;
  task: Task | undefined;
  /** Gold steps matched so far, in order (read by the expert). */
  matched = 0;
  /** Ids issued so far, with the kind of each, in order (read by the expert). */
  readonly issued = new Map<string, string>();
  /** Responses of accepted calls, in order (read by the expert). */
  readonly outputs: unknown[] = [];
  /** Ids the request supplies: those the gold path needs before any gold call could issue one of their kind. */
  known: string[] = [];
  /** Values the request gives (lower case). */
  private given = new Set<string>();
  /** Name values earlier responses returned (lower case). */
  private readonly returned = new Set<string>();
  /** Accepted calls (endpoints), and every call made to the API, accepted or not. */
  private calls: string[] = [];
  private attempts = 0;
  private done = false;
  private finished = false;
  private readonly byName: Map<string, RestTool>;
  private readonly byEndpoint: Map<string, RestTool>;
  /** The spec's name parameters by the kind they name: the fields an object of that kind carries. */
  private readonly nameFields = new Map<string, RestParam[]>();

  constructor(
    readonly restTools: RestTool[],
    /** The API's name as its spec's `info.title` gives it. */
    readonly api = 'REST API',
  ) {
    this.byName = new Map(restTools.map((t) => [t.tool.name, t]));
    this.byEndpoint = new Map(restTools.map((t) => [t.endpoint, t]));
    for (const p of restTools.flatMap((t) => t.params.filter((q) => q.check === 'name' && q.kinds.length > 0))) {
      const list = this.nameFields.get(p.kinds[0]) ?? [];
      if (!list.some((q) => q.name === p.name)) list.push(p);
      this.nameFields.set(p.kinds[0], list);
    }
  }

  get data(): RestQueryData {
    if (!this.task) throw new ConfigError('RestApiEnvironment has no task: call reset(task, seed) first.');
    return this.task.data as RestQueryData;
  }

  /** The gold endpoint's tool, by index. */
  goldTool(index: number): RestTool | undefined {
    return this.byEndpoint.get(this.data.solution[index]);
  }

  reset(task: Task): string {
    this.task = task;
    this.matched = 0;
    this.calls = [];
    this.attempts = 0;
    this.issued.clear();
    this.returned.clear();
    this.outputs.length = 0;
    this.given = requestValues(task.goal);
    this.done = false;
    this.finished = false;
    // An id the gold path takes before any earlier gold call could have issued one of its kind
    // (RestBench assumes the agent knows it: the album a query names by id, "my" playlist) is given
    // in the request, as the known ids.
    this.known = [];
    const carried = new Set<string>();
    this.data.solution.forEach((endpoint, i) => {
      const tool = this.byEndpoint.get(endpoint);
      for (const p of tool?.params.filter((q) => q.check === 'id' && tool.idParams.includes(q.name)) ?? []) {
        if (p.kinds.length > 0 && p.kinds.some((k) => carried.has(k))) continue;
        if (p.kinds.length === 0 && carried.size > 0) continue;
        const kind = p.kinds[0] ?? 'item';
        if (this.known.some((id) => this.issued.get(id) === kind)) continue;
        const id = makeId(kind, task.id, 'start', i);
        this.known.push(id);
        this.issued.set(id, kind);
      }
      tool?.outputKinds.forEach((k) => carried.add(k));
    });
    return `Request: ${task.goal}\nYou can call the ${this.api} operations listed (simulated).${this.known.map((id) => `\nKnown id: ${id}`).join('')}`;
  }

  tools(): Tool[] {
    return [...this.restTools.map((t) => t.tool), FINISH];
  }

  private correctPath(): boolean {
    return this.matched >= this.data.solution.length;
  }

  private result(observation: string, ok: boolean): StepResult {
    const solved = this.finished && this.correctPath();
    return { observation, ok, done: this.done, progress: solved ? 1 : this.matched / this.data.solution.length, success: solved };
  }

  /**
   * A refusal as the operation's spec declares its errors (the status's own, else its class's, else
   * the default, else another 4xx), or `{"error":{"status","message"}}` when it declares none.
   */
  private refuse(rest: RestTool, status: number, message: string): string {
    const errors = rest.errors ?? {};
    const template = errors[String(status)] ?? errors[`${String(status)[0]}XX`] ?? errors.DEFAULT ?? Object.values(errors)[0];
    return JSON.stringify(template ? fillError(template, status, message) : { error: { status, message } });
  }

  /** Why a parameter's value is refused (its status and message), or undefined when it is accepted. */
  private refusal(p: RestParam, value: ArgValue): [number, string] | undefined {
    if (p.check === 'id') {
      // A list of ids may come as an array or comma-separated; an object's own `id` is its id.
      const values = Array.isArray(value) ? value : [value];
      for (const part of values.flatMap((v) => String(v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v).split(','))) {
        const id = bareId(part);
        const kind = this.issued.get(id);
        if (kind === undefined) return [404, `Non existing id in ${p.name}`];
        if (p.kinds.length > 0 && !p.kinds.includes(kind)) return [404, `No ${p.kinds.join(' or ')} with id ${id} (${p.name})`];
      }
      return undefined;
    }
    if (p.check === 'name') {
      const text = String(value).trim().toLowerCase();
      if (p.integer && !/^#?\d+$/.test(text)) return [400, `${p.name} takes a number`];
      if (this.issued.has(bareId(String(value)))) return [404, `Not Found: ${p.name} takes a name, not an id`];
      const known = (v: string) => this.given.has(v) || this.returned.has(v) || (p.enum ?? []).some((e) => e.toLowerCase() === v);
      // A range of two names (`v1.0...v1.1`) names both.
      const parts = text.replace(/^#/, '').split(/\.{2,3}/);
      if (!parts.every((part) => part && known(part))) return [404, `Not Found: no ${p.kinds[0] ?? 'resource'} "${String(value)}" (${p.name})`];
    }
    return undefined;
  }

  step(action: Action): StepResult {
    if (!this.task) return { observation: 'Error: no task is running.', ok: false, done: true, progress: 0, success: false };
    if (this.done) return this.result('Error: the task is already finished.', false);
    if (action.tool === FINISH.name) {
      this.done = true;
      this.finished = true;
      return this.result(this.correctPath() ? 'Finished.' : 'Finished, but the request was not carried out.', this.correctPath());
    }
    this.attempts++;
    const rest = this.byName.get(action.tool);
    if (!rest) return this.result(`{"error":{"status":404,"message":"Unknown operation ${action.tool}"}}`, false);
    const missing = rest.tool.arguments.required.find((name) => action.args[name] === undefined || action.args[name] === '');
    if (missing) return this.result(this.refuse(rest, 400, `Missing required parameter ${missing}`), false);
    for (const p of rest.params) {
      const value = action.args[p.name];
      if (value === undefined || value === '') continue;
      const refused = this.refusal(p, value);
      if (refused) return this.result(this.refuse(rest, ...refused), false);
    }
    this.calls.push(rest.endpoint);
    if (this.data.solution[this.matched] === rest.endpoint) this.matched++;
    const call = this.calls.length;
    const task = this.task.id;
    // The kinds the arguments name (a search's `type: "album"`) pick which of several results come back.
    const asked = [...new Set(Object.values(action.args).flatMap((v) => (typeof v === 'string' ? nameWords(v).map((w) => kindOfWord(w, [...this.nameFields.keys(), ...rest.outputKinds])) : [])).filter((k): k is string => !!k))];
    const output = rest.output
      ? fill(rest.output, {
          asked,
          id: (kind, at) => {
            const id = makeId(kind, task, call, at);
            this.issued.set(id, kind);
            return id;
          },
          name: (kind, at) => `${kind} ${hashSeed(task, call, at, 'name').toString(16).slice(-4)}`,
          fields: (kind, at) =>
            Object.fromEntries(
              (this.nameFields.get(kind) ?? []).map((p) => {
                // The thing a call addresses by its names (`GET /repos/{owner}/{repo}` with octocat/Hello-World)
                // comes back with those names: the response's own object carries the call's values.
                const own = at === '' ? rest.params.find((q) => q.name === p.name && q.check === 'name' && q.kinds[0] === kind) : undefined;
                const value = own ? action.args[own.name] : undefined;
                if (value !== undefined && value !== '') return [p.name, p.integer ? Number(String(value).replace(/^#/, '')) : String(value)];
                return [p.name, p.integer ? (hashSeed(task, call, at, p.name) % 9000) + 100 : `${p.name.replace(/_/g, '-')}-${hashSeed(task, call, at, p.name).toString(16).slice(-4)}`];
              }),
            ),
        })
      : (rest.sample ?? { status: 200, message: 'OK' });
    this.remember(output);
    this.outputs.push(output);
    return this.result(JSON.stringify(output), true);
  }

  /** Keeps the name values a response returned: later calls may name things by them. */
  private remember(value: unknown): void {
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value).toLowerCase();
      if (!this.issued.has(String(value))) this.returned.add(text);
    } else if (Array.isArray(value)) value.forEach((v) => this.remember(v));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => this.remember(v));
  }

  metrics(): Record<string, number> {
    const correct = this.correctPath() ? 1 : 0;
    // Delta solution length (ToolExpNet paper section 5.3, after RestGPT): every API call made, accepted
    // or refused, minus the gold length, on successful runs only (a finished run on a correct path).
    const success = this.finished && correct === 1;
    return { correctPath: correct, ...(success ? { deltaSL: this.attempts - this.data.solution.length } : {}) };
  }
}
