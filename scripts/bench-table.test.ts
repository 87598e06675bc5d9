import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG } from '../src/core/run/run-config';
import { DEFAULT_PRICES } from '../src/core/run/prices';
import { markdownTable, toBenchRow } from './bench-table';

const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
const config = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], tasks: 2 };

describe('bench rows', () => {
  it('should write the cached fields into the bench JSON rows', async () => {
    const result = await new InThreadRunner(loadData).run({ ...config, cache: 'block' });
    const row = toBenchRow(result.rows[0], DEFAULT_PRICES['sim:small']);
    expect(markdownTable([row])).toMatch(/cached share/);
    expect(row).toMatchObject({ cachedPromptTokens: expect.any(Number), uncachedPromptTokens: expect.any(Number), costUsdUncached: expect.any(Number), cachedPromptTokensLow: expect.any(Number) });
    expect(row.costUsd).toBeLessThan(row.costUsdUncached!);
  });

  it('should write the seconds on the run\'s local device into the bench JSON rows and table', async () => {
    const result = await new InThreadRunner(loadData).run({ ...config, localDevice: '500,25,0.2' });
    const row = toBenchRow(result.rows[0], DEFAULT_PRICES['sim:small']);
    // No cache model: every prompt token is prefilled.
    const expected = result.rows[0].promptTokens / 500 + result.rows[0].completionTokens / 25 + (result.rows[0].llmCalls + result.rows[0].logitPasses) * 0.2;
    expect(row.localSeconds).toBeCloseTo(expected, 2);
    expect(row).toMatchObject({ localSecondsLow: expect.any(Number), localSecondsHigh: expect.any(Number), secondsSource: 'profile:500,25,0.2' });
    expect(markdownTable([row])).toMatch(/\| profile:500,25,0\.2 \|/);
    expect(markdownTable([row])).toMatch(/\| localSeconds \|/);
  });
});
