import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { DEVICE_PROFILES, localSeconds, parseDevice } from './device-profiles';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG, validateRunConfig, type RunConfig } from './run-config';
import { metricKind } from './metric-kinds';

const device = { prefillTokensPerSecond: 500, decodeTokensPerSecond: 25, overheadSeconds: 0.2 };

describe('seconds on a device', () => {
  it('prefills only the uncached prompt tokens, decodes the completion, and pays the overhead per call', () => {
    // 3 calls, 6,000 prompt tokens of which 4,000 cached, 150 completion tokens:
    // 2,000 / 500 = 4 s, 150 / 25 = 6 s, 3 x 0.2 = 0.6 s.
    expect(localSeconds({ promptTokens: 6_000, cachedPromptTokens: 4_000, completionTokens: 150, calls: 3 }, device)).toBeCloseTo(10.6, 10);
    // No cache model: every prompt token is prefilled (6,000 / 500 = 12 s).
    expect(localSeconds({ promptTokens: 6_000, completionTokens: 150, calls: 3 }, device)).toBeCloseTo(18.6, 10);
    // Nothing decoded, one call: prefill and overhead alone.
    expect(localSeconds({ promptTokens: 1_000, cachedPromptTokens: 0, completionTokens: 0, calls: 1 }, device)).toBeCloseTo(2.2, 10);
  });

  it('reads a device as a profile or as its three rates, and says what is wrong otherwise', () => {
    expect(parseDevice('500,25,0.2')).toEqual({ ok: true, device: { ...device, label: 'own rates', source: 'given with the run' } });
    expect(parseDevice(' 500 , 25 , 0 ')).toMatchObject({ ok: true, device: { overheadSeconds: 0 } });
    for (const bad of ['500,25', '0,25,0.2', '500,-1,0.2', '500,25,-0.1', '500,,0.2', 'fast', '500,25,0.2,1', 'Infinity,25,0']) expect(parseDevice(bad).ok).toBe(false);
    for (const [id, profile] of Object.entries(DEVICE_PROFILES)) {
      expect(parseDevice(id)).toEqual({ ok: true, device: profile });
      expect(profile.source.length).toBeGreaterThan(0);
    }
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], localDevice: 'fast' }, { envs: ['household'], strategies: ['react'] })).toThrow(/Unknown local device "fast"/);
    expect(metricKind('localSeconds')).toBe('seconds');
  });

  it('gives each task run of a run that names a device its seconds, and the rows their mean and interval', async () => {
    const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
    const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], tasks: 2, cache: 'prefix', localDevice: '500,25,0.2' };
    const result = await new InThreadRunner(loadData).run(config);
    for (const r of result.results) {
      const expected = (r.promptTokens - r.cachedPromptTokens!) / 500 + r.completionTokens / 25 + (r.llmCalls + r.logitPasses) * 0.2;
      expect(r.localSeconds).toBeCloseTo(expected, 9);
    }
    const row = result.rows[0];
    expect(row.localSeconds).toBeCloseTo(result.results.reduce((sum, r) => sum + r.localSeconds!, 0) / result.results.length, 9);
    expect(row.intervals?.localSeconds).toBeDefined();
    // Without a device, no seconds.
    const plain = await new InThreadRunner(loadData).run({ ...config, localDevice: undefined });
    expect(plain.results.every((r) => r.localSeconds === undefined)).toBe(true);
    expect(plain.rows[0].localSeconds).toBeUndefined();
  }, 120_000);
});
