import type { Action, Environment, StepResult, Task, Tool } from '../../types';
import type { ToolbenchTaskData } from './toolbench-types';
import { ConfigError } from '../../errors';
import { canonicalValue, equivalentArgs } from '../slate/equivalence';
import { FINISH_TOOL } from './catalogue';

/**
 * A ToolBench-like query over a candidate pool of 5 to 64 API tools (EcoAct section 3.1): the
 * needed calls, in order, return the ids later calls need; any other call of a pool tool returns
 * no data. Pass rate (EcoAct eq. 5): solved when every needed call was made and `finish` gives the
 * right answer. Progress is the share of needed calls made.
 */
export class ToolbenchEnvironment implements Environment {
  readonly id = 'toolbench';
  readonly actionStyle = 'json' as const;
  // EcoAct appendix C: 24 reasoning steps, up from ToolBench's 12, so budgets do not decide the comparison.
  readonly maxSteps = 24;
  task: Task | undefined;
  /** Which needed calls were made (read by the expert). */
  made: boolean[] = [];
  /** Outputs seen so far (read by the expert for plausible wrong arguments). */
  outputs: Record<string, unknown>[] = [];
  private done = false;
  private solved = false;
  private pool: Tool[] = [];

  constructor(private readonly catalogue: Tool[]) {}

  get data(): ToolbenchTaskData {
    if (!this.task) throw new ConfigError('ToolbenchEnvironment has no task: call reset(task, seed) first.');
    return this.task.data as ToolbenchTaskData;
  }

  reset(task: Task): string {
    this.task = task;
    const byName = new Map(this.catalogue.map((tool) => [tool.name, tool]));
    this.pool = [...this.data.pool.map((name) => byName.get(name)).filter((tool): tool is Tool => tool !== undefined), FINISH_TOOL];
    this.made = this.data.calls.map(() => false);
    this.outputs = [];
    this.done = false;
    this.solved = false;
    return `Query: ${task.goal}\n${this.pool.length - 1} API tools are available for this query.`;
  }

  /** The query's candidate pool and `finish`; before a reset, the whole catalogue. */
  tools(): Tool[] {
    return this.task ? this.pool : [...this.catalogue, FINISH_TOOL];
  }

  private progress(): number {
    return this.solved ? 1 : this.made.filter(Boolean).length / Math.max(1, this.made.length);
  }

  private result(observation: string, ok: boolean): StepResult {
    return { observation, ok, done: this.done, progress: this.progress(), success: this.solved };
  }

  step(action: Action): StepResult {
    if (!this.task) return { observation: 'Error: no task is running.', ok: false, done: true, progress: 0, success: false };
    if (this.done) return this.result('Error: the task is already finished.', false);
    if (action.tool === FINISH_TOOL.name) {
      this.done = true;
      this.solved = this.made.every(Boolean) && canonicalValue(action.args.answer) === canonicalValue(this.data.answer);
      return this.result(this.solved ? 'Finished: the answer is correct.' : 'Finished: the answer does not solve the query.', this.solved);
    }
    if (!this.pool.some((tool) => tool.name === action.tool)) return this.result(`Error: "${action.tool}" is not one of this query's tools.`, false);
    const index = this.data.calls.findIndex((call, i) => !this.made[i] && call.tool === action.tool && equivalentArgs(action.args, call.args));
    const earlier = this.data.calls.findIndex((call, i) => this.made[i] && call.tool === action.tool && equivalentArgs(action.args, call.args));
    if (index < 0 && earlier >= 0) return this.result(`Output: ${JSON.stringify(this.data.calls[earlier].output)}`, true);
    if (index < 0) return this.result('Output: {"results":[],"message":"No data found for these parameters."}', false);
    this.made[index] = true;
    this.outputs.push(this.data.calls[index].output);
    return this.result(`Output: ${JSON.stringify(this.data.calls[index].output)}`, true);
  }

  metrics(): Record<string, number> {
    return { poolSize: this.pool.length - 1 };
  }
}
