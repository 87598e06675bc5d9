import type { Action } from '../../types';
import type { ExecutedStep, PlanEnvironment } from '../../plan-guided';
import type { StrategyContext, TaskOutcome } from '../strategy';
import type { MemoryItem } from './plan-prompt';
import { NO_TOOL } from '../../plan-guided';
import { parseReply } from '../../llm/parse-reply';
import { CancelledError } from '../../errors';
import { retrieverFor, type CandidateRetriever } from './candidates';
import { planMessages, planOptions } from './plan-prompt';
import { layoutOf } from '../../llm/prompts/prompt-layout';
import type { ChatMessage } from '../../llm/language-model';

/** Settings shared by every plan-guided strategy, so that all see the same candidates. */
export interface PlanSettings {
  /** Candidate tools per substep (EGB Alg. 3 allows K <= 100). */
  candidates: number;
  /** Whether the prompt shows the execution history (false for Baseline-LLM). */
  history: boolean;
}

/** One decision of a substep. */
export interface Decision {
  action: Action;
  thought: string;
  invalid: boolean;
}

/**
 * The plan-guided loop (SLATE section 4.1) with the pieces strategies share: candidate retrieval,
 * the decision prompt, single-pass selection, execution with trace events. Strategies drive it.
 */
export class PlanHarness {
  readonly env: PlanEnvironment;
  private readonly retriever: CandidateRetriever;
  reflections: string[] = [];

  constructor(
    readonly context: StrategyContext,
    readonly settings: PlanSettings,
  ) {
    this.env = context.env as PlanEnvironment;
    this.retriever = retrieverFor(this.env.tools(), context.embedder);
  }

  /** The prompt parts for the substep at `index` after `history`. */
  async parts(index: number, history: ExecutedStep[]) {
    const substeps = this.env.substeps();
    const substep = substeps[index];
    const memory: MemoryItem[] = (await this.context.recall?.(substep.description)) ?? [];
    const candidates = await this.retriever.retrieve(this.env.query(), substep.description, this.settings.candidates);
    // Tools named by memory join the candidates: the prompt shows them either way.
    for (const item of memory) {
      const tool = this.env.tools().find((t) => t.name === item.tool);
      if (tool && !candidates.includes(tool)) candidates.push(tool);
    }
    return {
      query: this.env.query(),
      substeps,
      index,
      candidates,
      history: this.settings.history ? history : undefined,
      reflections: this.reflections,
      memory,
      layout: layoutOf(this.context),
    };
  }

  /** SELECTTOOL (EGB Alg. 1, line 28): one generation, parsed; an unparseable reply acts as no tool. */
  async selectOnce(index: number, history: ExecutedStep[]): Promise<Decision> {
    const parts = await this.parts(index, history);
    const options = planOptions(parts);
    const reply = await this.context.model.generate({ kind: 'act', messages: planMessages(parts, 'act', options), options });
    return readDecision(reply.text);
  }

  /**
   * Executes a decision at the cursor, records it in `trajectory` and emits it. Returns whether the
   * plan is complete and succeeded (TASKSUCCESS of EGB Alg. 1 once the last substep ran).
   */
  execute(decision: Decision, trajectory: ExecutedStep[]): boolean {
    if (this.context.signal?.aborted) throw new CancelledError();
    const substep = this.env.substeps()[trajectory.length];
    const result = this.env.step(decision.action);
    trajectory.push({ step: substep.step, action: decision.action, output: result.output, observation: result.observation, ok: result.ok });
    if (decision.invalid) this.invalidSteps++;
    this.context.emit({
      type: 'step',
      index: trajectory.length,
      thought: decision.thought,
      action: `${substep.step}: ${decision.action.tool}${decision.action.tool === NO_TOOL ? '' : ` with Action Input: ${JSON.stringify(decision.action.args)}`}`,
      observation: result.observation,
      ok: result.ok,
      invalid: decision.invalid,
      progress: result.progress,
    });
    return result.done && result.success;
  }

  /** Runs single-pass selection from the end of `trajectory` to the end of the plan; true on success. */
  async finish(trajectory: ExecutedStep[]): Promise<boolean> {
    let success = false;
    while (trajectory.length < this.env.substeps().length) {
      success = this.execute(await this.selectOnce(trajectory.length, trajectory), trajectory);
    }
    return success;
  }

  /** Replies that could not be parsed, over all passes. */
  invalidSteps = 0;

  /** Puts the environment back on `trajectory` (the one the strategy returns) and reports it. */
  outcome(trajectory: ExecutedStep[], success: boolean): TaskOutcome {
    this.env.seek(trajectory.length, trajectory);
    const metrics = this.env.metrics();
    this.context.emit({ type: 'task-end', success, progress: metrics.progress ?? 0, steps: trajectory.length });
    return {
      success,
      progress: metrics.progress ?? 0,
      steps: trajectory.length,
      invalidSteps: this.invalidSteps,
      failedCalls: trajectory.filter((e) => !e.ok).length,
    };
  }

  /** What the trace shows as the instruction: the system prompt, and under the `cache` layout the case after it. */
  private instruction(messages: ChatMessage[]): string {
    return layoutOf(this.context) === 'cache' ? `${messages[0].content}\n${messages[1].content}` : messages[0].content;
  }

  /** Emits the task-start event with the first decision prompt. */
  async start(): Promise<void> {
    const parts = await this.parts(0, []);
    this.context.emit({ type: 'task-start', goal: this.env.query(), instruction: this.instruction(planMessages(parts, 'act')), initialObservation: this.context.initialObservation });
  }
}

/** Reads a plan-guided reply; a reply without a usable action counts as invalid and calls no tool. */
export function readDecision(text: string): Decision {
  const parsed = parseReply(text, 'json', []);
  if (!parsed.ok) return { action: { tool: NO_TOOL, args: {} }, thought: parsed.thought, invalid: true };
  return { action: parsed.action, thought: parsed.thought, invalid: false };
}
