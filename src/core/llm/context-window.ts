import type { ChatMessage } from './language-model';
import type { ChatTokenCounter } from './token-counter';

/**
 * Context windows: the most tokens a model takes in one request, prompt and reply together. A
 * run that checks them (`RunConfig.overflow`) either ends a task whose prompt does not fit with
 * the outcome `context-overflow` (`fail`) or drops the oldest steps of the prompt until it fits,
 * keeping the instruction (`trim`, as agent frameworks do).
 */
export const OVERFLOW_POLICIES = ['fail', 'trim'] as const;
export type OverflowPolicy = (typeof OVERFLOW_POLICIES)[number];

/** A model's window and where the figure comes from. */
export interface ContextWindow {
  tokens: number;
  source: string;
}

/**
 * SimLM's windows, one per class, from the model card of a model the papers ran in that class:
 * - small: Qwen2.5-7B-Instruct (the open model of "Long-Horizon Plan Execution in Large Tool Spaces
 *   through Entropy-Guided Branching" and of ToolExpNet), whose card gives 32,768 tokens as
 *   configured (131,072 only with YaRN scaling turned on);
 * - medium: Qwen2.5-72B-Instruct (AutoTool's open model), 32,768 tokens as configured;
 * - strong: Claude Sonnet 4 (EGB's API model, and the price `prices.ts` uses), 200,000 tokens.
 */
export const SIM_WINDOWS: Record<string, ContextWindow> = {
  small: { tokens: 32_768, source: 'Qwen2.5-7B-Instruct model card (32,768 as configured; 131,072 needs YaRN)' },
  medium: { tokens: 32_768, source: 'Qwen2.5-72B-Instruct model card (32,768 as configured; 131,072 needs YaRN)' },
  strong: { tokens: 200_000, source: 'Claude Sonnet 4 (200K context window)' },
};

/** A request a model cannot take: its prompt (and the reply it reserves) is over the window (its context). */
export class ContextOverflowError extends Error {
  constructor(
    readonly promptTokens: number,
    readonly window: number,
    readonly reserved = 0,
    /** The server's own words, where it refused. */
    said?: string,
  ) {
    super(said ?? overflowMessage(promptTokens, window, reserved));
    this.name = 'ContextOverflowError';
  }
}

/** What a server says of a prompt over its window (vLLM's wording, which clients match). */
export function overflowMessage(promptTokens: number, window: number, reserved = 0): string {
  return `This model's maximum context length is ${window} tokens. However, you requested ${promptTokens + reserved} tokens (${promptTokens} in the messages, ${reserved} in the completion). Please reduce the length of the messages or completion.`;
}

/** Whether a server's error text says the prompt is over the window (vLLM, llama.cpp, OpenAI, Ollama wordings). */
export function isOverflowText(text: string): boolean {
  return /maximum context length|context length exceeded|exceeds the available context size|exceed_context_size|context_length_exceeded|input is too long|prompt is too long/i.test(text);
}

/** Tokens a request needs: its prompt and the reply it reserves. */
export function needed(promptTokens: number, maxTokens: number | undefined): number {
  return promptTokens + (maxTokens ?? 0);
}

/**
 * The messages trimmed to fit `window` tokens: the instruction (the first message, and the second
 * where it is the user's task after a system message) stays, then the latest messages that fit,
 * oldest dropped first; undefined where even the instruction and the last message do not fit.
 */
export function trimToWindow(messages: ChatMessage[], counter: ChatTokenCounter, window: number, reserved = 0): ChatMessage[] | undefined {
  const head = messages.length > 1 && messages[0].role === 'system' && messages[1].role === 'user' ? 2 : 1;
  if (messages.length <= head) return undefined;
  const kept = messages.slice(0, head);
  const tail: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= head; i--) {
    const candidate = [...kept, messages[i], ...tail];
    if (needed(counter.countChat(candidate), reserved) > window) break;
    tail.unshift(messages[i]);
  }
  // The latest message is what the model answers; without it the request means something else.
  if (tail.length === 0) return undefined;
  // Where steps were dropped, the conversation resumes on a user turn after the instruction.
  if (tail.length < messages.length - head) while (tail.length > 1 && tail[0].role === 'assistant') tail.shift();
  return [...kept, ...tail];
}
