import { describe, expect, it } from 'vitest';
import type { WllamaChatEngine, WllamaChatParams, WllamaChatResponse } from './wllama-model';
import { WllamaModel, usageOf } from './wllama-model';
import { createWllamaProvider } from './wllama-provider';
import { EngineLock } from '../webllm/engine-lock';
import { requestSeed } from '../request-seed';
import { ContextOverflowError } from '../context-window';
import { MODEL_FAMILIES, describeModel, familyOf } from '../model-families';
import { wllamaSourceOf } from './wllama-id';
import { createModelResolver } from '../../run/runner';
import type { Embedder } from '../../embed/embedder';

/**
 * A fake engine that answers like llama-server's chat completion: it keeps one KV slot (the
 * token list of the last prompt and reply, a token per character here) and reports the prompt
 * tokens it reused as `cached_tokens`, as the real engine does.
 */
class FakeEngine implements WllamaChatEngine {
  readonly calls: WllamaChatParams[] = [];
  private held = '';
  private running = 0;
  maxRunning = 0;
  constructor(
    private readonly reply: (params: WllamaChatParams) => string = () => 'Think: look.\nAction: search[query=x]',
    private readonly logprobs?: (params: WllamaChatParams) => { token: string; logprob: number }[],
  ) {}

  async createChatCompletion(params: WllamaChatParams): Promise<WllamaChatResponse> {
    this.calls.push(params);
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    await new Promise((resolve) => setTimeout(resolve, 2));
    this.running--;
    const prompt = params.messages.map((m) => `<${m.role}>${m.content}`).join('') + '<assistant>';
    if (prompt.length > 4000) throw new Error('the request exceeds the available context size, try increasing it');
    let same = 0;
    while (same < prompt.length - 1 && same < this.held.length && prompt[same] === this.held[same]) same++;
    const text = this.reply(params).slice(0, params.max_tokens);
    this.held = prompt + text;
    const top = this.logprobs?.(params);
    return {
      choices: [{ message: { content: text }, finish_reason: 'stop', logprobs: top ? { content: [{ token: top[0].token, logprob: top[0].logprob, top_logprobs: top }] } : null }],
      usage: { prompt_tokens: prompt.length, completion_tokens: text.length, prompt_tokens_details: { cached_tokens: same } },
      timings: { cache_n: same, prompt_n: prompt.length - same },
    };
  }
}

const model = (engine: WllamaChatEngine, extra: Partial<ConstructorParameters<typeof WllamaModel>[0]> = {}) =>
  new WllamaModel({ id: 'wllama:tiny.gguf', label: 'wllama: tiny.gguf', engine, lock: new EngineLock(), seed: 7, ...extra });

describe('WllamaModel', () => {
  it("sends the strategy's messages with the request seed and temperature, and reports the engine's usage, cache and time", async () => {
    const engine = new FakeEngine();
    const m = model(engine);
    const first = await m.generate({ kind: 'act', messages: [{ role: 'system', content: 'You pick tools.' }, { role: 'user', content: 'Task: find it.' }], temperature: 0.3 });
    expect(engine.calls[0]).toMatchObject({ seed: requestSeed(7, 0), temperature: 0.3, max_tokens: 512, cache_prompt: true });
    expect(engine.calls[0].messages).toEqual([{ role: 'system', content: 'You pick tools.' }, { role: 'user', content: 'Task: find it.' }]);
    expect(first.text).toBe('Think: look.\nAction: search[query=x]');
    expect(first.usage.cachedPromptTokens).toBe(0);
    expect(first.usage.promptTokens).toBeGreaterThan(0);
    expect(first.usage.completionTokens).toBe(first.text.length);
    expect(first.ms).toBeGreaterThan(0);
    // The next step extends the conversation: the engine reuses the prompt and the reply it wrote.
    const second = await m.generate({
      kind: 'act',
      messages: [{ role: 'system', content: 'You pick tools.' }, { role: 'user', content: 'Task: find it.' }, { role: 'assistant', content: first.text }, { role: 'user', content: 'Observation: none.' }],
    });
    expect(engine.calls[1].seed).toBe(requestSeed(7, 1));
    expect(engine.calls[1]).not.toHaveProperty('temperature');
    expect(second.usage.cachedPromptTokens).toBeGreaterThan(first.usage.promptTokens);
    expect(second.usage.cachedPromptTokens).toBeLessThan(second.usage.promptTokens);
  });

  it('takes the cached count from the timings where the usage has none', () => {
    expect(usageOf({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 2 }, timings: { cache_n: 6 } })).toEqual({ promptTokens: 10, completionTokens: 2, cachedPromptTokens: 6 });
    expect(usageOf({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 2 } })).toEqual({ promptTokens: 10, completionTokens: 2 });
  });

  it('runs one call at a time on an engine shared by the tasks of a run', async () => {
    const engine = new FakeEngine();
    const provider = createWllamaProvider({ id: 'wllama:tiny.gguf', label: 'tiny', engine, contextWindow: { tokens: 8192, source: 'test' } });
    const binding = (seed: number) => ({ seed, modelSeed: 1, embedder: {} as Embedder });
    const tasks = [provider.forTask(binding(1)), provider.forTask(binding(2)), provider.forTask(binding(3))];
    await Promise.all(tasks.map((t) => t.generate({ kind: 'act', messages: [{ role: 'user', content: 'go' }] })));
    expect(engine.calls).toHaveLength(3);
    expect(engine.maxRunning).toBe(1);
    expect(provider.contextWindow).toEqual({ tokens: 8192, source: 'test' });
  });

  it('reads EGB-Logits from the log-probabilities of 1 + 10 passes, each counted', async () => {
    // The model puts 0.6 on "1" and 0.3 on "0" first; after "1" it ends (no second digit).
    const engine = new FakeEngine(
      () => '1',
      (params) => {
        const last = params.messages[params.messages.length - 1];
        if (last.role === 'assistant') return [{ token: '<|im_end|>', logprob: Math.log(0.9) }, { token: '5', logprob: Math.log(0.05) }];
        return [{ token: '1', logprob: Math.log(0.6) }, { token: '0', logprob: Math.log(0.3) }, { token: 'x', logprob: Math.log(0.1) }];
      },
    );
    const m = model(engine);
    const options = [{ name: 'a', shown: 'a' }, { name: 'b', shown: 'b' }];
    const result = await m.choiceDistribution!({ messages: [{ role: 'user', content: 'Answer with the index (0 to 1): 0 a, 1 b' }], options });
    expect(result.passes).toBe(11);
    expect(engine.calls.every((c) => c.max_tokens === 1 && c.temperature === 1 && c.top_p === 1 && c.logprobs === true && c.top_logprobs === 20)).toBe(true);
    expect(engine.calls.slice(1).map((c) => c.messages[c.messages.length - 1])).toEqual([...'0123456789'].map((d) => ({ role: 'assistant', content: d })));
    expect(result.probabilities[1]).toBeCloseTo(2 / 3, 5);
    expect(result.probabilities[0]).toBeCloseTo(1 / 3, 5);
    expect(result.usage.completionTokens).toBe(0);
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    // The ten continuations reuse the prompt's state.
    expect(result.usage.cachedPromptTokens).toBeGreaterThan(0);
  });

  it('asks for the tools\' JSON schema on constrained act calls and writes the object back as Think/Action text', async () => {
    const engine = new FakeEngine(() => JSON.stringify({ think: 'search it', tool: 'search', arguments: { query: 'x' } }));
    const m = model(engine, { constrained: true });
    const reply = await m.generate({ kind: 'act', messages: [{ role: 'user', content: 'tools: search' }], options: [{ name: 'search', shown: 'search' }] });
    expect(engine.calls[0].response_format?.type).toBe('json_schema');
    expect(reply.text).toMatch(/^Think: search it\nAction: search/);
  });

  it('turns a prompt over the window into the run\'s context overflow, and names the model on other engine errors', async () => {
    const m = model(new FakeEngine());
    await expect(m.generate({ kind: 'act', messages: [{ role: 'user', content: 'x'.repeat(5000) }] })).rejects.toBeInstanceOf(ContextOverflowError);
    const broken = model({ createChatCompletion: () => Promise.reject(new Error('wasm trap')) });
    await expect(broken.generate({ kind: 'act', messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow('wllama: tiny.gguf: wasm trap');
  });
});

describe('the wllama family', () => {
  it('reads a file name or a URL from the id, and runs in the page only, on one engine', async () => {
    expect(wllamaSourceOf('wllama:model.gguf')).toEqual({ kind: 'file', name: 'model.gguf' });
    expect(wllamaSourceOf('wllama:https://huggingface.co/a/b/resolve/main/m.gguf')).toEqual({ kind: 'url', url: 'https://huggingface.co/a/b/resolve/main/m.gguf' });
    expect(wllamaSourceOf('wllama:')).toBeUndefined();
    expect(familyOf('wllama:model.gguf')).toBe(MODEL_FAMILIES.wllama);
    expect(MODEL_FAMILIES.wllama).toMatchObject({ pageOnly: true, poolable: false });
    expect(describeModel('wllama:model.gguf')).toEqual({ label: 'wllama (llama.cpp, CPU): model.gguf', simulated: false });
    await expect(createModelResolver()('wllama:model.gguf')).rejects.toThrow(/run in the page only/);
  });
});
