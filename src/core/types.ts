/**
 * The core contracts of Toolwise (docs/architecture.md). Pure types: no DOM, no React, no fetch.
 */

/** A value an action argument may take. */
export type ArgValue = string | number | boolean;

/** One argument or result field of a tool, JSON-schema-like. */
export interface ParamSpec {
  type: 'string' | 'number' | 'boolean' | 'object' | 'array';
  description: string;
  enum?: string[];
}

/** An object schema: named properties and which of them are required. */
export interface ObjectSchema {
  properties: Record<string, ParamSpec>;
  required: string[];
}

/** A tool an agent can call. Environments load their tools from JSON. */
export interface Tool {
  name: string;
  description: string;
  category?: string;
  arguments: ObjectSchema;
  results?: ObjectSchema;
  /**
   * Command-style environments only: how the action reads as text, with `{param}` holes,
   * for example `take {obj} from {recep}`.
   */
  template?: string;
}

/**
 * The action that submits a task's answer and ends it (finish[answer] of "ReAct: Synergizing
 * Reasoning and Acting in Language Models", arXiv 2210.03629, section 3.1): every environment
 * whose tasks take an answer lists a tool of this name, and the ReAct instruction names it.
 * Strategies read it from here, never as a literal of their own.
 */
export const FINISH_TOOL = 'finish';

/** A parsed tool call. */
export interface Action {
  tool: string;
  args: Record<string, ArgValue>;
}

/**
 * How an environment expects actions to be written in a model reply.
 * - `command`: a plain command line matched against tool templates (`go to countertop 1`).
 * - `json`: `tool_name with Action Input: {"arg": "value"}` (AgentBoard tool style).
 */
export type ActionStyle = 'command' | 'json';

/** What one environment step returns. */
export interface StepResult {
  observation: string;
  /** False when the action failed or had no effect (a failed tool call). */
  ok: boolean;
  /** True when the episode is over (goal reached, or a final answer was given). */
  done: boolean;
  /** Progress rate in [0, 1] after this step (AgentBoard: share of subgoals reached). */
  progress: number;
  /** True when the task is solved. */
  success: boolean;
}

/** A task of an environment. `data` holds what only the environment understands. */
export interface Task {
  id: string;
  env: string;
  goal: string;
  split: 'train' | 'test';
  /** The task family, for example `heat` or `citation-count`. */
  kind: string;
  data: unknown;
}

/**
 * A live environment. One instance runs one task at a time; `reset` starts a task.
 * Invalid actions return an error observation with `ok: false`; they never throw.
 */
/**
 * What a metric's values are, declared with the metric: its 95% interval and its format follow the
 * kind, never the values a run happens to produce (a count that is 1 on every run is still a count).
 * - `rate`: an outcome of each task run, 0 or 1 (success, correct path); Wilson interval, a percentage.
 * - `share`: a fraction in [0, 1] of each task run (progress, tool match); bootstrap, a percentage.
 * - `count`: a count per task run (LLM calls, inertial calls); bootstrap, a number.
 * - `mean`: any other per-run quantity (Delta solution length); bootstrap, a number.
 * - `tokens`: tokens per task run; bootstrap, a number.
 * - `ms`: milliseconds per task run; bootstrap, a number.
 * - `dollars`: estimated dollars per task run; bootstrap, a price.
 */
export type MetricKind = 'rate' | 'share' | 'count' | 'mean' | 'tokens' | 'ms' | 'seconds' | 'dollars';

/** How a metric an environment or a strategy reports is labelled, and what kind of value it is. */
export interface MetricSpec {
  label: string;
  /** What it measures, in a sentence (the column's tooltip). */
  title: string;
  kind: MetricKind;
  /** What it counts, in plain words (the page's glossary). */
  what: string;
  /** The paper (title and section) that defines it, or `OUR_MEASURE` (paper-titles.ts) for one of ours. */
  definedIn: string;
}

/** One of the agent's own steps, as an environment's state hints read it: what it called, with what, and whether it worked. */
export interface AgentStep {
  tool: string;
  args: Record<string, ArgValue>;
  ok: boolean;
}

/**
 * The key states an agent keeps of an environment (AutoTool section 4.5: "e.g. current location"),
 * read from the agent's own parsed steps only, never from the environment's internals: a value for
 * a parameter (`{ value: undefined }` when the state says there is none), or undefined when the
 * parameter is not a state the environment names.
 */
export type StateHints = (tool: string, param: string, steps: AgentStep[]) => { value: ArgValue | undefined } | undefined;

/**
 * An environment's preconfigured recovery path (AutoTool section 5.1 and appendix: after two failed
 * calls in a row a call that lists what is possible): tools with no required arguments, by name, the
 * first one the environment has is called. Absent: no recovery call.
 */
export interface RecoveryPath {
  /** After failed calls in a row. */
  afterFailures: string[];
  /** After unparseable replies in a row. */
  afterInvalid: string[];
}

export interface Environment {
  readonly id: string;
  /** The environment's recovery path for AutoTool, where it has tools for one. */
  readonly recoveryPath?: RecoveryPath;
  /** The environment's key states for AutoTool's parameter filling, where it names some. */
  readonly stateHints?: StateHints;
  readonly actionStyle: ActionStyle;
  /** Step limit of one episode. */
  readonly maxSteps: number;
  /** Starts `task`; returns the initial observation. Deterministic for a seed. */
  reset(task: Task, seed: number): string;
  step(action: Action): StepResult;
  tools(): Tool[];
  /** The actions that are valid now, as text, when the environment can list them. */
  validActions?(): string[];
  /**
   * Environment-specific metrics of the episode so far (SLATE's tool match, RestBench's correct
   * path), merged into the task result; read after the strategy finished the task.
   */
  metrics?(): Record<string, number>;
}

/**
 * The gold policy of an environment: a separate handle that strategies never receive.
 * SimLM and the metrics use it.
 */
export interface Expert {
  /** The gold next action from the environment's current state, or null when the task is done. */
  next(): Action | null;
  /** Plausible values for an argument now: what a model could pick for it from its context. */
  argumentChoices(tool: string, param: string): ArgValue[];
  /**
   * The answer key of the current state (docs/simulated-model.md, "What it knows"): the gold next action(s),
   * each with its evidence. Several entries are equally good (any unexplored place to search).
   * Empty when the task is done. SimLM earns competence only on the entries whose evidence the
   * prompt shows (`key/evident-key.ts`).
   */
  key(): KeyAction[];
}

/** One gold next action with what a model must have been told to choose it. */
export interface KeyAction {
  action: Action;
  /**
   * Facts the agent must have been told (in the goal or an observation), each a value or a list of
   * equivalent spellings of it (a date written two ways). Absent: the action's scalar argument values.
   */
  evidence?: (string | string[])[];
  /** True when the action rests on hidden state no observation has revealed yet: never evident. */
  unseen?: boolean;
}

/** A loaded dataset of one environment. */
export interface Dataset {
  env: string;
  tasks: Task[];
  /** Items of an imported file left out, each with its reason (the rest were loaded). */
  skipped?: { id: string; reason: string }[];
  /** What an import changed and says so, for example tool names made unique. */
  notes?: string[];
}

/** Kinds of model calls, counted apart (docs/architecture.md). */
export type CallKind = 'act' | 'reflect' | 'register' | 'explore' | 'insight' | 'logits';

/** Token usage of one model call. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens the server says it found cached (`usage.prompt_tokens_details.cached_tokens`), where it reports them. */
  cachedPromptTokens?: number;
}
