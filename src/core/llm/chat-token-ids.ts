import type { ChatMessage } from './language-model';
import type { Tokenizer } from './token-counter';
import { textCache } from '../text-cache';

/** A tokenizer that gives ids, not only counts. */
export type IdTokenizer = Tokenizer & { encode(text: string): readonly number[] };

/**
 * The token ids of a conversation in ChatML (`toChatML`), as a Qwen model's prompt holds them:
 * `<|im_start|>`, `${role}\n${content}`, `<|im_end|>`, `\n` per message, then the open assistant
 * turn. Special tokens split the text, so the ids are the messages' ids one after another, and each
 * message's are kept: prompts that grow turn by turn encode one new message per call.
 */
export class ChatTokenIds {
  private readonly imStart: number;
  private readonly imEnd: number;
  private readonly newline: readonly number[];
  private readonly assistantOpen: readonly number[];
  /** Ids of `${role}\n${content}` by `${role}\u0000${content}`. */
  private readonly bodies = textCache<readonly number[]>(5_000);

  constructor(readonly tokenizer: IdTokenizer) {
    [this.imStart] = tokenizer.encode('<|im_start|>');
    [this.imEnd] = tokenizer.encode('<|im_end|>');
    this.newline = tokenizer.encode('\n');
    this.assistantOpen = [this.imStart, ...tokenizer.encode('assistant\n')];
  }

  /** Ids of `toChatML(messages)`. */
  ids(messages: ChatMessage[]): Uint32Array {
    const bodies = messages.map((message) => this.bodies(`${message.role}\u0000${message.content}`, () => this.tokenizer.encode(`${message.role}\n${message.content}`)));
    const length = bodies.reduce((sum, body) => sum + body.length + 2 + this.newline.length, this.assistantOpen.length);
    const out = new Uint32Array(length);
    let at = 0;
    for (const body of bodies) {
      out[at++] = this.imStart;
      out.set(body, at);
      at += body.length;
      out[at++] = this.imEnd;
      out.set(this.newline, at);
      at += this.newline.length;
    }
    out.set(this.assistantOpen, at);
    return out;
  }

  /** Ids of a reply's text (what the model decoded after the open assistant turn). */
  replyIds(text: string): readonly number[] {
    return this.tokenizer.encode(text);
  }
}

/** Whether a tokenizer gives ids. */
export function givesIds(tokenizer: Tokenizer): tokenizer is IdTokenizer {
  return typeof tokenizer.encode === 'function';
}
