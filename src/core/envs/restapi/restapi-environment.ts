import type { Action, ArgValue, Environment, StepResult, Task, Tool } from '../../types';
import type { RestTool } from './openapi-tools';
import type { RestQueryData } from './dataset';
import { ConfigError } from '../../errors';
import { hashSeed } from '../../rng';

const FINISH: Tool = {
  name: 'finish',
  description: 'Finish when the request is done, with a short answer for the user.',
  arguments: { properties: { answer: { type: 'string', description: 'what was done or found' } }, required: ['answer'] },
};

/** An id as the simulated API issues it, e.g. `album_3f9a1c2b`. */
const makeId = (kind: string, ...parts: (string | number)[]) => `${kind}_${hashSeed(...parts).toString(16).padStart(8, '0')}`;

/**
 * A RestBench query against a simulated REST API built from its OpenAPI spec (docs/environments/restapi.md).
 * Calls with missing parameters or unknown ids fail; other calls succeed and return
 * schema-shaped outputs carrying ids. Calls along the gold path return the ids the next gold call
 * needs, so only a correct chain gets through. Metrics: correct path (the gold path is a
 * subsequence of the successful calls) and Delta solution length (successful calls minus gold
 * length, on correct paths), as RestBench reports them.
 */
export class RestApiEnvironment implements Environment {
  readonly id = 'restapi';
  readonly actionStyle = 'json' as const;
  readonly maxSteps = 12;
  task: Task | undefined;
  /** Gold steps matched so far, in order (read by the expert). */
  matched = 0;
  /** The id each gold step's output carries for the calls after it (read by the expert). */
  plannedIds: string[] = [];
  /** Ids issued so far and values the agent saw (read by the expert for plausible mistakes). */
  readonly issued = new Set<string>();
  /** An id the request supplies, when the gold path starts with a call that needs one. */
  startId: string | undefined;
  private calls: string[] = [];
  private done = false;
  private finished = false;
  private readonly byName: Map<string, RestTool>;
  private readonly byEndpoint: Map<string, RestTool>;

  constructor(readonly restTools: RestTool[]) {
    this.byName = new Map(restTools.map((t) => [t.tool.name, t]));
    this.byEndpoint = new Map(restTools.map((t) => [t.endpoint, t]));
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
    this.issued.clear();
    this.done = false;
    this.finished = false;
    this.plannedIds = this.data.solution.map((endpoint, i) => {
      const next = this.data.solution.slice(i + 1).map((e) => this.byEndpoint.get(e)).find((t) => t && t.idParams.length > 0);
      return makeId(next?.inputKinds[0] ?? this.byEndpoint.get(endpoint)?.outputKinds[0] ?? 'item', task.id, i);
    });
    // A path that starts with an id parameter (RestBench assumes the agent knows it) gets that id in the request.
    const first = this.goldTool(0);
    this.startId = first && first.idParams.length > 0 ? makeId(first.inputKinds[0] ?? 'item', task.id, 'start') : undefined;
    if (this.startId) this.issued.add(this.startId);
    return `Request: ${task.goal}\nYou can call the Spotify Web API operations listed (simulated).${this.startId ? `\nKnown id: ${this.startId}` : ''}`;
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

  step(action: Action): StepResult {
    if (!this.task) return { observation: 'Error: no task is running.', ok: false, done: true, progress: 0, success: false };
    if (this.done) return this.result('Error: the task is already finished.', false);
    if (action.tool === FINISH.name) {
      this.done = true;
      this.finished = true;
      return this.result(this.correctPath() ? 'Finished.' : 'Finished, but the request was not carried out.', this.correctPath());
    }
    const rest = this.byName.get(action.tool);
    if (!rest) return this.result(`{"error":{"status":404,"message":"Unknown operation ${action.tool}"}}`, false);
    const missing = rest.tool.arguments.required.find((name) => action.args[name] === undefined || action.args[name] === '');
    if (missing) return this.result(`{"error":{"status":400,"message":"Missing required parameter ${missing}"}}`, false);
    const badId = rest.idParams.find((name) => !String(action.args[name]).split(',').every((id) => this.issued.has(id.trim().replace(/^spotify:\w+:/, ''))));
    if (badId) return this.result(`{"error":{"status":404,"message":"Non existing id in ${badId}"}}`, false);
    this.calls.push(rest.endpoint);
    let id: string;
    if (this.data.solution[this.matched] === rest.endpoint) {
      id = this.plannedIds[this.matched];
      this.matched++;
    } else {
      id = makeId(rest.outputKinds[0] ?? 'item', this.task.id, 'other', this.calls.length);
    }
    this.issued.add(id);
    const kind = rest.outputKinds[0] ?? 'item';
    const output = rest.endpoint.startsWith('GET') ? { items: [{ id, type: kind, name: `${kind} ${id.slice(-4)}` }], total: 1 } : { snapshot_id: id, status: 'ok' };
    return this.result(JSON.stringify(output), true);
  }

  metrics(): Record<string, number> {
    const correct = this.correctPath() ? 1 : 0;
    return { correctPath: correct, ...(correct ? { deltaSL: this.calls.length - this.data.solution.length } : {}) };
  }
}

/** Plausible values of an argument that is not an id: words the request gives, or a default. */
export function literalFor(name: string, goal: string): ArgValue {
  if (name === 'q') return goal.replace(/[^\w\s']/g, ' ').replace(/\s+/g, ' ').trim().split(' ').slice(-4).join(' ');
  if (name === 'type') return 'track';
  if (/volume/.test(name)) return Number(/\b(\d{1,3})\b/.exec(goal)?.[1] ?? 50);
  if (name === 'state') return 'track';
  return 'default';
}
