import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { TaskResult } from './results';
import { CLAIMS, evaluateClaims } from './claims';
import { DEVICE_PROFILES } from './device-profiles';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';

function run(strategy: string, taskId: string, fields: Partial<TaskResult>): TaskResult {
  return { env: 'household', strategy, taskId, seed: 1, taskKind: 'k', success: false, progress: 0, steps: 1, invalidSteps: 0, failedCalls: 0, llmCalls: 10, promptTokens: 1000, completionTokens: 1, logitPasses: 0, callsByKind: {}, metrics: {}, ms: 1, ...fields };
}

const TOKEN_CLAIM = CLAIMS.find((c) => c.claim === 'ReAct+AutoTool uses fewer input tokens than ReAct')!;
const CPU = 'cpu-qwen2.5-0.5b-q8';

describe('the papers\' "fewer input tokens" claims as uncached tokens and seconds', () => {
  it('counts raw and uncached prompt tokens and seconds against hand-computed figures: fewer tokens can be more seconds', () => {
    // ReAct: 6,000 prompt tokens of which 4,000 cached, 100 completion tokens, 10 calls.
    // AutoTool: 5,000 of which 1,000 cached, 80 completion tokens, 8 calls (its prompts break the prefix).
    const results: TaskResult[] = [];
    for (let t = 0; t < 10; t++) {
      results.push(run('react', `t${t}`, { promptTokens: 6000, cachedPromptTokens: 4000, completionTokens: 100, llmCalls: 10 }));
      results.push(run('autotool-react', `t${t}`, { promptTokens: 5000, cachedPromptTokens: 1000, completionTokens: 80, llmCalls: 8 }));
    }
    const [claim] = evaluateClaims([TOKEN_CLAIM], results, 'sim:medium', { cache: 'prefix' });
    const t = claim.tokens!;
    expect(t.cache).toBe('prefix');
    expect([t.baseline, t.strategy]).toEqual(['react', 'autotool-react']);
    expect(t.promptTokens.baseline).toEqual({ mean: 6000, low: 6000, high: 6000 });
    expect(t.promptTokens.change.mean).toBeCloseTo(-1000 / 6000, 12);
    // The raw change is the claim's own figure.
    expect(t.promptTokens.change.mean).toBeCloseTo(claim.ours, 12);
    expect(t.uncachedPromptTokens.baseline.mean).toBe(2000);
    expect(t.uncachedPromptTokens.strategy.mean).toBe(4000);
    expect(t.uncachedPromptTokens.change.mean).toBeCloseTo(1, 12);
    // The profile's rates (generated from docs/bench-engine.json: 68.8 prefill and 17.3 decode tokens/s), no overhead.
    const { prefillTokensPerSecond: P, decodeTokensPerSecond: D, overheadSeconds } = DEVICE_PROFILES[CPU];
    expect(overheadSeconds).toBe(0);
    const cpu = t.seconds[CPU];
    expect(cpu.label).toBe(DEVICE_PROFILES[CPU].label);
    expect(cpu.baseline.mean).toBeCloseTo(2000 / P + 100 / D, 9);
    expect(cpu.strategy.mean).toBeCloseTo(4000 / P + 80 / D, 9);
    expect(cpu.change.mean).toBeGreaterThan(0);
    expect(Object.keys(t.seconds).sort()).toEqual(Object.keys(DEVICE_PROFILES).sort());
    // Without a cached count every prompt token is prefilled: uncached = raw.
    const plain = results.map(({ cachedPromptTokens: _, ...r }) => r);
    const none = evaluateClaims([TOKEN_CLAIM], plain, 'sim:medium')[0].tokens!;
    expect(none.cache).toBe('none');
    expect(none.uncachedPromptTokens).toEqual(none.promptTokens);
    expect(none.seconds[CPU].baseline.mean).toBeCloseTo(6000 / P + 100 / D, 9);
    // Only the token claims carry costs.
    expect(CLAIMS.filter((c) => c.tokens).map((c) => c.paper)).toEqual(['AutoTool', 'EcoAct']);
    expect(evaluateClaims(CLAIMS.filter((c) => c.claim === 'ReAct+AutoTool raises progress'), results, 'sim:medium')[0].tokens).toBeUndefined();
  });

  it('on a real run gives the rows\' figures: uncached tokens and the run\'s own seconds as the results table shows them', async () => {
    const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
    const runner = new InThreadRunner(loadData);
    const config: RunConfig = { ...DEFAULT_RUN_CONFIG, model: 'sim:medium', envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 3, seeds: 1, cache: 'prefix', localDevice: CPU };
    const result = await runner.run(config);
    const row = (id: string) => result.rows.find((r) => r.strategy === id)!;
    const t = evaluateClaims([TOKEN_CLAIM], result.results, config.model, { cache: config.cache, localDevice: config.localDevice })[0].tokens!;
    for (const [side, id] of [['baseline', 'react'], ['strategy', 'autotool-react']] as const) {
      expect(t.promptTokens[side].mean).toBe(row(id).promptTokens);
      expect(t.uncachedPromptTokens[side].mean).toBe(row(id).uncachedPromptTokens);
      expect([t.uncachedPromptTokens[side].low, t.uncachedPromptTokens[side].high]).toEqual(row(id).intervals!.uncachedPromptTokens);
      // The profile's seconds, worked out from each task run's counts, are the seconds the run gave it.
      expect(t.seconds[CPU][side].mean).toBeCloseTo(row(id).localSeconds!, 9);
    }
    expect(t.uncachedPromptTokens.baseline.mean).toBeLessThan(t.promptTokens.baseline.mean);
    // A run with its own rates gets a line for them too.
    const own = await runner.run({ ...config, localDevice: '500,25,0.2' });
    const ownCosts = evaluateClaims([TOKEN_CLAIM], own.results, config.model, { cache: 'prefix', localDevice: '500,25,0.2' })[0].tokens!;
    expect(ownCosts.seconds['500,25,0.2'].strategy.mean).toBeCloseTo(own.rows.find((r) => r.strategy === 'autotool-react')!.localSeconds!, 9);
  }, 240_000);
});
