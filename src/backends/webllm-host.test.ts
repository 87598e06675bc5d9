import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebLlmEngine } from '../../test/fixtures/fake-webllm-engine';
import { runWindowFor } from '../core/run/run-cache';
import { createModelResolver, InThreadRunner, type ModelUse } from '../core/run/runner';
import { buttonDataset, buttonSpec } from '../../test/fixtures/button-env';
import { createSimProvider } from '../core/llm/sim/sim-provider';

// web-llm itself is replaced: nothing is downloaded, no GPU is needed. The mock keeps what the
// host passes to CreateMLCEngine (model id, engine config, chatOpts) and answers with the fake engine.
const created = vi.hoisted(() => [] as { modelId: string; chatOpts: unknown; args: number }[]);
vi.mock('@mlc-ai/web-llm', () => ({
  prebuiltAppConfig: {
    cacheBackend: 'cache',
    model_list: [
      { model: 'https://example.org/Qwen2.5-0.5B-Instruct-q4f32_1-MLC', model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC', model_lib: 'https://example.org/qwen.wasm', vram_required_MB: 1060.2, overrides: { context_window_size: 4096 } },
      { model: 'https://example.org/Phi-3.5-mini-instruct-q4f16_1-MLC', model_id: 'Phi-3.5-mini-instruct-q4f16_1-MLC', model_lib: 'https://example.org/phi.wasm', vram_required_MB: 3672.07, overrides: { context_window_size: 4096 } },
      { model: 'https://example.org/Phi-3.5-mini-instruct-q4f16_1-MLC', model_id: 'Phi-3.5-mini-instruct-q4f16_1-MLC-1k', model_lib: 'https://example.org/phi.wasm', vram_required_MB: 2520.07, overrides: { context_window_size: 1024 } },
    ],
  },
  hasModelInCache: async () => false,
  deleteModelAllInfoInCache: async () => undefined,
  // Called with as many arguments as the host gives: a chatOpts left out is not even undefined.
  CreateMLCEngine: async (...args: [string, { logitProcessorRegistry?: Map<string, never> }, unknown?]) => {
    created.push({ modelId: args[0], chatOpts: args[2], args: args.length });
    const engine = await FakeWebLlmEngine.create(args[0], args[1]);
    return Object.assign(engine, { unload: async () => undefined });
  },
}));

const { WebLlmHost } = await import('./webllm-host');
const MODEL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';

beforeEach(() => {
  created.length = 0;
  vi.stubGlobal('self', { navigator: { gpu: { requestAdapter: async () => ({ features: new Set<string>() }) } } });
  // The tokenizer.json the host reads for EGB-Logits: not there, so EGB-Logits is off (and nothing is fetched).
  vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
});
afterEach(() => vi.unstubAllGlobals());

describe('WebLlmHost context window (chatOpts.context_window_size)', () => {
  it("passes the run's window to web-llm as chatOpts, and none when the run sets none", async () => {
    const host = new WebLlmHost();
    const own = await host.provider(MODEL);
    expect(created).toEqual([{ modelId: MODEL, chatOpts: undefined, args: 2 }]);
    expect(own.contextWindow?.tokens).toBe(4096);

    const set = await host.provider(MODEL, undefined, 8192);
    expect(created[1]).toEqual({ modelId: MODEL, chatOpts: { context_window_size: 8192, sliding_window_size: -1 }, args: 3 });
    expect(set.contextWindow).toEqual({ tokens: 8192, source: "set in Setup (web-llm's chatOpts.context_window_size)" });
  });

  it('reloads the engine when the window changes, and only then', async () => {
    const host = new WebLlmHost();
    await host.load(MODEL, undefined, 2048);
    await host.provider(MODEL, undefined, 2048);
    expect(created).toHaveLength(1);
    expect((await host.status(MODEL, 2048)).loaded).toBe(true);
    expect((await host.status(MODEL)).loaded).toBe(false);
    await host.provider(MODEL);
    expect(created.map((c) => c.chatOpts)).toEqual([{ context_window_size: 2048, sliding_window_size: -1 }, undefined]);
    expect((await host.status(MODEL)).loaded).toBe(true);
  });

  it('checks prompts against the window the engine got', async () => {
    const host = new WebLlmHost();
    for (const window of [undefined, 6000]) {
      const provider = await host.provider(MODEL, undefined, window);
      const check = await runWindowFor({ model: `webllm:${MODEL}`, overflow: 'fail', ...(window ? { window } : {}) }, provider);
      const engineGot = (created.at(-1)?.chatOpts as { context_window_size?: number } | undefined)?.context_window_size ?? 4096; // the record's override otherwise
      expect(check?.tokens).toBe(engineGot);
    }
  });

  it("estimates the memory of a window only from web-llm's own record pairs", async () => {
    const host = new WebLlmHost();
    const { models } = await host.catalog();
    const phi = models.find((m) => m.id === 'Phi-3.5-mini-instruct-q4f16_1-MLC');
    // (3672.07 - 2520.07) MB / 3072 tokens: Phi-3.5-mini's f16 KV cache, 32 layers x 2 x 3072 x 2 bytes.
    expect(phi?.memory?.mbPerToken).toBeCloseTo(0.375, 6);
    expect(models.find((m) => m.id === MODEL)?.memory).toBeUndefined();
  });
});

describe("a run's window reaches the WebLLM resolver", () => {
  it('gives the config window to the model as engineWindow, checked or not', async () => {
    const uses: (ModelUse | undefined)[] = [];
    const resolve = createModelResolver({
      webllm: async (_id, _progress, use) => {
        uses.push(use);
        return createSimProvider('small');
      },
    });
    const runner = new InThreadRunner(async () => buttonDataset(6), resolve, { buttons: buttonSpec });
    const config = { envs: ['buttons'], strategies: ['react'], tasks: 1, seeds: 1, seed: 1, model: `webllm:${MODEL}`, embedder: 'lexical', embedDevice: 'wasm' as const, split: 'test' as const, params: {} };
    await runner.run({ ...config, window: 3000 });
    await runner.run(config);
    expect(uses.map((use) => use?.engineWindow)).toEqual([3000, undefined]);
  });

  it('records the window a WebLLM run ran under in its result, with where the figure comes from', async () => {
    const host = new WebLlmHost();
    const resolve = createModelResolver({ webllm: async (_id, _progress, use) => host.provider(MODEL, undefined, use?.engineWindow) });
    const runner = new InThreadRunner(async () => buttonDataset(6), resolve, { buttons: buttonSpec });
    const config = { envs: ['buttons'], strategies: ['react'], tasks: 1, seeds: 1, seed: 1, model: `webllm:${MODEL}`, embedder: 'lexical', embedDevice: 'wasm' as const, split: 'test' as const, params: {} };
    expect((await runner.run(config)).model.window).toEqual({ tokens: 4096, source: `${MODEL}'s model record (overrides.context_window_size)` });
    expect((await runner.run({ ...config, window: 2048 })).model.window).toEqual({ tokens: 2048, source: "set in Setup (web-llm's chatOpts.context_window_size)" });
  });
});
