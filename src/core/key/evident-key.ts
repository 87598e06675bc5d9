import type { Action, ArgValue, Dataset, Environment, Expert, KeyAction, Task } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { Advice, Advisor, AdvisorInput } from '../llm/advisor';
import type { ChatMessage } from '../llm/language-model';
import { NO_TOOL, isPlanEnvironment } from '../plan-guided';
import { transcriptCalls } from './transcript-calls';
import { toldText, occursIn } from './told-text';

/** A prompt whose transcript the key cannot replay: `serve:sim` answers it with a 400 that says why. */
export class KeyReplayError extends Error {
  constructor(why: string) {
    super(`SimLM cannot rebuild its key from this request: ${why}.`);
    this.name = 'KeyReplayError';
  }
}

/** The task a key is for: an environment's spec, its dataset and the task. */
export interface KeyTask {
  spec: EnvSpec;
  dataset: Dataset;
  task: Task;
}

/**
 * Environments here are deterministic given the task (reset's seed changes nothing they show), so
 * the key replays every transcript with one seed, the same in process and behind `serve:sim`.
 */
const KEY_SEED = 0;

/** An environment replayed to some transcript, with its expert and the calls it has taken. */
interface Replayed {
  env: Environment;
  expert: Expert;
  /** Each replayed call as JSON, in order (a plan's entries are per substep, `NO_TOOL` where none was shown). */
  taken: string[];
}

/**
 * SimLM's evident key (docs/simulated-model.md): what a model that had memorised the benchmark would know,
 * reduced to what the prompt evidences. For each request it replays the transcript's calls from the
 * task's reset (so branches, resets and retries get the key of the state their prompt shows), asks
 * the environment's expert for the gold next actions with their evidence, and keeps those that are
 * evident: the tool is among the options the prompt shows, it rests on no unobserved hidden state,
 * and every piece of its evidence occurs in what the agent was told (the goal and the observations,
 * never the tool listing or its documentation). It is SimLM's only source of competence; it reaches
 * SimLM with the task binding and never a strategy.
 */
export class EvidentKey implements Advisor {
  readonly shape = 'key';
  // Private in the language's sense: no property of the key leads to the environment or its expert.
  readonly #source: KeyTask;
  #replayed: Replayed | undefined;
  /** The messages last replayed (array and length): a request's advice and each of its values ask with the same ones. */
  #lastRead: { messages: ChatMessage[]; length: number } | undefined;

  constructor(source: KeyTask) {
    this.#source = source;
  }

  /** The task's goal as it states it (shown by every prompt of the task, so no gold). */
  get goal(): string {
    return this.#source.task.goal;
  }

  recognizes(): boolean {
    return true;
  }

  /** The gold next actions of the state the prompt shows, all of them, before the evidence gate (tests and the trace). */
  gold(messages: ChatMessage[]): KeyAction[] {
    return this.#stateOf(messages).expert.key();
  }

  advise(input: AdvisorInput): Advice {
    const told = toldText(input.messages, input.options);
    const shown = new Set(input.options.map((option) => option.name));
    const calls = this.gold(input.messages)
      .filter((entry) => isEvident(entry, shown, told))
      .map((entry) => entry.action);
    return calls.length > 0 ? { calls, reason: 'This is the step the request and what I have seen so far call for.' } : { calls: [] };
  }

  /** The expert's values for a parameter that the prompt shows (never one it does not). */
  values(input: AdvisorInput, tool: string, param: string): ArgValue[] {
    const told = toldText(input.messages, input.options);
    return this.#stateOf(input.messages)
      .expert.argumentChoices(tool, param)
      .filter((value) => typeof value !== 'string' || value.trim() !== '')
      .filter((value) => occursIn(told, String(value)));
  }

  /** The environment replayed to the prompt's transcript: extended where the transcript extends the last one, else from reset. */
  #stateOf(messages: ChatMessage[]): Replayed {
    if (this.#replayed && this.#lastRead?.messages === messages && this.#lastRead.length === messages.length) return this.#replayed;
    const { spec, dataset, task } = this.#source;
    const probe = this.#replayed?.env ?? spec.create(dataset);
    if (!this.#replayed) probe.reset(task, KEY_SEED);
    const read = transcriptCalls(messages, probe);
    // A plan prompt places the cursor by its substeps; a chat on a plan-guided environment (a ReAct-style strategy) by its turns.
    const wanted = read.plan?.layout ? planCalls(probe, read.plan) : read.calls;
    const texts = wanted.map((action) => JSON.stringify(action));
    let state = this.#replayed;
    if (!state || texts.length < state.taken.length || state.taken.some((text, i) => text !== texts[i])) {
      const env = state ? spec.create(dataset) : probe;
      if (state) env.reset(task, KEY_SEED);
      state = { env, expert: spec.expert(env), taken: [] };
    }
    for (let i = state.taken.length; i < wanted.length; i++) {
      state.env.step(wanted[i]);
      state.taken.push(texts[i]);
    }
    this.#replayed = state;
    this.#lastRead = { messages, length: messages.length };
    return state;
  }
}

/**
 * A plan prompt's calls, one per substep before the one it asks about: the call it shows for the
 * substep, else "no tool" (a prompt without history, as Baseline-LLM's, shows no outputs either).
 */
function planCalls(env: Environment, plan: { steps: Map<string, Action>; current?: string }): Action[] {
  // (Called for prompts written as a plan only: see `transcriptCalls`.)
  if (!isPlanEnvironment(env)) return [...plan.steps.values()];
  const labels = env.substeps().map((substep) => substep.step);
  if (plan.current === undefined) throw new KeyReplayError('the prompt states a plan-guided task but no "Current substep <s>:" line, so where it stands in the plan cannot be replayed');
  if (!labels.includes(plan.current)) throw new KeyReplayError(`the prompt asks about substep ${plan.current}, which the task's plan does not have (it has ${labels.join(', ')})`);
  const at = labels.indexOf(plan.current);
  return labels.slice(0, Math.max(0, at)).map((label) => plan.steps.get(label) ?? { tool: NO_TOOL, args: {} });
}

/** The evidence of a key entry: its own, or each scalar argument value of its action. */
function evidenceOf(entry: KeyAction): (string | string[])[] {
  if (entry.evidence) return entry.evidence;
  return Object.values(entry.action.args).flatMap((value) => (typeof value === 'string' || typeof value === 'number' ? [String(value)] : []));
}

/** Whether a key entry earns competence: listed, resting on nothing unobserved, and its evidence told. */
export function isEvident(entry: KeyAction, shown: ReadonlySet<string>, told: string): boolean {
  if (entry.unseen || !shown.has(entry.action.tool)) return false;
  return evidenceOf(entry).every((fact) => (Array.isArray(fact) ? fact : [fact]).some((spelling) => spelling.trim() === '' || occursIn(told, spelling)));
}
