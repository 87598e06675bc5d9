import type { ArgValue } from '../../types';
import type { ChatMessage, ShownOption } from '../language-model';
import type { Advice, Advisor, AdvisorInput } from '../advisor';
import type { ChatTokenCounter } from '../token-counter';
import type { OptionScore } from './option-logits';
import { sameTexts } from '../../text-cache';
import { actionsNamedAsFailed, lastObservation, listedValidActions, previousActionText, stalledAction, visibleFailures, usesJsonActions } from './read-context';

/**
 * The strings a request's reading depends on: the number of messages, each message's role and
 * content, then each option's name and shown text. Two requests with equal lists show the same text.
 */
function textsOf(messages: ChatMessage[], options: ShownOption[]): string[] {
  const texts: string[] = [String(messages.length)];
  for (const message of messages) texts.push(message.role, message.content);
  for (const option of options) texts.push(option.name, option.shown);
  return texts;
}

/**
 * What SimLM reads from one request's text (docs/simulated-model.md), each part computed on first use. Every
 * part is a pure function of that text (and of the model, fixed per SimLM), so a request showing
 * exactly the same text may reuse it: EGB-Sampling asks the same prompt m times.
 */
export class RequestReading {
  private advised?: Advice;
  private scored?: Promise<OptionScore[]>;
  private readonly valueLists = new Map<string, ArgValue[]>();
  /** Parts read so far, by name. */
  private readonly parts = new Map<string, unknown>();

  private constructor(
    readonly texts: string[],
    /** The latest request with these texts (its messages may be reused and changed by the caller later). */
    public input: AdvisorInput,
    private readonly advisor: Advisor,
    private readonly score: (input: AdvisorInput, advice: Advice) => Promise<OptionScore[]>,
    private readonly counter: ChatTokenCounter,
  ) {}

  /**
   * The reading of `messages` and `options`: `last` when it read exactly the same text (then it
   * reads from this request's objects from now on), else a new one.
   */
  static of(
    last: RequestReading | undefined,
    messages: ChatMessage[],
    options: ShownOption[],
    advisor: Advisor,
    score: (input: AdvisorInput, advice: Advice) => Promise<OptionScore[]>,
    counter: ChatTokenCounter,
  ): RequestReading {
    const texts = textsOf(messages, options);
    if (last && sameTexts(last.texts, texts)) {
      last.input = { messages, options };
      return last;
    }
    return new RequestReading(texts, { messages, options }, advisor, score, counter);
  }

  /** A part of the reading by name, made on first use (a pure function of `input`'s text). */
  once<T>(name: string, make: () => T): T {
    if (!this.parts.has(name)) this.parts.set(name, make());
    return this.parts.get(name) as T;
  }

  get observation(): string {
    return this.once('observation', () => lastObservation(this.input.messages));
  }
  get named(): Set<string> {
    return this.once('named', () => actionsNamedAsFailed(this.input.messages));
  }
  get previous(): string | undefined {
    return this.once('previous', () => previousActionText(this.input.messages));
  }
  get failed(): Set<string> {
    return this.once('failed', () => visibleFailures(this.input.messages));
  }
  get stalled(): string | undefined {
    return this.once('stalled', () => stalledAction(this.input.messages));
  }
  get listed(): Set<string> | undefined {
    return this.once('listed', () => listedValidActions(this.input.messages));
  }
  get json(): boolean {
    return this.once('json', () => usesJsonActions(this.input.messages));
  }
  get promptTokens(): number {
    return this.once('promptTokens', () => this.counter.countChat(this.input.messages));
  }

  /** The advisor's advice (callers copy what they change). */
  get advice(): Advice {
    this.advised ??= this.advisor.advise(this.input);
    return this.advised;
  }

  /** The options' logits, a fresh array per call (a caller lowers the ones it reconsiders). */
  async logits(): Promise<number[]> {
    this.scored ??= this.score(this.input, this.advice);
    return (await this.scored).map((s) => s.logit);
  }

  /** The advisor's values for a tool's parameter (callers copy what they change). */
  values(tool: string, param: string): ArgValue[] {
    const key = `${tool}\u0000${param}`;
    let values = this.valueLists.get(key);
    if (!values) this.valueLists.set(key, (values = this.advisor.values(this.input, tool, param)));
    return values;
  }
}
