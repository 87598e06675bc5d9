import type { Action, ArgValue } from '../../types';
import type { ChatMessage, ChoiceRequest, ChoiceResult, GenerateRequest, GenerateResult, LanguageModel, ShownOption } from '../language-model';
import type { ChatTokenCounter } from '../token-counter';
import type { SimPreset } from './presets';
import type { Embedder } from '../../embed/embedder';
import type { Advice, Advisor, AdvisorInput } from '../advisor';
import { BLIND_READER, promptText } from '../advisor';
import { Rng } from '../../rng';
import { requestSeed } from '../request-seed';
import { constrainedFromReply } from '../constrained-actions';
import { looksLikeFailure } from '../failure-signals';
import { optionScores, softmax, textVectorsOf, type TextVectors } from './option-logits';
import { OptionCache, commandTemplate, goalOf, isBareName, lastObservation, listedNames, normalizeAction, requiredParams, trajectorySteps } from './read-context';
import { RequestReading } from './request-reading';
import { neighbourLines, recordLines, subjectOf } from '../prompts/trial-records';
import { listingMemo } from './listing-memo';
import { pickValue } from './value-pick';
import { ContextOverflowError } from '../context-window';
import { moduleCache } from '../../caches';

/**
 * What SimLM is given besides requests: a sampling seed (per task, like a request's `seed`), a
 * model seed (which model of the class this is: its fixed preferences), the run's embedder and the
 * task's evident key (docs/simulated-model.md). No environment, expert, tool list or data.
 */
export interface SimBinding {
  /**
   * A reader to use in place of the shape's: for tests of SimLM itself on toy prompts only (a run's
   * provider never sets it; `sim-honesty.test.ts` checks).
   */
  reader?: Advisor;
  /** The task's evident key (`key/evident-key.ts`): its only source of competence. Absent: it knows nothing of the task. */
  key?: Advisor;
  seed: number;
  modelSeed: number;
  /** What it reads relevance with: an embedder over exactly the shown text. */
  embedder: Embedder;
  /** Constrained actions for the run (structured output): no malformed replies, no unlisted tools. */
  constrained?: boolean;
  /** Its context window in tokens, where the run checks windows: a longer request is refused, as a server refuses it. */
  window?: number;
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/**
 * The option that makes a name-only tool usable: a documented one whose only required parameter
 * takes a tool's name (how a reader would see what to do with a tool it knows by name only).
 */
function enablingOption(options: ShownOption[]): { option: ShownOption; param: string } | undefined {
  const found = enablingIndex(options);
  return found && { option: options[found.index], param: found.param };
}

/** Where a listing's enabling option stands, read once per listing, and per names and texts listed (plan-guided strategies build each candidate list afresh). */
const enablingIndex = moduleCache('llm/sim/sim-lm: enabling option by listing', listingMemo(readEnablingOption, { byContent: 2_000 }));

function readEnablingOption(options: ShownOption[]): { index: number; param: string } | undefined {
  for (let index = 0; index < options.length; index++) {
    const param = enablingParam.get(options[index], readEnablingParam).param;
    if (param !== undefined) return { index, param };
  }
  return undefined;
}

/** Per option text, the parameter that makes it an enabling option (see `enablingOption`), if any: listings repeat their options. */
const enablingParam = moduleCache('llm/sim/sim-lm: enabling parameter by option', new OptionCache<{ param?: string }>(50_000));

function readEnablingParam(option: ShownOption): { param?: string } {
  if (isBareName(option)) return {};
  const params = requiredParams(option);
  if (params.length !== 1) return {};
  const spec = new RegExp(`"${params[0]}" \\([a-z]+, required\\): ([^;]*)`).exec(option.shown)?.[1] ?? '';
  return /tool/i.test(`${params[0]} ${spec}`) && /name/i.test(`${params[0]} ${spec}`) ? { param: params[0] } : {};
}

/**
 * The options a reader weighs for an act request: those the request offers and, where one of them
 * takes a tool's name (see `enablingOption`), each name the task's messages list that is not an
 * offered option, as a name-only option (choosing it means calling the enabling option with it).
 */
function weighedOptions(messages: ChatMessage[], offered: ShownOption[]): ShownOption[] {
  if (!enablingOption(offered)) return offered;
  const names = new Set(offered.map((option) => option.name));
  const extra = listedNames(messages).filter((name) => !names.has(name));
  return extra.length ? [...offered, ...extra.map((name) => ({ name, shown: name }))] : offered;
}

/**
 * The simulated language model (docs/simulated-model.md): a model of a model. Everything it does is
 * computed from the request: the messages' text, the kind of call, the temperature and the options
 * the prompt enumerates. It scores each option (relevance, fixed preferences, the advisor's pick as
 * far as the text shows it), samples one, fills arguments from values the prompt shows, slips now
 * and then, avoids failures it can see, and writes Think/Action text that the strategy parses like
 * any model's reply. Deterministic for a seed.
 */
export class SimLM implements LanguageModel {
  readonly simulated = true;
  readonly id: string;
  readonly label: string;
  private readonly vectors: TextVectors;
  /** Generation requests answered so far: the next request's seed is `requestSeed(seed, calls)`. */
  private calls = 0;
  /** The last request's reading, reused by a request that shows exactly the same text. */
  private lastReading: RequestReading | undefined;

  constructor(
    readonly preset: SimPreset,
    private readonly binding: SimBinding,
    private readonly counter: ChatTokenCounter,
  ) {
    this.id = `sim:${preset.id}`;
    this.label = `Simulated model: ${preset.label}`;
    this.vectors = textVectorsOf(binding.embedder);
    const source = binding.reader ?? binding.key ?? BLIND_READER;
    this.advisor = preset.kappa > 0 ? source : { shape: source.shape, goal: source.goal, recognizes: () => true, advise: () => ({ calls: [] }), values: (input, tool, param) => source.values(input, tool, param) };
  }

  /**
   * One reply, drawn with the request's own seed: `request.seed` where the request carries one (as
   * an API request does), else the next of the task's request seeds. Each call has its own stream,
   * so the replies do not depend on how calls interleave.
   */
  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const rng = new Rng(request.seed ?? requestSeed(this.binding.seed, this.calls));
    this.calls++;
    const reading = this.read(request.messages, request.kind === 'act' ? weighedOptions(request.messages, request.options ?? []) : (request.options ?? []));
    this.checkWindow(reading.promptTokens);
    const text =
      request.kind === 'act'
        ? await this.act(request, reading, rng)
        : request.kind === 'reflect'
          ? this.reflect(request, rng)
          : request.kind === 'insight'
            ? this.insight(request, rng)
            : this.remark(reading);
    const usage = { promptTokens: reading.promptTokens, completionTokens: this.counter.count(text) };
    return { text, usage, ms: performance.now() - started };
  }

  /**
   * The option probabilities a white-box model's logits would give: the same logits `generate`
   * samples from, at the preset's temperature. Costed like Alg. 3 of the EGB paper: one pass for
   * the first index digit and ten for the second.
   */
  async choiceDistribution(request: ChoiceRequest): Promise<ChoiceResult> {
    const started = performance.now();
    const reading = this.read(request.messages, request.options);
    this.checkWindow(reading.promptTokens);
    const logits = await reading.logits();
    const passes = 11;
    const promptTokens = reading.promptTokens;
    return {
      probabilities: softmax(logits, this.preset.tau),
      usage: { promptTokens: promptTokens * passes + (passes - 1), completionTokens: 0 },
      ms: performance.now() - started,
      passes,
    };
  }

  /**
   * Refuses a prompt over the window, as a server does (llama.cpp refuses a prompt longer than its
   * context; vLLM answers 400 with this message, counting `max_tokens` too, which SimLM does not).
   */
  private checkWindow(promptTokens: number): void {
    const window = this.binding.window;
    if (window !== undefined && promptTokens > window) throw new ContextOverflowError(promptTokens, window);
  }

  /**
   * Where its competence comes from: the task's evident key (or a test's reader). At competence 0 it
   * takes no gold call from it at all (not even its arguments), only the values the prompt shows.
   * Fixed for the model's life (its preset and binding are), so decided once.
   */
  private readonly advisor: Advisor;

  /** What the request's text shows, read once for every request that shows exactly that text. */
  private read(messages: ChatMessage[], options: ShownOption[]): RequestReading {
    this.lastReading = RequestReading.of(this.lastReading, messages, options, this.advisor, (input, advice) => this.scores(input, advice), this.counter);
    return this.lastReading;
  }

  private scores(input: AdvisorInput, advice: Advice) {
    // What the prompt asks about where the reader says (a plan's current substep), else the goal and the latest observation.
    const goal = goalOf(input.messages, this.advisor.goal);
    const context = advice.asked !== undefined ? shorten(advice.asked, 600) : `${goal}\n${shorten(lastObservation(input.messages), 600)}`;
    // Fixed preferences are per task: keyed by the goal as the task states it, not by a strategy's label for it.
    // The reading scored is the one just read (scores run from its logits()), so its token count is at hand.
    return optionScores(input.options, context, advice, this.preset, this.binding.modelSeed, goal, this.vectors, this.lastReading?.promptTokens ?? 0);
  }

  private async act(request: GenerateRequest, reading: RequestReading, rng: Rng): Promise<string> {
    const { preset } = this;
    const { observation, named, previous } = reading;

    const offered = request.options ?? [];
    const options = reading.input.options;
    // Under constrained decoding a reply is always a well-formed call of a listed tool.
    const constrained = (request.constrained ?? this.binding.constrained ?? false) && offered.length > 0;
    if (!constrained && rng.next() < preset.formatError) {
      return `Think: ${this.thought(observation, 'work out the next step')} I am not sure which action fits; maybe I should look around first.`;
    }
    // Perseveration: right after a failure, a weak model often tries the same thing again.
    const repeatable = previous !== undefined && (!constrained || constrainedFromReply(`Action: ${previous}`, offered) !== undefined);
    if (previous && repeatable && looksLikeFailure(observation) && !named.has(normalizeAction(previous)) && rng.next() < preset.perseveration) {
      return `Think: ${this.thought(observation, previous)}\nAction: ${previous}`;
    }
    if (options.length === 0) return 'Think: No tools are listed, so I cannot act.';
    const { advice } = reading;
    const logits = await reading.logits();
    const { failed, listed, json, stalled } = reading;
    let text = '';
    let followed = false;
    // Choose, then look at the choice: an action a reflection names, one the transcript shows failing, one
    // the last two turns both wrote to the same observation, or one missing from a list of valid actions
    // the latest observation shows, is reconsidered.
    for (let attempt = 0; attempt < 4; attempt++) {
      const index = this.sample(rng, logits, request.temperature);
      const action = await this.actionFor(rng, options[index], options, offered, advice, reading, logits, request.temperature ?? 1);
      text = this.write(action, options, json);
      followed = advice.calls.some((call) => call.tool === action.tool);
      const key = normalizeAction(text);
      const reconsider =
        (named.has(key) && rng.next() < preset.reflectionAdherence) ||
        ((failed.has(key) || key === stalled || (listed !== undefined && !listed.has(key))) && rng.next() < preset.historyUse);
      if (!reconsider) break;
      // Noticing the mistake costs the option what the key gave it and a margin more: a fixed 3 was
      // nothing against a competence of 16 (the calibrated small), and the check never turned it away.
      logits[index] -= 3 + preset.kappa;
    }
    const plan = followed && advice.reason ? advice.reason : text;
    return `Think: ${this.thought(observation, plan)}\nAction: ${text}`;
  }

  /** An option index: greedy at temperature 0, else sampled at the preset's temperature times the request's. */
  private sample(rng: Rng, logits: number[], temperature = 1): number {
    if (temperature <= 0) return logits.indexOf(Math.max(...logits));
    return rng.weighted(softmax(logits, this.preset.tau * temperature));
  }

  /** The call for a chosen option: the advisor's arguments where it named the tool, else values the prompt shows (`pickValue`). */
  private async actionFor(rng: Rng, option: ShownOption, options: ShownOption[], offered: ShownOption[], advice: Advice, reading: RequestReading, logits: number[], temperature: number): Promise<Action> {
    const { preset } = this;
    const enabling = reading.once('enabling', () => enablingOption(options));
    // A tool known by name only: do what the prompt says makes it usable. Where the request offers
    // it as an option, a weak model sometimes calls it anyway; a name the request does not offer
    // (a name in a list) is never called directly.
    const callable = offered.includes(option);
    if (enabling && isBareName(option) && (!callable || rng.next() >= preset.unusableCall)) return { tool: enabling.option.name, args: { [enabling.param]: option.name } };
    // Choosing the enabling tool itself: it names the name-only tool it prefers (by the same logits).
    if (enabling && option === enabling.option) {
      const bare = options.flatMap((o, i) => (isBareName(o) ? [i] : []));
      if (bare.length > 0) {
        const pick = bare[rng.weighted(softmax(bare.map((i) => logits[i]), preset.tau))];
        return { tool: option.name, args: { [enabling.param]: options[pick].name } };
      }
    }
    const advised = advice.calls.filter((call) => call.tool === option.name);
    const args: Record<string, ArgValue> = advised.length > 0 ? { ...rng.pick(advised).args } : {};
    if (advised.length === 0) {
      // Arguments of a near-duplicate the advisor named carry over by parameter name.
      const twin = advice.calls.find((call) => requiredParams(option).every((param) => param in call.args));
      for (const param of requiredParams(option)) {
        if (twin && param in twin.args) args[param] = twin.args[param];
        else {
          const values = reading.values(option.name, param);
          if (values.length > 0) args[param] = await pickValue(rng, values, option, param, reading.input.messages, this.vectors, { beta: preset.beta, tau: preset.tau, temperature });
        }
      }
    }
    const names = Object.keys(args);
    if (names.length > 0 && rng.next() < preset.argumentError) {
      const param = rng.pick(names);
      const wrong = reading.values(option.name, param).filter((value) => String(value) !== String(args[param]));
      if (wrong.length > 0) args[param] = rng.pick(wrong);
    }
    return { tool: option.name, args };
  }

  /** The action as the prompt asks for it: `name with Action Input: {...}`, or the option's command template filled in. */
  private write(action: Action, options: ShownOption[], json: boolean): string {
    if (json) return `${action.tool} with Action Input: ${JSON.stringify(action.args)}`;
    const option = options.find((o) => o.name === action.tool);
    const template = option ? commandTemplate(option) : undefined;
    if (!template) return action.tool;
    // A literal such as "in/on" is written with its first alternative.
    return template.replace(/\{(\w+)\}/g, (_, name: string) => String(action.args[name] ?? '')).replace(/(\w+)\/(\w+)/g, '$1').replace(/\s+/g, ' ').trim();
  }

  private thought(observation: string, plan: string): string {
    const seen = looksLikeFailure(observation) ? 'That did not work as expected.' : `The latest text says: "${shorten(observation, 90)}".`;
    return `${seen} Next: ${shorten(plan, 120)}.`;
  }

  /** A Reflexion self-reflection that names the failed action (with probability reflectionQuality). */
  private reflect(request: GenerateRequest, rng: Rng): string {
    const steps = trajectorySteps(promptText(request.messages));
    const failed = [...steps].reverse().find((step) => looksLikeFailure(step.observation));
    const last = steps.at(-1);
    if (rng.next() >= this.preset.reflectionQuality || !last) {
      return 'I made a mistake somewhere in this attempt. I should think more carefully about the goal before acting.';
    }
    if (failed) {
      return `The action "${failed.action}" failed ("${shorten(failed.observation, 60)}"). I must not repeat "${failed.action}"; instead I will check what is possible here and take a different step toward the goal.`;
    }
    return `I keep getting the same observation after "${last.action}". I should not take "${last.action}" again; I will try a different action that makes progress.`;
  }

  /**
   * Advice on a tool written from the experience a prompt lists (ToolExpNet section 3.2 asks for
   * it). Trial records are read with their predicted and gold paths, as the paper's Reflect sees
   * (Q, A, L), through the records' own format (`prompts/trial-records.ts`): a record whose gold path
   * uses the tool says to use it for such requests, and, where the prediction took other tools
   * instead, names them (what separates the two); a record whose prediction used the tool and whose
   * gold path does not says it did not help. The neighbours are passed on as listed, each with its
   * relation (no word of a relation is read for meaning). Like a reflection, it is faithful with
   * probability reflectionQuality.
   */
  private insight(request: GenerateRequest, rng: Rng): string {
    const text = promptText(request.messages);
    const self = subjectOf(text);
    const records = recordLines(text);
    if (rng.next() >= this.preset.reflectionQuality) return 'Use this tool when it fits the request, and read its parameters carefully.';
    const parts: string[] = [];
    const quoted = (items: string[]) => items.map((q) => `'${q}'`).join('; ');
    const mine = records.filter((r) => self !== undefined && r.gold?.includes(self));
    const worked = [...new Set(mine.filter((r) => r.pred.includes(self!)).map((r) => r.question))].slice(0, 3);
    // The tools the prediction took where the gold path needed this one: what to tell it apart from.
    const takenFor = new Map<string, string[]>();
    for (const r of mine.filter((r) => !r.pred.includes(self!))) {
      const instead = r.pred.filter((t) => !r.gold!.includes(t)).join(' or ') || 'no tool';
      takenFor.set(instead, [...(takenFor.get(instead) ?? []), r.question]);
    }
    const failed = [...new Set(records.filter((r) => self !== undefined && r.pred.includes(self) && !r.gold?.includes(self)).map((r) => r.question))].slice(0, 2);
    const related = neighbourLines(text).slice(0, 4).map((n) => `${n.relation} ${n.name}`);
    if (worked.length) parts.push(`Use it for requests like ${quoted(worked)}.`);
    for (const [instead, questions] of [...takenFor].slice(0, 3)) parts.push(`Use it rather than ${instead} for requests like ${quoted([...new Set(questions)].slice(0, 2))}.`);
    if (failed.length) parts.push(`It did not help for ${quoted(failed)}.`);
    if (related.length) parts.push(`Related tools: ${related.join('; ')}.`);
    return parts.length ? parts.join(' ') : 'No experience yet beyond the documentation.';
  }

  private remark(reading: RequestReading): string {
    return `Think: ${this.thought(reading.observation, 'continue with the task')}`;
  }
}
