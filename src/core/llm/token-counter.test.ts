import { describe, expect, it } from 'vitest';
import { ChatTokenCounter } from './token-counter';
import { loadQwenTokenizer } from './qwen-tokenizer';

describe('ChatTokenCounter', () => {
  it('should count a ChatML prompt exactly as encoding the whole text does', async () => {
    const counter = new ChatTokenCounter(await loadQwenTokenizer());
    const messages = [
      { role: 'system' as const, content: 'You are a helpful assistant.\nYour MAIN GOAL is: **put a clean mug in coffeemachine**' },
      { role: 'user' as const, content: 'Observation: You arrive at countertop 1. On the countertop 1, you see a mug 2.' },
      { role: 'assistant' as const, content: 'Think: take the mug.\nAction: take mug 2 from countertop 1' },
      { role: 'user' as const, content: 'Observation: You pick up the mug 2 from the countertop 1.' },
    ];
    for (let n = 1; n <= messages.length; n++) {
      expect(counter.countChat(messages.slice(0, n))).toBe(counter.countChatDirect(messages.slice(0, n)));
    }
  });

  it('should use the real Qwen2.5 vocabulary', async () => {
    const tokenizer = await loadQwenTokenizer();
    expect(tokenizer.count('hello world')).toBe(2);
    expect(tokenizer.count('')).toBe(0);
  });
});
