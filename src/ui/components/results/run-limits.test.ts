import { describe, expect, it } from 'vitest';
import { cacheWords, overflowedRuns, overflowWords, runLimits, trimWords } from './run-limits';

const row = { env: 'slate', strategy: 'autotool-react', tasks: 6, contextOverflows: 0.5 };

describe('what a run\'s real limits were, in words', () => {
  it('reads the window from the run, else from the SimLM preset, and names the device and the cache', () => {
    expect(runLimits({ model: 'sim:small' })).toEqual({ windowTokens: 32_768 });
    expect(runLimits({ model: 'sim:strong', overflow: 'trim', window: 1_500, cache: 'prefix' })).toEqual({ overflow: 'trim', windowTokens: 1_500, cache: 'prefix' });
    // No cache is no cache model; a server's window is not known to the page.
    expect(runLimits({ model: 'openai:http://127.0.0.1:8080/v1#m', cache: 'none' })).toEqual({});
    expect(runLimits({ model: 'sim:small', localDevice: 'cpu-qwen2.5-0.5b-q8' }).device).toMatch(/^CPU, 1 core: Qwen2\.5-0\.5B/);
    expect(runLimits({ model: 'sim:small', localDevice: '1000,20,0.5' }).device).toBe('own rates: 1,000 prefill and 20 decode tokens/s, 0.5 s per call');
    expect(cacheWords('block')).toBe('block (16-token blocks, LRU, vLLM)');
  });

  it('says which strategy on which environment did not fit, in how many task runs, and how the setting ended them', () => {
    expect(overflowedRuns(row)).toBe(3);
    const words = overflowWords(row, runLimits({ model: 'sim:small', overflow: 'fail' }))!;
    expect(words).toMatch(/^AutoTool \(ReAct\) on SLATE e-commerce \(plan-guided\) did not fit the model's context window \(32,768 tokens\): in 3 of 6 task runs/);
    expect(words).toContain('the overflow setting (fail) ended the task run there');
    expect(overflowWords({ ...row, shortlisted: 1 }, runLimits({ model: 'sim:small', overflow: 'trim' }))).toMatch(/even with the shortlist of tools: .*could not cut it to fit/);
    expect(overflowWords({ ...row, contextOverflows: 0 }, {})).toBeUndefined();
    expect(overflowWords({ ...row, contextOverflows: undefined }, {})).toBeUndefined();
  });

  it('says how many calls per task run were trimmed, where any were', () => {
    expect(trimWords({ env: 'household', strategy: 'react', trimmedCalls: 2.5 }, { windowTokens: 1_500 })).toMatch(/^ReAct on Household \(ALFWorld-like\): 2\.5 calls per task run .*\(1,500 tokens\)/);
    expect(trimWords({ env: 'household', strategy: 'react', trimmedCalls: 0 }, {})).toBeUndefined();
  });
});
