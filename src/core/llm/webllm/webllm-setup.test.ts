import { describe, expect, it } from 'vitest';
import { checkGpu, type GpuLike } from './gpu-check';
import { explainLoadError } from './load-errors';
import { chatModelCatalog, customModelRecord, defaultCatalogModel, modelLabel, withModelRecord, DEFAULT_WEBLLM_MODEL, type ModelRecordLike } from './model-catalog';
import { digitTokensFromTokenizerJson } from './digit-tokens';
import { fakeTokenizerJson, fakeTokenId } from '../../../../test/fixtures/fake-webllm-engine';

const adapter = (...features: string[]): GpuLike => ({ requestAdapter: async () => ({ features: new Set(features) }) });

describe('checkGpu (before any download)', () => {
  it('should say plainly what is missing, and offer the simulated model', async () => {
    const none = await checkGpu(undefined, false);
    expect(none).toMatchObject({ ok: false, reason: 'no-webgpu' });
    const noAdapter = await checkGpu({ requestAdapter: async () => null }, false);
    expect(noAdapter).toMatchObject({ ok: false, reason: 'no-adapter' });
    const throws = await checkGpu({ requestAdapter: () => Promise.reject(new Error('blocked')) }, false);
    expect(throws).toMatchObject({ ok: false, reason: 'no-adapter' });
    const noF16 = await checkGpu(adapter(), true);
    expect(noF16).toMatchObject({ ok: false, reason: 'no-shader-f16' });
    for (const check of [none, noAdapter, noF16]) if (!check.ok) expect(check.message).toMatch(/simulated model still works/);
  });

  it('should pass a q4f32 model without shader-f16, and report the feature when present', async () => {
    expect(await checkGpu(adapter(), false)).toEqual({ ok: true, shaderF16: false });
    expect(await checkGpu(adapter('shader-f16'), true)).toEqual({ ok: true, shaderF16: true });
  });
});

describe('explainLoadError', () => {
  it('should sort web-llm errors, also as strings from a worker, into plain messages', () => {
    expect(explainLoadError(new Error('Failed to fetch')).kind).toBe('network');
    expect(explainLoadError('WebGPUNotAvailableError: WebGPU is not supported in your current environment').kind).toBe('no-webgpu');
    expect(explainLoadError({ name: 'QuotaExceededError', message: 'The quota has been exceeded.' }).kind).toBe('storage');
    expect(explainLoadError(new Error('Device was lost: out of memory')).kind).toBe('out-of-memory');
    expect(explainLoadError(new Error('Cannot fetch https://x/resolve/main/mlc-chat-config.json: 404 Not Found')).kind).toBe('model-not-found');
    // A static host's index.html where JSON should be.
    const page = explainLoadError(new SyntaxError(`Unexpected token '<', "<!doctype "... is not valid JSON`));
    expect(page.kind).toBe('model-not-found');
    expect(page.message).toMatch(/web page, not the model files/);
    const other = explainLoadError(new Error('something odd'));
    expect(other).toMatchObject({ kind: 'unknown', detail: 'Error: something odd' });
    expect(other.message).toMatch(/simulated model still works/);
  });
});

describe('the model catalog', () => {
  const list: ModelRecordLike[] = [
    { model: 'https://hf/q', model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC', model_lib: 'q.wasm', vram_required_MB: 1060 },
    { model: 'https://hf/q16', model_id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', model_lib: 'q16.wasm', vram_required_MB: 945, required_features: ['shader-f16'] },
    { model: 'https://hf/s', model_id: 'SmolLM2-360M-Instruct-q4f32_1-MLC', model_lib: 's.wasm', vram_required_MB: 580 },
    { model: 'https://hf/big', model_id: 'Llama-3.1-70B-Instruct-q4f16_1-MLC', model_lib: 'b.wasm', vram_required_MB: 40000 },
    { model: 'https://hf/c', model_id: 'Qwen2.5-Coder-1.5B-Instruct-q4f32_1-MLC', model_lib: 'c.wasm', vram_required_MB: 1800 },
    { model: 'https://hf/e', model_id: 'snowflake-arctic-embed-m-q0f32-MLC-b4', model_lib: 'e.wasm', model_type: 1 },
  ];

  it('should offer small general chat models, smallest first, with VRAM and the f16 need', () => {
    const catalog = chatModelCatalog(list);
    expect(catalog.map((m) => m.id)).toEqual(['SmolLM2-360M-Instruct-q4f32_1-MLC', 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC']);
    expect(catalog[1]).toMatchObject({ needsShaderF16: true, vramMB: 945 });
    expect(modelLabel('Qwen2.5-0.5B-Instruct-q4f32_1-MLC')).toBe('Qwen2.5 0.5B Instruct (q4f32_1)');
  });

  it('should default to the small Qwen q4f32 model, and to what the GPU can run', () => {
    expect(defaultCatalogModel(chatModelCatalog(list), false)?.id).toBe(DEFAULT_WEBLLM_MODEL);
    const withoutDefault = chatModelCatalog(list.filter((r) => r.model_id !== DEFAULT_WEBLLM_MODEL));
    expect(defaultCatalogModel(withoutDefault, false)?.id).toBe('SmolLM2-360M-Instruct-q4f32_1-MLC');
  });

  it('should build a self-hosted record with absolute URLs, and reject what web-llm cannot use', () => {
    const record = customModelRecord({ id: ' Mine-q4f16_1-MLC ', modelUrl: './models/mine', modelLibUrl: 'libs/mine.wasm', base: 'https://host.example/app/' });
    expect(record).toEqual({ model: 'https://host.example/app/models/mine', model_id: 'Mine-q4f16_1-MLC', model_lib: 'https://host.example/app/libs/mine.wasm', required_features: ['shader-f16'] });
    expect(() => customModelRecord({ id: '', modelUrl: 'https://a/b', modelLibUrl: 'https://a/b.wasm' })).toThrow(/needs an id/);
    expect(() => customModelRecord({ id: 'x', modelUrl: 'models/x', modelLibUrl: 'https://a/b.wasm' })).toThrow(/not an absolute URL/);
    expect(() => customModelRecord({ id: 'x', modelUrl: 'ftp://a/b', modelLibUrl: 'https://a/b.wasm' })).toThrow(/http\(s\)/);
    expect(() => customModelRecord({ id: 'x', modelUrl: 'https://a/b', modelLibUrl: 'https://a/b.js' })).toThrow(/\.wasm/);
    const replaced = withModelRecord(list, { ...list[0], model: 'https://elsewhere/q' });
    expect(replaced.filter((r) => r.model_id === list[0].model_id)).toEqual([{ ...list[0], model: 'https://elsewhere/q' }]);
  });
});

describe('digitTokensFromTokenizerJson', () => {
  it('should read the ids of 0-9 and see that the tokenizer splits numbers into digits', () => {
    const digits = digitTokensFromTokenizerJson(fakeTokenizerJson());
    expect(digits.ids).toEqual([...'0123456789'].map(fakeTokenId));
    expect(digits.singleDigits).toBe(true);
  });

  it('should notice tokenizers that merge digits, and refuse a file without digit tokens', () => {
    const llama = { model: { vocab: { ...Object.fromEntries([...'0123456789'].map((d, i) => [d, i])), '12': 10 } }, pre_tokenizer: { type: 'Split', pattern: { Regex: '\\p{N}{1,3}' } } };
    expect(digitTokensFromTokenizerJson(llama).singleDigits).toBe(false);
    expect(() => digitTokensFromTokenizerJson({ model: { vocab: { a: 0 } } })).toThrow(/no single token for the digits 0, 1/);
    expect(() => digitTokensFromTokenizerJson({})).toThrow(/no "model" section/);
  });
});

describe('WebLLM context windows', () => {
  it("takes the record's override, else a 1k build's, else web-llm's default", async () => {
    const { webllmWindowOf } = await import('./model-catalog');
    expect(webllmWindowOf({ model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC', overrides: { context_window_size: 32_768 } }).tokens).toBe(32_768);
    expect(webllmWindowOf({ model_id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC-1k' }).tokens).toBe(1_024);
    expect(webllmWindowOf({ model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC' }).tokens).toBe(4_096);
  });
});

describe('WebLLM window options', () => {
  it('gives chatOpts only for a window set, a positive whole number, with no sliding window beside it', async () => {
    const { webllmChatOptions, webllmWindowIn, vramAtWindow } = await import('./window-options');
    expect(webllmChatOptions(undefined)).toBeUndefined();
    expect(webllmChatOptions(16_384)).toEqual({ context_window_size: 16_384, sliding_window_size: -1 });
    expect(() => webllmChatOptions(0)).toThrow(/positive whole number/);
    expect(() => webllmChatOptions(1.5)).toThrow(/positive whole number/);
    expect(webllmWindowIn({ model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC', overrides: { context_window_size: 4096 } }, undefined).tokens).toBe(4096);
    expect(webllmWindowIn({ model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC' }, 9000).tokens).toBe(9000);
    expect(vramAtWindow(1000, 4096, 8192, { mbPerToken: 0.5, source: '' })).toBe(3048);
    expect(vramAtWindow(1000, 4096, 8192, undefined)).toBeUndefined();
    expect(vramAtWindow(1000, 4096, 4096, undefined)).toBe(1000);
  });
});
