import { householdStateHints } from './state-hints';
import type { Action, Environment, StepResult, Task, Tool } from '../../types';
import { ConfigError } from '../../errors';
import { formatAction } from '../../llm/action-format';
import type { HouseholdTaskData, HouseholdTaskType, World } from './world';
import { createWorld } from './world';
import { applyAction } from './apply-action';
import { describeRoom, NOTHING_HAPPENS } from './describe';
import { subgoalsHolding } from './task-types';
import { HOUSEHOLD_TOOLS } from './tools';
import { validActions } from './valid-actions';

/**
 * The household environment (ALFWorld-like text world): numbered receptacles and objects in one
 * room, commands such as `go to countertop 1`, and six task types. Progress is the share of the
 * task type's ordered subgoals reached so far; reaching a subgoal counts the ones before it too.
 * The public fields are the hidden state that the expert reads.
 */
export class HouseholdEnvironment implements Environment {
  readonly id = 'household';
  readonly stateHints = householdStateHints;
  /** AutoTool's preconfigured recovery path here: list the valid actions; after unreadable replies, first see what is carried. */
  readonly recoveryPath = { afterFailures: ['check_valid_actions'], afterInvalid: ['inventory', 'check_valid_actions'] };
  readonly actionStyle = 'command' as const;
  readonly maxSteps = 30;
  task: Task | undefined;
  seed = 0;
  world: World = createWorld({ room: 'kitchen', receptacles: [], objects: [], lamps: [], target: { object: '' } });
  /** Per subgoal of the task type: reached yet? Only ever turns true within an episode. */
  reached: boolean[] = [];
  /** Steps taken in this episode, failed ones included. */
  steps = 0;
  done = false;
  success = false;

  /** The task's data (layout and target). */
  get data(): HouseholdTaskData {
    if (!this.task) throw new ConfigError('HouseholdEnvironment has no task: call reset(task, seed) first.');
    return this.task.data as HouseholdTaskData;
  }

  /** The task type of the running task. */
  get kind(): HouseholdTaskType {
    return this.task?.kind as HouseholdTaskType;
  }

  reset(task: Task, seed: number): string {
    this.task = task;
    this.seed = seed;
    this.world = createWorld(this.data);
    this.steps = 0;
    this.done = false;
    this.success = false;
    this.reached = subgoalsHolding(this.world, this.kind, this.data.target).map(() => false);
    this.updateProgress();
    return `${describeRoom(this.world)}\n\n${task.goal}`;
  }

  tools(): Tool[] {
    return HOUSEHOLD_TOOLS;
  }

  /** The commands that work now, written as a model would write them. */
  validActions(): string[] {
    return validActions(this.world).map((action) => formatAction(action, 'command', HOUSEHOLD_TOOLS));
  }

  /** Progress rate: the share of subgoals reached so far. */
  progress(): number {
    return this.reached.length === 0 ? 0 : this.reached.filter(Boolean).length / this.reached.length;
  }

  step(action: Action): StepResult {
    if (!this.task) return { observation: NOTHING_HAPPENS, ok: false, done: true, progress: 0, success: false };
    if (this.done) return this.result(NOTHING_HAPPENS, false);
    this.steps++;
    const outcome = applyAction(this.world, action);
    if (outcome.ok) this.updateProgress();
    if (this.steps >= this.maxSteps) this.done = true;
    return this.result(outcome.observation, outcome.ok);
  }

  /** Marks the subgoals that hold now, and every one before the last of them, as reached. */
  private updateProgress(): void {
    const holding = subgoalsHolding(this.world, this.kind, this.data.target);
    const last = holding.lastIndexOf(true);
    for (let index = 0; index <= last; index++) this.reached[index] = true;
    if (this.reached.every(Boolean)) {
      this.success = true;
      this.done = true;
    }
  }

  private result(observation: string, ok: boolean): StepResult {
    return { observation, ok, done: this.done, progress: this.progress(), success: this.success };
  }
}
