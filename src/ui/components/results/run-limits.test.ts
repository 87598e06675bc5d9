import { describe, expect, it } from 'vitest';
import { cacheWords, limitsOnScreen, measuredWords, modelWindowLine, overflowedRuns, overflowWords, runLimits, secondsNote, trimWords, windowNote, windowSourceWords, windowWords } from './run-limits';
import { DEVICE_PROFILES } from '../../../core/run/device-profiles';
import { DEFAULT_RUN_CONFIG } from '../../../core/run/run-config';

const row = { env: 'slate', strategy: 'autotool-react', tasks: 6, contextOverflows: 0.5 };

describe('what a run\'s real limits were, in words', () => {
  it('reads the window from the run, else from the SimLM preset, and names the device and the cache', () => {
    expect(runLimits({ model: 'sim:small' })).toEqual({ windowTokens: 32_768, windowSource: 'Qwen2.5-7B-Instruct model card (32,768 as configured; 131,072 needs YaRN)' });
    expect(runLimits({ model: 'sim:strong', overflow: 'trim', window: 1_500, cache: 'prefix' })).toEqual({ overflow: 'trim', windowTokens: 1_500, windowSource: "the run's window setting", cache: 'prefix' });
    // No cache is no cache model; a server's window is known to the page only from the run's record.
    expect(runLimits({ model: 'openai:http://127.0.0.1:8080/v1#m', cache: 'none' })).toEqual({});
  });

  it("takes the window the run recorded (a server's report, a WebLLM record) over what the config says, and says where it comes from", () => {
    const server = runLimits({ model: 'openai:http://127.0.0.1:8080/v1#m', overflow: 'fail' }, { window: { tokens: 8_192, source: 'http://127.0.0.1:8080/props (n_ctx)' } });
    expect(server).toEqual({ overflow: 'fail', windowTokens: 8_192, windowSource: 'http://127.0.0.1:8080/props (n_ctx)' });
    expect(windowWords(server)).toBe("the model's context window (8,192 tokens)");
    expect(windowSourceWords(server)).toBe('Window: 8,192 tokens, from http://127.0.0.1:8080/props (n_ctx).');
    expect(windowNote(server)).toBe("This run's window: 8,192 tokens, from http://127.0.0.1:8080/props (n_ctx)");
    const webllm = runLimits({ model: 'webllm:Qwen2.5-0.5B-Instruct-q4f32_1-MLC' }, { window: { tokens: 4_096, source: "web-llm's default context_window_size for prebuilt models" } });
    expect(windowSourceWords(webllm)).toBe("Window: 4,096 tokens, from web-llm's default context_window_size for prebuilt models.");
    // Nothing known, nothing said.
    expect(windowSourceWords(runLimits({ model: 'openai:http://127.0.0.1:8080/v1#m' }, {}))).toBe('');
    expect(windowNote({})).toBeUndefined();
    expect(runLimits({ model: 'sim:small', localDevice: 'cpu-qwen2.5-0.5b-q8' }).device).toMatch(/^CPU, 1 core: Qwen2\.5-0\.5B/);
    expect(runLimits({ model: 'sim:small', localDevice: '1000,20,0.5' }).device).toBe('own rates: 1,000 prefill and 20 decode tokens/s, 0.5 s per call');
    expect(cacheWords('block')).toBe('block (16-token blocks, LRU, vLLM)');
  });

  it("names the streaming run's own window (what it told before its first task), not the settings'", () => {
    const server = { ...DEFAULT_RUN_CONFIG, model: 'openai:http://127.0.0.1:8080/v1#m', overflow: 'fail' as const };
    const told = { tokens: 8_192, source: 'http://127.0.0.1:8080/props (n_ctx)' };
    // Streaming: the settings know no window of a server; the run told its own.
    expect(windowSourceWords(limitsOnScreen(true, server, undefined, told))).toBe('Window: 8,192 tokens, from http://127.0.0.1:8080/props (n_ctx).');
    expect(windowWords(limitsOnScreen(true, server, undefined, undefined))).toBe("the model's context window");
    // A WebLLM run with a window set: the run says it in the model's words (web-llm loads with it).
    const webllm = { ...DEFAULT_RUN_CONFIG, model: 'webllm:Qwen2.5-0.5B-Instruct-q4f32_1-MLC', overflow: 'trim' as const, window: 2_048 };
    const loaded = { tokens: 2_048, source: "set in Setup (web-llm's chatOpts.context_window_size)" };
    expect(limitsOnScreen(true, webllm, undefined, loaded).windowSource).toBe(loaded.source);
    // Done: the finished run's record, whatever the settings now say.
    const finished = { config: server, model: { id: server.model, label: 'm', simulated: false, window: told } };
    expect(limitsOnScreen(false, { ...DEFAULT_RUN_CONFIG }, finished, undefined).windowTokens).toBe(8_192);
  });

  it("says the window under the model line, or that a server reported none", () => {
    const server = { ...DEFAULT_RUN_CONFIG, model: 'openai:http://127.0.0.1:8080/v1#m' };
    const model = { id: server.model, label: 'm', simulated: false };
    expect(modelWindowLine({ config: server, model: { ...model, window: { tokens: 8_192, source: 'http://127.0.0.1:8080/v1/models (max_model_len)' } } })).toBe(
      'Context window: 8,192 tokens, from http://127.0.0.1:8080/v1/models (max_model_len); prompts are not checked against it (overflow not set).',
    );
    expect(modelWindowLine({ config: { ...server, overflow: 'trim' }, model: { ...model, window: { tokens: 8_192, source: 'x' } } })).toBe('Context window: 8,192 tokens, from x; prompts over it: oldest steps dropped (overflow trim).');
    expect(modelWindowLine({ config: server, model })).toMatch(/^Context window: not known\. The server reported none \(neither vLLM's max_model_len in \/models nor llama\.cpp's n_ctx in \/props\), so prompts were not checked against it/);
    // SimLM's shipped runs record none and say nothing.
    expect(modelWindowLine({ config: DEFAULT_RUN_CONFIG, model: { id: DEFAULT_RUN_CONFIG.model, label: 'Small', simulated: true } })).toBeUndefined();
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

  it("says whether the seconds are the engine's or a device's, and which machine and date a measured profile comes from", () => {
    const limits = runLimits({ model: 'llama:/tmp/m.gguf', localDevice: 'cpu-qwen2.5-0.5b-q8' });
    expect(secondsNote([{ secondsSource: 'engine' }, { secondsSource: 'engine' }], limits)).toMatch(/^This run: measured by the engine/);
    expect(secondsNote([{ secondsSource: 'profile:cpu-qwen2.5-0.5b-q8' }], limits)).toMatch(/^This run: on CPU, 1 core: Qwen2\.5-0\.5B/);
    expect(secondsNote([{ secondsSource: 'engine' }, { secondsSource: 'profile:cpu-qwen2.5-0.5b-q8' }], limits)).toMatch(/where every call reported its time, else on CPU/);
    expect(secondsNote([{}], {})).toBeUndefined();
    const measured = DEVICE_PROFILES['cpu-qwen2.5-0.5b-q8'].measured!;
    const words = measuredWords(measured);
    expect(words).toContain(`Measured on ${measured.machine} (${measured.cores} cores) on ${measured.date.slice(0, 10)}`);
    expect(words).toContain(measured.engine);
    expect(DEVICE_PROFILES['webgpu-m3max-phi3.5-mini'].measured).toBeUndefined();
  });
});
