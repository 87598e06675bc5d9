import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InThreadRunner, resolveSimModel, type ModelResolver } from '../../run/runner';
import { DEFAULT_RUN_CONFIG } from '../../run/run-config';
import { FakeWebLlmEngine } from '../../../../test/fixtures/fake-webllm-engine';
import { createWebLlmProvider } from './webllm-provider';

const load = async (file: string) => JSON.parse(await readFile(new URL(`../../../../public/data/${file}`, import.meta.url), 'utf8'));
const MODEL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';

/** A runner whose `webllm:` models are the fake engine, as the worker resolves real ones. */
async function runWithFake(seed: number, extra: Partial<typeof DEFAULT_RUN_CONFIG> = {}) {
  const engine = await FakeWebLlmEngine.create(MODEL, {}, { reply: () => 'Think: I should look around first.\nAction: look' });
  const resolve: ModelResolver = async (id) => (id === `webllm:${MODEL}` ? createWebLlmProvider({ engine, modelId: MODEL }) : resolveSimModel(id));
  const config = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react', 'reflexion'], tasks: 2, seeds: 1, seed, model: `webllm:${MODEL}`, ...extra };
  const result = await new InThreadRunner(load, resolve).run(config);
  return { engine, result };
}

describe('a run on a WebLLM model (fake engine)', () => {
  it('should send the strategies prompts to the engine and count exactly the engine usage', async () => {
    const { engine, result } = await runWithFake(3);
    expect(result.status).toBe('done');
    expect(result.model).toEqual({ id: `webllm:${MODEL}`, label: 'WebLLM: Qwen2.5 0.5B Instruct (q4f32_1)', simulated: false });
    const calls = result.results.reduce((sum, r) => sum + r.llmCalls, 0);
    expect(calls).toBe(engine.requests.length);
    expect(calls).toBeGreaterThan(4);
    // A ReAct step continues the previous call's conversation, so the engine keeps its KV cache:
    // a call's prompt is what the engine reused plus what it prefilled, and the reused part is cached.
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(engine.reused)).toBeGreaterThan(0);
    expect(sum(result.results.map((r) => r.promptTokens))).toBe(sum(engine.prefilled) + sum(engine.reused));
    expect(sum(result.results.map((r) => r.cachedPromptTokens ?? 0))).toBe(sum(engine.reused));
    expect(engine.resets).toBeLessThan(engine.requests.length);
    // The system prompt is the strategies' own, the same text SimLM would be given.
    expect(engine.requests[0].messages[0].role).toBe('system');
    expect(engine.requests.every((r) => Number.isInteger(r.seed))).toBe(true);
  });

  it("should credit the extend cache model with the engine's reuse, not with the model's prediction", async () => {
    const { engine, result } = await runWithFake(3, { cache: 'extend', strategies: ['react'] });
    // ReAct's every step continues the conversation: only the first call of each task starts afresh.
    expect(engine.resets).toBe(result.results.length);
    const reused = engine.reused.reduce((a, b) => a + b, 0);
    expect(result.results.reduce((sum, r) => sum + (r.cachedPromptTokens ?? 0), 0)).toBe(reused);
  });

  it('should send the same seeds for the same run seed, and others for another', async () => {
    const seeds = async (seed: number) => (await runWithFake(seed)).engine.requests.map((r) => r.seed);
    const first = await seeds(3);
    expect(await seeds(3)).toEqual(first);
    expect(await seeds(4)).not.toEqual(first);
  });
});
