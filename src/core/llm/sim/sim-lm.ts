import type { Action, ActionStyle, ArgValue, Expert, Tool } from '../../types';
import type { ChoiceRequest, ChoiceResult, GenerateRequest, GenerateResult, LanguageModel, ShownOption } from '../language-model';
import type { ChatTokenCounter } from '../token-counter';
import type { SimPreset } from './presets';
import type { LexicalEmbedder } from '../../embed/lexical-embedder';
import { Rng } from '../../rng';
import { cosine } from '../../embed/cosine';
import { formatAction } from '../action-format';
import { looksLikeFailure } from '../failure-signals';
import { actionsNamedAsFailed, lastObservation, normalizeAction, previousActionText, trajectorySteps } from './read-context';

/** What SimLM knows of the task it plays: the expert handle (never given to strategies) and the action syntax. */
export interface SimBinding {
  expert: Expert;
  tools: Tool[];
  style: ActionStyle;
  goal: string;
  seed: number;
}

function softmax(logits: number[]): number[] {
  const max = Math.max(...logits);
  const weights = logits.map((logit) => Math.exp(logit - max));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/**
 * The simulated language model (DESIGN section 4.2): a noisy expert. For an action it scores each
 * option the prompt shows, logit_i = beta * cos(context, shown_i) + kappa * [i is the expert's tool],
 * samples at temperature tau, sometimes fills a wrong argument or writes an unparseable reply, and
 * after a failure tends to repeat itself unless the context names that action as failed. It writes
 * Think/Action text that the strategy parses like any model's. Deterministic for a seed.
 */
export class SimLM implements LanguageModel {
  readonly simulated = true;
  readonly id: string;
  readonly label: string;
  private readonly rng: Rng;
  private lastRelevance: { key: string; values: number[] } | undefined;

  constructor(
    readonly preset: SimPreset,
    private readonly binding: SimBinding,
    private readonly counter: ChatTokenCounter,
    private readonly embedder: LexicalEmbedder,
  ) {
    this.id = `sim:${preset.id}`;
    this.label = `Simulated model: ${preset.label}`;
    this.rng = new Rng(binding.seed);
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const text =
      request.kind === 'act' ? this.act(request) : request.kind === 'reflect' ? this.reflect(request) : request.kind === 'insight' ? this.insight(request) : this.remark(request);
    const usage = { promptTokens: this.counter.countChat(request.messages), completionTokens: this.counter.count(text) };
    return { text, usage, ms: performance.now() - started };
  }

  /**
   * The option probabilities SimLM samples from, as a white-box model's logits would give them.
   * Costed like Alg. 3 of the EGB paper: one pass for the first index digit and ten for the second.
   */
  async choiceDistribution(request: ChoiceRequest): Promise<ChoiceResult> {
    const started = performance.now();
    const logits = this.optionLogits(request.options, lastObservation(request.messages));
    const passes = 11;
    const promptTokens = this.counter.countChat(request.messages);
    return {
      probabilities: softmax(logits),
      usage: { promptTokens: promptTokens * passes + (passes - 1), completionTokens: 0 },
      ms: performance.now() - started,
      passes,
    };
  }

  private act(request: GenerateRequest): string {
    const { preset, rng } = this;
    const observation = lastObservation(request.messages);
    const failedNamed = actionsNamedAsFailed(request.messages);
    const previous = previousActionText(request.messages);

    if (rng.next() < preset.formatError) {
      return `Think: ${this.thought(observation, 'work out the next step')} I am not sure which command fits; maybe I should look around first.`;
    }
    if (previous && looksLikeFailure(observation) && !failedNamed.has(normalizeAction(previous)) && rng.next() < preset.perseveration) {
      return `Think: ${this.thought(observation, previous)}\nAction: ${previous}`;
    }
    const options = request.options ?? [];
    if (options.length === 0) return 'Think: No tools are listed, so I cannot act.';
    const greedy = request.temperature === 0;
    let action = this.sampleAction(options, observation, greedy);
    for (let attempt = 0; attempt < 3 && failedNamed.has(normalizeAction(this.format(action))); attempt++) {
      if (rng.next() >= preset.reflectionAdherence) break;
      action = this.sampleAction(options, observation, false);
    }
    const text = this.format(action);
    return `Think: ${this.thought(observation, text)}\nAction: ${text}`;
  }

  private format(action: Action): string {
    return formatAction(action, this.binding.style, this.binding.tools);
  }

  /** logit_i = (beta * cos(context, shown_i) + kappa * [i is the expert's tool]) / tau (DESIGN 4.2). */
  private optionLogits(options: ShownOption[], observation: string): number[] {
    const { preset, binding } = this;
    const gold = binding.expert.next();
    const relevance = this.relevance(options, observation);
    return options.map((option, i) => (preset.beta * relevance[i] + (gold && option.name === gold.tool ? preset.kappa : 0)) / preset.tau);
  }

  /** cos(context, shown_i) per option, kept for the request at hand: samples and retries ask again. */
  private relevance(options: ShownOption[], observation: string): number[] {
    const key = `${observation}\u0001${options.map((option) => option.shown).join('\u0002')}`;
    if (this.lastRelevance?.key === key) return this.lastRelevance.values;
    const context = this.embedder.embedOne(`${this.binding.goal}\n${observation}`);
    const values = options.map((option) => cosine(context, this.embedder.embedOne(option.shown)));
    this.lastRelevance = { key, values };
    return values;
  }

  /** Picks a tool among the shown options (sampled, or the most likely when greedy), then fills its arguments. */
  private sampleAction(options: ShownOption[], observation: string, greedy: boolean): Action {
    const { preset, binding, rng } = this;
    const gold = binding.expert.next();
    const probabilities = softmax(this.optionLogits(options, observation));
    const index = greedy ? probabilities.indexOf(Math.max(...probabilities)) : rng.weighted(probabilities);
    const chosen = options[index].name;
    // An option that is only reachable through a meta-action (registering it first) yields that action.
    const via = options[index].via;
    if (via) return { tool: via.tool, args: { ...via.args } };
    if (gold && chosen === gold.tool) {
      const args = { ...gold.args };
      const names = Object.keys(args);
      if (names.length > 0 && rng.next() < preset.argumentError) {
        const name = rng.pick(names);
        const wrong = binding.expert.argumentChoices(chosen, name).filter((value) => value !== args[name]);
        if (wrong.length > 0) args[name] = rng.pick(wrong);
      }
      return { tool: chosen, args };
    }
    const tool = binding.tools.find((t) => t.name === chosen);
    const args: Record<string, ArgValue> = {};
    for (const name of tool?.arguments.required ?? []) {
      const choices = binding.expert.argumentChoices(chosen, name);
      args[name] = choices.length > 0 ? rng.pick(choices) : 'unknown';
    }
    return { tool: chosen, args };
  }

  private thought(observation: string, plan: string): string {
    const seen = looksLikeFailure(observation)
      ? 'That did not work as expected.'
      : `The observation says: "${shorten(observation, 90)}".`;
    return `${seen} My goal: ${shorten(this.binding.goal.replace(/^your task is to:\s*/i, ''), 90)}. The next step is ${plan}.`;
  }

  /** A Reflexion self-reflection that names the failed action (with probability reflectionQuality). */
  private reflect(request: GenerateRequest): string {
    const steps = trajectorySteps(request.messages.map((m) => m.content).join('\n'));
    const failed = [...steps].reverse().find((step) => looksLikeFailure(step.observation));
    const last = steps.at(-1);
    if (this.rng.next() >= this.preset.reflectionQuality || !last) {
      return 'I made a mistake somewhere in this attempt. I should think more carefully about the goal before acting.';
    }
    if (failed) {
      return `The action "${failed.action}" failed ("${shorten(failed.observation, 60)}"). I must not repeat "${failed.action}"; instead I will check what is possible here and take a different step toward the goal.`;
    }
    return `I keep getting the same observation after "${last.action}". I should avoid "${last.action}" now and try a different action that makes progress.`;
  }

  /**
   * A tool insight written from the experience a prompt lists (ToolExpNet section 3.2): lines
   * `- worked for: "…"`, `- failed for: "…"`, `- confused with: X`, `- gets ids from: Y`. Like a
   * reflection, it is faithful with probability reflectionQuality, otherwise vague.
   */
  private insight(request: GenerateRequest): string {
    const text = request.messages.map((m) => m.content).join('\n');
    const grab = (label: string) => [...text.matchAll(new RegExp(`^- ${label}: (.+)$`, 'gim'))].map((m) => m[1].trim());
    if (this.rng.next() >= this.preset.reflectionQuality) return 'Use this tool when it fits the request, and read its parameters carefully.';
    const parts: string[] = [];
    const worked = [...new Set(grab('worked for'))].slice(0, 3);
    const failed = [...new Set(grab('failed for'))].slice(0, 2);
    const confused = [...new Set(grab('confused with'))].slice(0, 3);
    const needs = [...new Set(grab('gets ids from'))].slice(0, 3);
    if (worked.length) parts.push(`Use it for requests like ${worked.join('; ')}.`);
    if (failed.length) parts.push(`It did not help for ${failed.join('; ')}.`);
    if (confused.length) parts.push(`Do not confuse it with ${confused.join(', ')}: check which one the request needs.`);
    if (needs.length) parts.push(`Call ${needs.join(' or ')} first to get the id it needs.`);
    return parts.length ? parts.join(' ') : 'No experience yet beyond the documentation.';
  }

  private remark(request: GenerateRequest): string {
    return `Think: ${this.thought(lastObservation(request.messages), 'to continue with the task')}`;
  }
}
