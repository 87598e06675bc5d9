import type { ChatMessage } from './language-model';
import { toChatML } from './chat-template';
import { DEFAULT_MAX_CHARS } from '../text-cache';

/** Counts tokens of a text with a real tokenizer. */
export interface Tokenizer {
  readonly id: string;
  count(text: string): number;
  /** Counts by encoding the whole text at once, where `count` takes a faster way (for checking it). */
  countWhole?(text: string): number;
  /**
   * The token ids of a text, as encoding it whole gives them (special-token text such as
   * `<|im_start|>` becomes its one id). Cache models compare prompts by these (`prompt-cache.ts`).
   */
  encode?(text: string): readonly number[];
}

/**
 * Counts the prompt tokens of a conversation in ChatML as a Qwen model sees it. Special tokens
 * split the text into segments that the tokenizer encodes independently, so the count of the
 * whole prompt is the sum over messages, and each message's count is cached: prompts that grow
 * turn by turn cost one new encode per turn.
 */
export class ChatTokenCounter {
  /**
   * Tokens of `${role}\n${content}` by role, then by content: looking up the content itself (often
   * the very string of the previous call) spares building and hashing the joined text each call.
   */
  private readonly cache = new Map<string, Map<string, number>>();
  private cached = 0;
  private cachedChars = 0;
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
    for (const message of messages) total += 2 + this.bodyTokens(message.role, message.content) + this.turnEnd; // <|im_start|>, body, <|im_end|>, "\n"
    return total;
  }

  /** Tokens of one message's body, `${role}\n${content}`, cached. */
  private bodyTokens(role: string, content: string): number {
    let byContent = this.cache.get(role);
    if (!byContent) this.cache.set(role, (byContent = new Map()));
    let tokens = byContent.get(content);
    if (tokens === undefined) {
      tokens = this.tokenizer.count(`${role}\n${content}`);
      // Bounded by entries and by characters (a content may be a 200 KB instruction).
      if (this.cached > 20_000 || this.cachedChars + content.length > DEFAULT_MAX_CHARS) {
        this.cache.clear();
        this.cached = 0;
        this.cachedChars = 0;
        this.cache.set(role, (byContent = new Map()));
      }
      byContent.set(content, tokens);
      this.cached++;
      this.cachedChars += content.length;
    }
    return tokens;
  }

  /** The uncached count of the full ChatML text, for checking `countChat`. */
  countChatDirect(messages: ChatMessage[]): number {
    const text = toChatML(messages);
    return this.tokenizer.countWhole ? this.tokenizer.countWhole(text) : this.tokenizer.count(text);
  }
}
