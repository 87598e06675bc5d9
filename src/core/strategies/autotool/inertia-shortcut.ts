import type { Action, RecoveryPath, Tool } from '../../types';
import type { Embedder } from '../../embed/embedder';
import type { TraceSink } from '../../trace';
import type { LoopState, LoopStep, Shortcut } from '../common/react-loop';
import type { ToolInertiaGraph } from './inertia-graph';
import type { FilledParam } from './parameter-filling';
import { cosine } from '../../embed/cosine';
import { formatAction } from '../../llm/action-format';
import { dependencySources, fillParameters } from './parameter-filling';
import { genericAdapter, type EnvironmentAdapter } from './environment-adapter';

/** A tool proposed for the next step, with its scores. */
export interface Prediction {
  tool: string;
  score: number;
  frequency: number;
  context: number;
}

/** Picks the next tool from the recent tools and the agent's last thought (AutoTool CIPS, or an n-gram). */
export interface Predictor {
  readonly window: number;
  /** Learns from the tool sequence so far, after each step (the n-gram counts). */
  learn?(tools: string[]): void;
  predict(recent: string[], intuition: string, tools: Tool[]): Promise<Prediction | undefined>;
}

export interface InertiaSettings {
  /** Share of a task's steps that may be inertial (section 5.1: 30%). */
  cap: number;
  /** Failed calls in a row before the recovery call (AutoTool's public code: 2, docs/sources.md). */
  recoverAfterFailures: number;
  /** Unparseable replies in a row before the recovery call (AutoTool's public code: 3, docs/sources.md). */
  recoverAfterInvalid: number;
}

/** Feedback weights of a recorded path (AutoTool §4.4 and its public code, docs/sources.md). */
const WEIGHT = { inertialOk: 1, inertialFailed: -1, llmOk: 0.5, llmFailed: -0.5 };
/** Tools recorded per path: the last up to 4 (AutoTool's public code, docs/sources.md). */
const PATH_LENGTH = 4;

/** Counts kept per task for the results (AutoTool Table 8). */
export type InertiaStats = Record<string, number>;

const toolsOf = (history: LoopStep[]) => history.filter((step) => step.parsed).map((step) => step.parsed!.tool);

/**
 * AutoTool's inertial calls inside the ReAct loop (sections 4.5 and 5.1): before each model call,
 * predict the next tool from the last `window` tools; if it passes the threshold and all required
 * parameters fill without the model, take the step without it. Not right after a failed call, not
 * right after another inertial call, never above the cap. After 2 failed calls or 3 unparseable
 * replies in a row, the environment's recovery call (its RecoveryPath, e.g. a tool that lists the
 * valid actions) is made without the model. Steps are told apart by their `shortcutKind`.
 * Every step, inertial or not, updates the graph with its feedback weight.
 */
export class InertiaShortcut implements Shortcut {
  readonly stats: InertiaStats = { inertialCalls: 0, inertialOk: 0, recoveryCalls: 0 };
  private seen = 0;
  private lastStep: 'inertial' | 'recovery' | undefined;
  private pendingFills: FilledParam[] = [];

  constructor(
    private readonly graph: ToolInertiaGraph,
    private readonly predictor: Predictor,
    private readonly tools: Tool[],
    private readonly style: 'command' | 'json',
    private readonly goal: string,
    private readonly emit: TraceSink,
    private readonly settings: InertiaSettings,
    private readonly adapter: EnvironmentAdapter = genericAdapter,
    private readonly recoveryPath?: RecoveryPath,
  ) {}

  private action(tool: Tool, args: Record<string, string | number | boolean>): { action: Action; actionText: string } {
    const action = { tool: tool.name, args };
    return { action, actionText: formatAction(action, this.style, this.tools) };
  }

  /**
   * The recovery call, when the recent steps call for one and the environment names a recovery path
   * (AutoTool section 5.1 and appendix: a preconfigured path, so the environment declares it).
   */
  private recovery(history: LoopStep[]): { action: Action; actionText: string; thought: string; kind: string } | undefined {
    const tail = (n: number, test: (step: LoopStep) => boolean) => history.length >= n && history.slice(-n).every(test);
    const failing = tail(this.settings.recoverAfterFailures, (step) => step.parsed !== undefined && !step.ok);
    const invalid = tail(this.settings.recoverAfterInvalid, (step) => step.parsed === undefined);
    if (!failing && !invalid || !this.recoveryPath) return undefined;
    const names = invalid ? this.recoveryPath.afterInvalid : this.recoveryPath.afterFailures;
    const tool = names.map((name) => this.tools.find((t) => t.name === name)).find((t) => t !== undefined);
    if (!tool || history.at(-1)?.parsed?.tool === tool.name) return undefined;
    return { ...this.action(tool, {}), thought: `Recovering after ${failing ? 'failed calls' : 'unreadable replies'}: checking what is possible.`, kind: 'recovery' };
  }

  async propose(state: LoopState): Promise<{ action: Action; actionText: string; thought: string; kind: string } | undefined> {
    const { history } = state;
    if (this.lastStep === undefined) {
      const recovery = this.recovery(history);
      if (recovery) {
        this.lastStep = 'recovery';
        this.stats.recoveryCalls++;
        this.emit({ type: 'inertia', index: history.length + 1, tool: recovery.action.tool, action: recovery.actionText, score: 0, frequency: 0, context: 0, params: [], kind: 'recovery' });
        return recovery;
      }
    }
    const previous = this.lastStep;
    this.lastStep = undefined;
    const tools = toolsOf(history);
    const last = history.at(-1);
    // AutoTool §5.1 and its public code (docs/sources.md): enough history, not after a failure, not twice in a row, under the cap.
    if (tools.length <= this.predictor.window || !last?.ok || previous === 'inertial') return undefined;
    if (this.stats.inertialCalls + 1 > this.settings.cap * (history.length + 1)) return undefined;
    const intuition = [...history].reverse().find((step) => step.thought)?.thought.slice(-50) ?? '';
    const prediction = await this.predictor.predict(tools.slice(-this.predictor.window), intuition, this.tools);
    const tool = prediction && this.tools.find((t) => t.name === prediction.tool);
    if (!prediction || !tool) return undefined;
    const filled = fillParameters(tool, this.graph, history, this.goal, this.adapter);
    if (!filled) return undefined;
    const args = Object.fromEntries(filled.map((p) => [p.name, p.value]));
    const { action, actionText } = this.action(tool, args);
    // Our choice (AutoTool appendix G, "inertia-induced redundant actions"): never repeat one of the last two actions verbatim.
    if (history.slice(-2).some((step) => step.action === actionText)) return undefined;
    this.lastStep = 'inertial';
    this.pendingFills = filled;
    this.stats.inertialCalls++;
    for (const p of filled) this.stats[`paramTried_${p.source}`] = (this.stats[`paramTried_${p.source}`] ?? 0) + 1;
    this.emit({ type: 'inertia', index: history.length + 1, tool: tool.name, action: actionText, score: prediction.score, frequency: prediction.frequency, context: prediction.context, params: filled.map(({ name, source }) => ({ name, source })), kind: 'inertial' });
    // AutoTool appendix J: how an inertial call is written into the agent's memory.
    const thought = `Using graph inertia to predict next action ${tool.name} with parameters ${JSON.stringify(args)}.`;
    return { action, actionText, thought, kind: 'inertial' };
  }

  /** Updates the graph with the steps not seen yet (feedback weights, transitions, parameter edges). */
  observe(state: LoopState): void {
    const { history } = state;
    for (; this.seen < history.length; this.seen++) {
      const step = history[this.seen];
      if (!step.parsed) continue;
      const before = history.slice(0, this.seen);
      const inertial = step.shortcutKind === 'inertial';
      const weight = inertial ? (step.ok ? WEIGHT.inertialOk : WEIGHT.inertialFailed) : step.ok ? WEIGHT.llmOk : WEIGHT.llmFailed;
      if (inertial && step.ok) {
        this.stats.inertialOk++;
        for (const p of this.pendingFills) this.stats[`paramOk_${p.source}`] = (this.stats[`paramOk_${p.source}`] ?? 0) + 1;
      }
      const tools = toolsOf(history.slice(0, this.seen + 1));
      const path = tools.slice(-PATH_LENGTH);
      // Section 4.4: paths are reinforced by the model's own steps and judged inertial calls, not by
      // recovery calls; a failed chain is kept only when longer than the window (appendix A).
      const recovery = step.shortcutKind === 'recovery';
      if (!recovery && (weight > 0 || path.length > this.predictor.window)) this.graph.recordPath(path, weight);
      this.graph.recordStep(tools.at(-2), step.parsed.tool, weight, inertial);
      this.predictor.learn?.(tools);
      if (step.ok) for (const edge of dependencySources(step.parsed.args, before)) this.graph.recordParamEdge(step.parsed.tool, edge.param, edge.from);
    }
  }
}

/**
 * AutoTool's tool choice (section 4.5, eq. 1): CIPS = (1 - alpha) * Score_freq + alpha * Score_ctx,
 * Score_ctx the cosine of the agent's intuition (the last 50 characters of its previous thought,
 * docs/sources.md) and "tool: description"; the best candidate fires when CIPS > theta.
 */
export class CipsPredictor implements Predictor {
  constructor(
    private readonly graph: ToolInertiaGraph,
    private readonly embedder: Embedder,
    readonly window: number,
    private readonly alpha: number,
    private readonly theta: number,
  ) {}

  async predict(recent: string[], intuition: string, tools: Tool[]): Promise<Prediction | undefined> {
    const scores = this.graph.frequencyScores(recent);
    if (scores.size === 0) return undefined;
    const names = [...scores.keys()];
    const docs = names.map((name) => `${name}: ${tools.find((t) => t.name === name)?.description ?? ''}`);
    const [query, ...vectors] = await this.embedder.embed([intuition, ...docs]);
    let best: Prediction | undefined;
    names.forEach((tool, i) => {
      const frequency = scores.get(tool)!;
      const context = intuition ? Math.max(0, cosine(query, vectors[i])) : 0;
      const score = (1 - this.alpha) * frequency + this.alpha * context;
      if (!best || score > best.score) best = { tool, score, frequency, context };
    });
    return best && best.score > this.theta ? best : undefined;
  }
}

/**
 * The 3-gram baseline of AutoTool appendix I: the tool that most often followed the last two
 * tools, from scratch over the run, when its share of those continuations passes theta.
 */
export class NgramPredictor implements Predictor {
  readonly window = 2;
  private readonly counts = new Map<string, Map<string, number>>();

  constructor(private readonly theta: number) {}

  learn(tools: string[]): void {
    if (tools.length < 3) return;
    const key = tools.slice(-3, -1).join('\u0000');
    const next = tools.at(-1)!;
    let byNext = this.counts.get(key);
    if (!byNext) this.counts.set(key, (byNext = new Map()));
    byNext.set(next, (byNext.get(next) ?? 0) + 1);
  }

  async predict(recent: string[]): Promise<Prediction | undefined> {
    const byNext = this.counts.get(recent.join('\u0000'));
    if (!byNext) return undefined;
    const total = [...byNext.values()].reduce((a, b) => a + b, 0);
    const [tool, count] = [...byNext].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const score = count / total;
    return score > this.theta ? { tool, score, frequency: score, context: 0 } : undefined;
  }
}
