import type { StrategyContext, TaskOutcome } from '../strategy';
import type { ChatMessage, ShownOption } from '../../llm/language-model';
import type { Action, ActionStyle, Tool } from '../../types';
import { parseReply, type ParsedReply } from '../../llm/parse-reply';
import { fullDocOptions, toolDocLine } from '../../llm/prompts/tool-listing';
import { goalMessage, reactInstruction, reflectionMessage } from '../../llm/prompts/react-instruction';
import { layoutOf } from '../../llm/prompts/prompt-layout';
import { sameTexts } from '../../text-cache';
import { CancelledError } from '../../errors';
import { listedTools } from './listed-tools';
import { moduleCache, weakCache } from '../../caches';

/** The observation an unparseable reply gets; the step counts as invalid. */
export function formatErrorObservation(error: string): string {
  return `Invalid format: ${error}. Reply with a "Think:" line and then an "Action:" line.`;
}

/** A hook run after each step; it may return a reflection to add to the agent's memory. */
export type AfterStep = (state: LoopState) => Promise<void>;

/**
 * What the prompt shows of the tools at a step, and what the reply may call. A view that shows
 * something else returns a new listing; a listing is never changed in place.
 */
export interface ToolListing {
  toolLines: string[];
  options: ShownOption[];
  toolNote?: string;
  /** Tools the reply is parsed against. */
  parseTools: Tool[];
}

/**
 * How a strategy presents tools and handles meta-actions (EcoAct's registration): the listing per
 * step, and actions it answers itself before the environment sees them.
 */
export interface ToolView {
  listing(): ToolListing;
  /**
   * Text the user's query carries before the first observation, as its own user message (EcoAct
   * section 2.2: the query includes every tool's name). Fixed for the task.
   */
  queryNote?: string;
  intercept?(action: Action, step: number): { observation: string; ok: boolean } | undefined;
}

/** Every tool with its full documentation: plain ReAct and Reflexion. */
export function fullDocView(tools: Tool[], style: ActionStyle): ToolView {
  const listing = sameListing(tools, { toolLines: tools.map((tool) => toolDocLine(tool, style)), options: fullDocOptions(tools, style), parseTools: tools });
  return { listing: () => listing };
}

/** The last listing made over each tools array (see `sameListing`). */
const lastListings = moduleCache('strategies/common/react-loop: last listing by tools', weakCache<Tool[], ToolListing>());

/**
 * The listing made last over the same tools when it shows the same lines and options, else this
 * one: a view built anew for each task then hands SimLM the listing array it has read already
 * (its readings are kept per listing array), instead of 1,000 fresh options per task on SLATE.
 */
export function sameListing(tools: Tool[], listing: ToolListing): ToolListing {
  const last = lastListings.get(tools);
  if (
    last &&
    last.parseTools === listing.parseTools &&
    last.toolNote === listing.toolNote &&
    sameTexts(last.toolLines, listing.toolLines) &&
    last.options.length === listing.options.length &&
    last.options.every((option, i) => option.name === listing.options[i].name && option.shown === listing.options[i].shown)
  )
    return last;
  lastListings.set(tools, listing);
  return listing;
}

/** One step as the loop saw it. */
export interface LoopStep {
  /** The action as written (or the raw reply when it could not be parsed). */
  action: string;
  observation: string;
  ok: boolean;
  thought: string;
  /** The parsed action; absent for an unparseable reply. */
  parsed?: Action;
  /** True when a shortcut (AutoTool's inertia) took the step without the model. */
  shortcut: boolean;
  /** What the shortcut called its step (AutoTool: `inertial` or `recovery`); absent for a model's step. */
  shortcutKind?: string;
  /** True when the environment reported more progress after this step than before it. */
  advanced: boolean;
}

/** What the loop has seen so far, for hooks. */
export interface LoopState {
  history: LoopStep[];
  /** The memory of reflections (Reflexion), newest last. */
  reflections: string[];
  /** Reflections made so far in the task, counting those the memory has let go. */
  reflectionsMade?: number;
}

/**
 * A way to take a step without the model (AutoTool's inertial call, section 4.5): the action, and
 * the text the transcript records for it (AutoTool appendix J).
 */
export interface Shortcut {
  propose(state: LoopState): Promise<{ action: Action; actionText: string; thought: string; kind: string } | undefined>;
}

/** What a strategy adds to the plain loop. */
export interface LoopHooks {
  afterStep?: AfterStep;
  /** A view of its own, whatever the run's listing (EcoAct's names): the tools are not shortlisted. */
  view?: ToolView;
  /**
   * The view over the tools the task lists (default `fullDocView`): every tool, or the shortlist
   * where the run asks for one (`listed-tools.ts`; ToolExpNet adds its guidance to each line).
   */
  viewOf?: (tools: Tool[]) => ToolView;
  shortcut?: Shortcut;
  /** Called after every step, the last one included (AutoTool updates its graph here). */
  onStep?: (state: LoopState) => void;
}

/**
 * The ReAct loop (Yao et al.; prompts of AutoTool appendix J): one model call per step, the reply
 * parsed as Think/Action, the action executed, the observation appended. Unparseable replies cost
 * a step and get a format-error observation. `afterStep` lets Reflexion add reflections to memory.
 */
export async function runReactLoop(context: StrategyContext, hooks: LoopHooks = {}): Promise<TaskOutcome> {
  const { env, model, goal, emit, signal } = context;
  const { afterStep, shortcut, onStep } = hooks;
  // Under the `cache` layout (prompts/prompt-layout.ts) the system prompt is the first one, byte for
  // byte, for the whole task: reflections and registrations are appended to the transcript instead
  // of rewriting the instruction, so every prompt of the task extends the one before it.
  const cacheLayout = layoutOf(context) === 'cache';
  const openingTurns = (shown: ToolView): ChatMessage[] => [
    ...(cacheLayout ? [{ role: 'user' as const, content: goalMessage(env.actionStyle, goal) }] : []),
    ...(shown.queryNote ? [{ role: 'user' as const, content: shown.queryNote }] : []),
    { role: 'user', content: `Observation: ${context.initialObservation}` },
  ];
  const viewOf = hooks.viewOf ?? ((tools: Tool[]) => fullDocView(tools, env.actionStyle));
  // The task's first prompt over a view: what `fit` measures against the window (listed-tools.ts).
  const opening = (shown: ToolView): ChatMessage[] => {
    const { toolLines, toolNote } = shown.listing();
    return [{ role: 'system', content: reactInstruction({ goal, style: env.actionStyle, toolLines, toolNote, reflections: [], layout: cacheLayout ? 'cache' : 'paper' }) }, ...openingTurns(shown)];
  };
  // Every tool, or the run's shortlist (listed-tools.ts), chosen once for the whole task.
  const view = hooks.view ?? (context.listing ? viewOf(await listedTools(context, (tools) => opening(viewOf(tools)))) : viewOf(env.tools()));
  const state: LoopState = { history: [], reflections: [] };
  let listing = view.listing();
  const first = listing;
  // The instruction is rebuilt only when what it shows changed (listings are never changed in
  // place): on SLATE it lists 1,000 tools, and one string object reused call after call is also
  // read at once by every cache keyed on prompt text.
  let built: { toolLines: string[]; toolNote?: string; reflections: string[]; text: string } | undefined;
  const instruction = () => {
    const shown = cacheLayout ? first : listing;
    const reflections = cacheLayout ? [] : state.reflections;
    if (built && built.toolLines === shown.toolLines && built.toolNote === shown.toolNote && sameTexts(built.reflections, reflections)) return built.text;
    const text = reactInstruction({ goal, style: env.actionStyle, toolLines: shown.toolLines, toolNote: shown.toolNote, reflections, layout: cacheLayout ? 'cache' : 'paper' });
    built = { toolLines: shown.toolLines, toolNote: shown.toolNote, reflections: [...reflections], text };
    return text;
  };
  emit({ type: 'task-start', goal, instruction: cacheLayout ? `${instruction()}\n\n${goalMessage(env.actionStyle, goal)}` : instruction(), initialObservation: context.initialObservation });

  const turns: ChatMessage[] = openingTurns(view);
  const outcome: TaskOutcome = { success: false, progress: 0, steps: 0, invalidSteps: 0, failedCalls: 0 };
  while (outcome.steps < env.maxSteps) {
    if (signal?.aborted) throw new CancelledError();
    listing = view.listing();
    const progressBefore = outcome.progress;
    const proposal = await shortcut?.propose(state);
    let replyText: string;
    let parsed: ParsedReply;
    if (proposal) {
      replyText = `Think: ${proposal.thought}\nAction: ${proposal.actionText}`;
      parsed = { ok: true, action: proposal.action, actionText: proposal.actionText, thought: proposal.thought };
    } else {
      const reply = await model.generate({ kind: 'act', messages: [{ role: 'system', content: instruction() }, ...turns], options: listing.options });
      replyText = reply.text;
      parsed = parseReply(reply.text, env.actionStyle, listing.parseTools);
    }
    outcome.steps++;
    let observation: string;
    let ok = false;
    let done = false;
    const handled = parsed.ok ? view.intercept?.(parsed.action, outcome.steps) : undefined;
    if (handled) {
      ({ observation, ok } = handled);
      if (!ok) outcome.failedCalls++;
    } else if (parsed.ok) {
      const result = env.step(parsed.action);
      ({ observation, ok, done } = result);
      outcome.progress = Math.max(outcome.progress, result.progress);
      outcome.success ||= result.success;
      if (!ok) outcome.failedCalls++;
    } else {
      outcome.invalidSteps++;
      observation = formatErrorObservation(parsed.error);
    }
    const action = parsed.ok ? parsed.actionText : replyText.trim();
    emit({ type: 'step', index: outcome.steps, thought: parsed.thought, action, observation, ok, invalid: !parsed.ok, progress: outcome.progress });
    turns.push({ role: 'assistant', content: replyText }, { role: 'user', content: `Observation: ${observation}` });
    state.history.push({ action, observation, ok, thought: parsed.thought, ...(parsed.ok ? { parsed: parsed.action } : {}), shortcut: proposal !== undefined, ...(proposal ? { shortcutKind: proposal.kind } : {}), advanced: outcome.progress > progressBefore });
    onStep?.(state);
    if (done || outcome.success) break;
    const made = state.reflectionsMade ?? 0;
    await afterStep?.(state);
    // A new reflection under the `cache` layout: its own user message after the observation.
    if (cacheLayout && (state.reflectionsMade ?? 0) > made) turns.push({ role: 'user', content: reflectionMessage(state.reflections.at(-1)!) });
  }
  emit({ type: 'task-end', success: outcome.success, progress: outcome.progress, steps: outcome.steps });
  return outcome;
}
