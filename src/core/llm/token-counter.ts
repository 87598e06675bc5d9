import type { ChatMessage } from './language-model';
import { toChatML } from './chat-template';

/** Counts tokens of a text with a real tokenizer. */
export interface Tokenizer {
  readonly id: string;
  count(text: string): number;
  /** Counts by encoding the whole text at once, where `count` takes a faster way (for checking it). */
  countWhole?(text: string): number;
}

/**
 * Counts the prompt tokens of a conversation in ChatML as a Qwen model sees it. Special tokens
 * split the text into segments that the tokenizer encodes independently, so the count of the
 * whole prompt is the sum over messages, and each message's count is cached: prompts that grow
 * turn by turn cost one new encode per turn.
 */
export class ChatTokenCounter {
  private readonly cache = new Map<string, number>();
  private readonly turnEnd: number;
  private readonly assistantOpen: number;

  constructor(readonly tokenizer: Tokenizer) {
    this.turnEnd = tokenizer.count('\n');
    this.assistantOpen = 1 + tokenizer.count('assistant\n');
  }

  /** Tokens of `text` alone (a completion). */
  count(text: string): number {
    return this.tokenizer.count(text);
  }

  /** Tokens of `toChatML(messages)`. */
  countChat(messages: ChatMessage[]): number {
    let total = this.assistantOpen;
    for (const message of messages) {
      const body = `${message.role}\n${message.content}`;
      let tokens = this.cache.get(body);
      if (tokens === undefined) {
        tokens = this.tokenizer.count(body);
        if (this.cache.size > 20_000) this.cache.clear();
        this.cache.set(body, tokens);
      }
      total += 2 + tokens + this.turnEnd; // <|im_start|>, body, <|im_end|>, "\n"
    }
    return total;
  }

  /** The uncached count of the full ChatML text, for checking `countChat`. */
  countChatDirect(messages: ChatMessage[]): number {
    const text = toChatML(messages);
    return this.tokenizer.countWhole ? this.tokenizer.countWhole(text) : this.tokenizer.count(text);
  }
}
