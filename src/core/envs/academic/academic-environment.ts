import { academicStateHints } from './state-hints';
import type { Action, Environment, StepResult, Task, Tool } from '../../types';
import type { AcademicTaskData, GraphName } from './academic-types';
import type { CitationGraph } from './citation-graph';
import { ConfigError } from '../../errors';
import { answerMatches } from './answer';
import { actionProblem, executeTool } from './execute-tool';
import { ACADEMIC_TOOLS } from './tools';

/** One executed step, kept for the expert: what was called, what it showed, what it returned. */
export interface AcademicStepRecord {
  action: Action;
  observation: string;
  ok: boolean;
  result?: unknown;
}

/** Observations compare after trimming and collapsing spaces. */
const sameObservation = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

/**
 * The academic environment (AgentBoard ToolQuery-Academic-like): questions about a bundled
 * citation graph answered with graph tools, then `finish`. A graph must be loaded before its checks
 * work. Progress is the share of the task's subgoals reached (AgentBoard's progress rate); success
 * is a `finish` whose answer matches the gold one. The fields are the hidden state the expert reads.
 */
export class AcademicEnvironment implements Environment {
  readonly id = 'academic';
  readonly stateHints = academicStateHints;
  /** AutoTool's preconfigured recovery path here: list the valid actions. */
  readonly recoveryPath = { afterFailures: ['check_valid_actions'], afterInvalid: ['check_valid_actions'] };
  readonly actionStyle = 'json' as const;
  readonly maxSteps = 15;
  task: Task | undefined;
  seed = 0;
  /** The graphs loaded in this episode. */
  readonly loaded = new Set<GraphName>();
  /** Per subgoal of the task: reached yet? Only ever turns true within an episode. */
  reached: boolean[] = [];
  history: AcademicStepRecord[] = [];
  done = false;
  success = false;

  constructor(readonly graph: CitationGraph) {}

  /** The task's data (answer, solution, subgoals). */
  get data(): AcademicTaskData {
    if (!this.task) throw new ConfigError('AcademicEnvironment has no task: call reset(task, seed) first.');
    return this.task.data as AcademicTaskData;
  }

  reset(task: Task, seed: number): string {
    this.task = task;
    this.seed = seed;
    this.loaded.clear();
    this.reached = this.data.subgoals.map(() => false);
    this.history = [];
    this.done = false;
    this.success = false;
    return `The academic database tools are ready: PaperNet (papers and citations) and AuthorNet (authors and collaborations). Load a graph before you query it.\nQuestion: ${task.goal}`;
  }

  tools(): Tool[] {
    return ACADEMIC_TOOLS;
  }

  /** Progress rate: the share of subgoals reached so far. */
  progress(): number {
    return this.reached.length === 0 ? 0 : this.reached.filter(Boolean).length / this.reached.length;
  }

  step(action: Action): StepResult {
    if (!this.task) return { observation: 'Error: no task is running; reset the environment first.', ok: false, done: true, progress: 0, success: false };
    if (this.done) return this.result('Error: the task is already finished.', false);
    if (action?.tool === 'finish') return this.finish(action);
    const outcome = executeTool(this.graph, this.loaded, action);
    if (outcome.loaded) this.loaded.add(outcome.loaded);
    this.history.push({ action, observation: outcome.observation, ok: outcome.ok, result: outcome.result });
    if (outcome.ok) this.markReached(action.tool, (subgoal) => sameObservation(subgoal.observation, outcome.observation));
    return this.result(outcome.observation, outcome.ok);
  }

  /** Ends the episode; success and the last subgoal only when the answer matches the gold one. */
  private finish(action: Action): StepResult {
    const problem = actionProblem(action);
    if (problem) {
      this.history.push({ action, observation: problem, ok: false });
      return this.result(problem, false);
    }
    const answer = action.args.answer;
    this.done = true;
    this.success = answerMatches(answer, this.data.answer);
    if (this.success) this.markReached('finish', () => true);
    const observation = `Final answer submitted: ${String(answer)}`;
    this.history.push({ action, observation, ok: true });
    return this.result(observation, true);
  }

  private markReached(tool: string, matches: (subgoal: AcademicTaskData['subgoals'][number]) => boolean): void {
    this.data.subgoals.forEach((subgoal, index) => {
      if (subgoal.tool === tool && matches(subgoal)) this.reached[index] = true;
    });
  }

  private result(observation: string, ok: boolean): StepResult {
    return { observation, ok, done: this.done, progress: this.progress(), success: this.success };
  }
}
