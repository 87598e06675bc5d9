import { describe, expect, it } from 'vitest';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import { readFile } from 'node:fs/promises';
import { promptsOf } from '../llm/prompt-delta';
import { ChatTokenIds, givesIds } from '../llm/chat-token-ids';
import { loadQwenTokenizer } from '../llm/qwen-tokenizer';
import { MeteredModel } from '../llm/metered-model';
import { createPromptCache } from '../llm/prompt-cache';
import { costUsd, DEFAULT_PRICES } from './prices';
import type { TraceEvent } from '../trace';

const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], tasks: 2 };

describe('cached prompt tokens in a run', () => {
  it('should record, under extend, each ReAct call after the first as its previous prompt and reply', async () => {
    const tokenizer = await loadQwenTokenizer();
    if (!givesIds(tokenizer)) throw new Error('no ids');
    const ids = new ChatTokenIds(tokenizer);
    const result = await new InThreadRunner(loadData).run({ ...config, cache: 'extend' });
    let checked = 0;
    for (const events of Object.values(result.traces)) {
      const prompts = promptsOf(events);
      const calls = events.filter((e): e is Extract<TraceEvent, { type: 'llm-call' }> => e.type === 'llm-call');
      expect(calls[0].cachedPromptTokens).toBe(0);
      for (let i = 1; i < calls.length; i++) {
        // ReAct's transcript only grows: the previous prompt and reply are all reused.
        const held = ids.ids(prompts.get(calls[i - 1])!).length + ids.replyIds(calls[i - 1].response).length;
        expect(calls[i].cachedPromptTokens).toBe(held);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    for (const r of result.results) expect(r.cachedPromptTokens).toBe(result.traces[`${r.env}/${r.strategy}/${r.seed}/${r.taskId}`].reduce((sum, e) => sum + (e.type === 'llm-call' ? e.cachedPromptTokens! : 0), 0));
    const row = result.rows[0];
    expect(row.cachedPromptTokens! + row.uncachedPromptTokens!).toBeCloseTo(row.promptTokens, 6);
    expect(row.intervals?.cachedPromptTokens).toBeDefined();
  });

  it('should change no outcome or token count, only the cached share', async () => {
    const runner = new InThreadRunner(loadData);
    const plain = await runner.run(config);
    expect(plain.results.every((r) => r.cachedPromptTokens === undefined)).toBe(true);
    expect(plain.rows[0].cachedPromptTokens).toBeUndefined();
    for (const cache of ['prefix', 'block', 'provider'] as const) {
      const cached = await runner.run({ ...config, cache });
      expect(cached.results.map(({ ms: _m, cachedPromptTokens: _c, ...r }) => r)).toEqual(plain.results.map(({ ms: _m, ...r }) => r));
      for (const r of cached.results) expect(r.cachedPromptTokens).toBeGreaterThan(0);
      for (const r of cached.results) expect(r.cachedPromptTokens).toBeLessThan(r.promptTokens);
    }
  });

  it('should take the server\'s own count where it reports one', async () => {
    const tokenizer = await loadQwenTokenizer();
    const inner = { id: 'x', label: 'x', simulated: false, generate: async () => ({ text: 'ok', usage: { promptTokens: 500, completionTokens: 1, cachedPromptTokens: 384 }, ms: 0 }) };
    const model = new MeteredModel(inner, () => {}, { ids: new ChatTokenIds(tokenizer as never), task: createPromptCache('prefix')!.openTask() });
    await model.generate({ kind: 'act', messages: [{ role: 'user', content: 'hi' }] });
    await model.generate({ kind: 'act', messages: [{ role: 'user', content: 'hi' }] });
    expect(model.tally.cachedPromptTokens).toBe(768);
  });

  it('should price cached tokens at the cached-input price and the rest at the cache-write price', () => {
    const strong = DEFAULT_PRICES['sim:strong'];
    expect(costUsd({ promptTokens: 1_000_000, completionTokens: 0 }, strong)).toBeCloseTo(3, 9);
    expect(costUsd({ promptTokens: 1_000_000, completionTokens: 0, cachedPromptTokens: 800_000 }, strong)).toBeCloseTo(0.8 * 0.3 + 0.2 * 3.75, 9);
    expect(costUsd({ promptTokens: 1_000_000, completionTokens: 0, cachedPromptTokens: 500_000 }, DEFAULT_PRICES['sim:small'])).toBeCloseTo(0.5 * 0.15 + 0.5 * 0.3, 9);
  });
});
