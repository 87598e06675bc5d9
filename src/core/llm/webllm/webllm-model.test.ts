import { describe, expect, it } from 'vitest';
import type { ChatMessage, GenerateRequest } from '../language-model';
import type { TraceEvent } from '../../trace';
import type { TaskBinding } from '../model-provider';
import { FakeWebLlmEngine, FAKE_VOCAB_SIZE, fakeLastRoundTokens, fakePromptTokens, fakeTokenId } from '../../../../test/fixtures/fake-webllm-engine';
import { MeteredModel } from '../metered-model';
import { WebLlmModel, DEFAULT_TEMPERATURE } from './webllm-model';
import { createWebLlmProvider } from './webllm-provider';

const MODEL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
const REPLY = 'Think: look.\nAction: go to desk 1';

function messages(extra = ''): ChatMessage[] {
  return [
    { role: 'system', content: 'You are an agent.' },
    { role: 'user', content: `Your task is to find a pen.${extra}` },
  ];
}

const act = (extra = ''): GenerateRequest => ({ kind: 'act', messages: messages(extra) });

/** A binding with only the seed: a real model never reads the rest. */
const binding = (seed: number) => ({ seed }) as TaskBinding;

async function engine(options: ConstructorParameters<typeof FakeWebLlmEngine>[0] = { reply: () => REPLY }) {
  return FakeWebLlmEngine.create(MODEL, {}, options);
}

describe('WebLlmModel.generate', () => {
  it('should pass the messages through and return the reply with the engine usage and timing', async () => {
    const fake = await engine();
    const model = new WebLlmModel({ engine: fake, modelId: MODEL, seed: 7 });
    const result = await model.generate({ ...act(), maxTokens: 64 });

    expect(result.text).toBe(REPLY);
    const request = fake.requests[0];
    expect(request.messages).toEqual(messages());
    expect(request).toMatchObject({ model: MODEL, temperature: DEFAULT_TEMPERATURE, max_tokens: 64, n: 1, stream: false });
    expect(Number.isInteger(request.seed)).toBe(true);
    const promptTokens = fakePromptTokens(messages());
    const completionTokens = REPLY.length + 1; // the reply and its end token
    expect(result.usage).toEqual({ promptTokens, completionTokens, cachedPromptTokens: 0 });
    // The fake engine prefills 1000 tokens/s and decodes 100 tokens/s: usage.extra.e2e_latency_s.
    expect(result.ms).toBeCloseTo(promptTokens + completionTokens * 10, 6);
  });

  it('should pass an explicit temperature through', async () => {
    const fake = await engine();
    await new WebLlmModel({ engine: fake, modelId: MODEL, seed: 7 }).generate({ kind: 'act', messages: messages(), temperature: 0.5 });
    expect(fake.requests[0].temperature).toBe(0.5);
  });

  it('should put the engine numbers into the MeteredModel tally and the trace', async () => {
    const fake = await engine();
    const events: TraceEvent[] = [];
    const metered = new MeteredModel(new WebLlmModel({ engine: fake, modelId: MODEL, seed: 1 }), (e) => events.push(e));
    await metered.generate(act());
    await metered.generate({ kind: 'reflect', messages: messages(' Reflect.') });

    const p1 = fakePromptTokens(messages());
    const p2 = fakePromptTokens(messages(' Reflect.'));
    expect(metered.tally).toMatchObject({ calls: 2, promptTokens: p1 + p2, completionTokens: 2 * (REPLY.length + 1), cachedPromptTokens: 0, byKind: { act: 1, reflect: 1 } });
    expect(events.filter((e) => e.type === 'llm-call')).toHaveLength(2);
    expect(metered.simulated).toBe(false);
  });
});

/** The next ReAct turn: the messages, the reply as the assistant's, and an observation. */
const continued = (before: ChatMessage[], reply: string, observation = 'Observation: you see a desk.'): ChatMessage[] => [...before, { role: 'assistant', content: reply }, { role: 'user', content: observation }];
/** What the engine holds after a reply that ended on its stop token: the prompt and the reply's tokens (the stop token is never fed back). */
const heldAfter = (promptTokens: number, reply: string) => promptTokens + reply.length;

describe("WebLlmModel and the engine's KV cache (web-llm's multi-round reuse)", () => {
  it('should keep the KV cache when a prompt continues the previous call, and count what was reused as cached', async () => {
    const fake = await engine();
    const model = new WebLlmModel({ engine: fake, modelId: MODEL, seed: 7 });
    const first = messages();
    const a = await model.generate({ kind: 'act', messages: first });
    const second = continued(first, REPLY);
    const b = await model.generate({ kind: 'act', messages: second });
    const third = continued(second, REPLY, 'Observation: the desk holds a pen.');
    const c = await model.generate({ kind: 'act', messages: third });

    // One reset, before the first call: the two calls after it continue the conversation.
    expect(fake.resets).toBe(1);
    const held1 = heldAfter(fakePromptTokens(first), REPLY);
    const held2 = heldAfter(held1 + fakeLastRoundTokens(second), REPLY);
    expect(fake.reused).toEqual([0, held1, held2]);
    expect(a.usage).toEqual({ promptTokens: fakePromptTokens(first), completionTokens: REPLY.length + 1, cachedPromptTokens: 0 });
    // The prompt tokens are those the engine reused plus those it prefilled (its prompt_tokens).
    expect(b.usage).toEqual({ promptTokens: held1 + fakeLastRoundTokens(second), completionTokens: REPLY.length + 1, cachedPromptTokens: held1 });
    expect(c.usage.cachedPromptTokens).toBe(held2);
    // Only the new round was prefilled: the engine's timing says so.
    expect(b.ms).toBeCloseTo(fakeLastRoundTokens(second) + (REPLY.length + 1) * 10, 6);
  });

  it('should reset the engine for a prompt that does not continue the held conversation, and count nothing cached', async () => {
    const fake = await engine();
    const model = new WebLlmModel({ engine: fake, modelId: MODEL, seed: 7 });
    await model.generate(act());
    // Another system prompt (a new listing, a reflection in the instruction) starts afresh.
    const other: ChatMessage[] = [{ role: 'system', content: 'You are an agent. Tools changed.' }, ...continued(messages(), REPLY).slice(1)];
    const result = await model.generate({ kind: 'act', messages: other });
    expect(fake.resets).toBe(2);
    expect(fake.reused).toEqual([0, 0]);
    expect(result.usage).toEqual({ promptTokens: fakePromptTokens(other), completionTokens: REPLY.length + 1, cachedPromptTokens: 0 });
  });

  it('should not continue a reply cut at max_tokens (web-llm resets then)', async () => {
    const fake = await engine();
    const model = new WebLlmModel({ engine: fake, modelId: MODEL, seed: 7 });
    const cut = await model.generate({ ...act(), maxTokens: 4 });
    expect(cut.text).toBe(REPLY.slice(0, 4));
    const next = continued(messages(), cut.text);
    const result = await model.generate({ kind: 'act', messages: next });
    expect(fake.resets).toBe(2);
    expect(result.usage).toMatchObject({ promptTokens: fakePromptTokens(next), cachedPromptTokens: 0 });
  });

  it("should continue a task's conversation only when no other task's call came between", async () => {
    const fake = await engine();
    const provider = createWebLlmProvider({ engine: fake, modelId: MODEL });
    const [a, b] = [provider.forTask(binding(1)), provider.forTask(binding(2))];
    await a.generate(act());
    await b.generate(act(' Hurry.'));
    const afterOther = await a.generate({ kind: 'act', messages: continued(messages(), REPLY) });
    expect(afterOther.usage.cachedPromptTokens).toBe(0);
    const own = await a.generate({ kind: 'act', messages: continued(continued(messages(), REPLY), REPLY) });
    expect(own.usage.cachedPromptTokens).toBeGreaterThan(0);
    expect(fake.reused).toEqual([0, 0, 0, own.usage.cachedPromptTokens]);
    expect(fake.resets).toBe(3);
  });

  it('should let only the first of n samples reuse the cache, and hold no conversation after them', async () => {
    const fake = await engine();
    const model = new WebLlmModel({ engine: fake, modelId: MODEL, seed: 3 });
    const first = messages();
    await model.generate({ kind: 'act', messages: first });
    const next = continued(first, REPLY);
    const batch = await model.generateSamples({ kind: 'act', messages: next, temperature: 1 }, 3);
    const held = heldAfter(fakePromptTokens(first), REPLY);
    // web-llm prefills the prompt again for the second and third choice.
    expect(batch.usage).toEqual({ promptTokens: held + fakeLastRoundTokens(next) + 2 * fakePromptTokens(next), completionTokens: 3 * (REPLY.length + 1), cachedPromptTokens: held });
    const after = await model.generate({ kind: 'act', messages: continued(next, batch.texts[2]) });
    expect(after.usage.cachedPromptTokens).toBe(0);
    expect(fake.resets).toBe(2);
  });

  it('should credit a run under the extend cache model with what the engine reused, not with what the model predicts', async () => {
    const fake = await engine();
    const events: TraceEvent[] = [];
    const { runCacheFor } = await import('../../run/run-cache');
    const cache = (await runCacheFor({ cache: 'extend' }))!;
    const metered = new MeteredModel(new WebLlmModel({ engine: fake, modelId: MODEL, seed: 1 }), (e) => events.push(e), { ids: cache.ids, task: cache.cache.openTask() });
    const first = messages();
    await metered.generate({ kind: 'act', messages: first });
    await metered.generate({ kind: 'act', messages: continued(first, REPLY) });
    // A changed system prompt: the engine reuses nothing, whatever a model of the cache would say.
    await metered.generate({ kind: 'act', messages: [{ role: 'system', content: 'Other.' }, ...continued(first, REPLY).slice(1)] });
    const engineReused = fake.reused.reduce((sum, n) => sum + n, 0);
    expect(engineReused).toBeGreaterThan(0);
    expect(metered.tally.cachedPromptTokens).toBe(engineReused);
    expect(events.map((e) => (e.type === 'llm-call' ? e.cachedPromptTokens : undefined))).toEqual(fake.reused);
  });
});

describe('seeds', () => {
  it('should send the same seeds for the same task seed, and other seeds for another task', async () => {
    const seedsOf = async (taskSeed: number) => {
      const fake = await engine();
      const model = createWebLlmProvider({ engine: fake, modelId: MODEL }).forTask(binding(taskSeed));
      for (let i = 0; i < 3; i++) await model.generate(act());
      return fake.requests.map((r) => r.seed);
    };
    const a = await seedsOf(42);
    expect(await seedsOf(42)).toEqual(a);
    expect(new Set(a).size).toBe(3); // a new seed per call
    expect(await seedsOf(43)).not.toEqual(a);
  });

  it('should give the same samples for the same task seed at temperature 1', async () => {
    // A coin between 'A' and 'B' at the first position, then the end token.
    const nextLogits = ({ generated }: { generated: readonly number[] }) => {
      const logits = new Float32Array(FAKE_VOCAB_SIZE).fill(-30);
      if (generated.length === 0) logits[fakeTokenId('A')] = logits[fakeTokenId('B')] = 0;
      else logits[0] = 0;
      return logits;
    };
    const run = async (taskSeed: number) => {
      const model = new WebLlmModel({ engine: await engine({ nextLogits }), modelId: MODEL, seed: taskSeed });
      const texts: string[] = [];
      for (let i = 0; i < 12; i++) texts.push((await model.generate({ ...act(), temperature: 1 })).text);
      return texts.join('');
    };
    const first = await run(5);
    expect(await run(5)).toBe(first);
    expect(first).toMatch(/A/);
    expect(first).toMatch(/B/);
  });
});

describe('WebLlmModel.generateSamples', () => {
  it('should draw n samples in one call at the requested temperature, with the call usage', async () => {
    const fake = await engine({ reply: (_m, choice) => `Action: tool_${choice % 3}` });
    const model = new WebLlmModel({ engine: fake, modelId: MODEL, seed: 3 });
    const batch = await model.generateSamples({ ...act(), temperature: 1 }, 5);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ n: 5, temperature: 1, stream: false });
    expect(batch.texts).toEqual(['Action: tool_0', 'Action: tool_1', 'Action: tool_2', 'Action: tool_0', 'Action: tool_1']);
    // web-llm 0.2.86 prefills the prompt again for each choice and sums the usage.
    expect(batch.usage.promptTokens).toBe(5 * fakePromptTokens(messages()));
    expect(batch.usage.completionTokens).toBe(5 * ('Action: tool_0'.length + 1));
    expect(() => model.generateSamples(act(), 0)).toThrow(RangeError);
  });

  it('should count a batch of m samples as m calls in the MeteredModel, with the engine tokens', async () => {
    const fake = await engine();
    const events: TraceEvent[] = [];
    const metered = new MeteredModel(new WebLlmModel({ engine: fake, modelId: MODEL, seed: 3 }), (e) => events.push(e));
    const batch = await metered.generateSamples!({ ...act(), temperature: 1 }, 10);
    expect(batch.texts).toHaveLength(10);
    expect(metered.tally).toMatchObject({ calls: 10, promptTokens: batch.usage.promptTokens, completionTokens: batch.usage.completionTokens, ms: batch.ms, byKind: { act: 10 } });
    expect(events).toHaveLength(1);
  });
});

describe('createWebLlmProvider', () => {
  it('should give every task the same real model under a webllm: id', async () => {
    const provider = createWebLlmProvider({ engine: await engine(), modelId: MODEL });
    expect(provider).toMatchObject({ id: `webllm:${MODEL}`, simulated: false, label: 'WebLLM: Qwen2.5 0.5B Instruct (q4f32_1)' });
    const model = provider.forTask(binding(1));
    expect(model).toMatchObject({ id: `webllm:${MODEL}`, simulated: false, label: provider.label });
    expect(model.choiceDistribution).toBeUndefined(); // no logit capture registered
  });

  it('should keep requests of concurrent tasks from interleaving', async () => {
    const fake = await engine();
    const provider = createWebLlmProvider({ engine: fake, modelId: MODEL });
    const [a, b] = [provider.forTask(binding(1)), provider.forTask(binding(2))];
    const results = await Promise.all([a.generate(act()), b.generate(act(' Hurry.')), a.generate(act())]);
    expect(results.map((r) => r.usage.promptTokens)).toEqual([fakePromptTokens(messages()), fakePromptTokens(messages(' Hurry.')), fakePromptTokens(messages())]);
    expect(fake.resets).toBe(3);
  });
});
