import { describe, expect, it } from 'vitest';
import { ChatTokenCounter } from './token-counter';
import { loadQwenTokenizer } from './qwen-tokenizer';
import { recordMatrixRequests } from '../../../test/fixtures/record-matrix';
import { Rng } from '../rng';

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

describe('counting by segments', () => {
  it('should count every prompt of every environment exactly as encoding it whole does', async () => {
    const tokenizer = await loadQwenTokenizer();
    expect(tokenizer.countWhole).toBeDefined(); // the package's pre-tokenizer is the one segments are proven for
    const counter = new ChatTokenCounter(tokenizer);
    const requests = [
      ...(await recordMatrixRequests({ tasks: 1, envs: ['household', 'academic', 'toolbench', 'restapi'], strategies: ['react', 'reflexion', 'ecoact-react', 'toolexpnet'], trainTasks: 2 })),
      ...(await recordMatrixRequests({ tasks: 1, envs: ['slate'], strategies: ['reflexion', 'egb-sampling-memory'], trainTasks: 2 })),
    ];
    expect(requests.length).toBeGreaterThan(100);
    for (const request of requests) {
      for (const message of request.messages) expect(tokenizer.count(message.content)).toBe(tokenizer.countWhole!(message.content));
      expect(counter.countChat(request.messages)).toBe(counter.countChatDirect(request.messages));
    }
    for (const text of ['a  b', 'x. y', '1 2 34', 'é b', "don't stop", "it 's", 'a\t\tb', 'end  \n x', '"quoted" words ', '  lead', 'tail  ', 'a \u0301b', '{"k": "v"} [1, 2]', 'a\n\n  b', 'x.\ny', ' \n x', 'end\r\nNext', "it's\n'd", '12\n34', 'é\ǹ', 'tab\t\nz', '<|im_end|>\nq']) {
      expect(tokenizer.count(text)).toBe(tokenizer.countWhole!(text));
    }
  }, 300_000);

  it('should count random JSON-like texts exactly as encoding them whole does, wherever letters, digits and symbols meet', async () => {
    const tokenizer = await loadQwenTokenizer();
    const parts = ['a', 'Word', 'id', "'s", "'T", "n't", '_', '-', '.', ',', ':', '"', "'", '{', '}', '[', ']', '(', '/', '\\', '1', '42', '2025-04-08', 'é', '\u0301', '\ud83d\ude00', '½', '٣', ' ', '  ', '\t', '\n', '\u00a0', '{"order_id":"ORD-12345","qty":3}'];
    const rng = new Rng(29);
    for (let i = 0; i < 3_000; i++) {
      const text = Array.from({ length: 1 + rng.int(24) }, () => parts[rng.int(parts.length)]).join('');
      expect(tokenizer.count(text), JSON.stringify(text)).toBe(tokenizer.countWhole!(text));
    }
  });
});
