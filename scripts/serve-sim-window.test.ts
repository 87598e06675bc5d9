import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from './sim-server';
import { loadNodeData } from './node-data';
import { InThreadRunner, createModelResolver } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import type { RunEvent } from '../src/core/run/run-events';
import { ENVIRONMENTS } from '../src/core/envs';
import { requestJson } from '../src/core/llm/openai/http-client';
import { chatResponseSchema, modelListSchema } from '../src/core/llm/openai/wire';
import { serverModelWindows } from '../src/core/llm/openai/openai-provider';

// Context windows over real HTTP: serve:sim with a 1,200-token window refuses longer prompts with a 400.
const WINDOW = 1200;
let server: SimServer;
beforeAll(async () => {
  server = await startSimServer({ modelSeed: 1, window: WINDOW });
}, 120_000);
afterAll(() => server.close());

const runner = () => new InThreadRunner(loadNodeData, createModelResolver({ http: { backoffMs: 1, timeoutMs: 20_000 } }), ENVIRONMENTS);
const config = (model: string, extra: Partial<RunConfig>): RunConfig => ({ ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], model, seed: 1, tasks: 3, ...extra });
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);

describe('serve:sim context window', () => {
  it('should report its window as max_model_len and refuse a longer prompt with a 400 that says so', async () => {
    const list = await requestJson(`${server.url}/models`, undefined, modelListSchema);
    expect(list.data[0].max_model_len).toBe(WINDOW);
    // Test connection's reading: every model with its window and where it came from.
    const { models, windows } = await serverModelWindows(server.url);
    expect(models).toContain('sim-small');
    expect(windows['sim-small']).toEqual({ tokens: WINDOW, source: `${server.url}/models (max_model_len)` });
    const long = 'word '.repeat(3000);
    await expect(requestJson(`${server.url}/chat/completions`, { model: 'sim-small', messages: [{ role: 'user', content: long }] }, chatResponseSchema)).rejects.toThrow(/HTTP 400: This model's maximum context length is 1200 tokens/);
  });

  it('should end tasks with context-overflow under fail when the server refuses, as in-process', async () => {
    const local = await runner().run(config('sim:small', { overflow: 'fail', window: WINDOW }));
    // The run is told a larger window, so it sends every prompt and the server's 400 ends the task.
    const remote = await runner().run(config(`openai:${server.url}#sim-small`, { overflow: 'fail', window: 1_000_000 }));
    expect(remote.status).toBe('done');
    expect(remote.results.some((r) => r.outcome === 'context-overflow')).toBe(true);
    expect(withoutTimes(remote)).toEqual(withoutTimes(local));
  }, 120_000);

  it('should trim to the window the server reports under trim, as in-process', async () => {
    const local = await runner().run(config('sim:small', { overflow: 'trim', window: WINDOW }));
    const events: RunEvent[] = [];
    const remote = await runner().run(config(`openai:${server.url}#sim-small`, { overflow: 'trim' }), (event) => events.push(event));
    expect(remote.results.reduce((sum, r) => sum + (r.trimmedCalls ?? 0), 0)).toBeGreaterThan(0);
    // The run tells the window before its first task, so a page names it while the run streams.
    const told = events.findIndex((event) => event.kind === 'model');
    expect(told).toBeGreaterThanOrEqual(0);
    expect(told).toBeLessThan(events.findIndex((event) => event.kind === 'task-result'));
    expect(events[told]).toEqual({ kind: 'model', window: { tokens: WINDOW, source: `${server.url}/models (max_model_len)` } });
    expect(withoutTimes(remote)).toEqual(withoutTimes(local));
    // The result records the window it ran under and where it came from, for the page to show.
    expect(remote.model.window).toEqual({ tokens: WINDOW, source: `${server.url}/models (max_model_len)` });
    expect(local.model.window).toEqual({ tokens: WINDOW, source: "the run's window setting (--window, Setup's context window field)" });
  }, 120_000);

  it("should ask the server for its window once in a run without a window check too, so the result shows it", async () => {
    // The same server's models at their presets' windows (32,768 for sim-small), so every prompt fits.
    const roomy = await startSimServer({ modelSeed: 1 });
    try {
      const asked: string[] = [];
      const counting = new InThreadRunner(loadNodeData, createModelResolver({ http: { backoffMs: 1, timeoutMs: 20_000, fetch: (input, init) => (asked.push(String(input)), fetch(input, init)) } }), ENVIRONMENTS);
      const result = await counting.run(config(`openai:${roomy.url}#sim-small`, { tasks: 1 }));
      expect(result.status).toBe('done');
      expect(result.model.window).toEqual({ tokens: 32_768, source: `${roomy.url}/models (max_model_len)` });
      expect(asked.filter((url) => url.endsWith('/models'))).toHaveLength(1);
    } finally {
      await roomy.close();
    }
  }, 120_000);

  it('should stop a run without a window check at the first refused prompt, naming the strategy and environment that did not fit', async () => {
    await expect(runner().run(config(`openai:${server.url}#sim-small`, {}))).rejects.toThrow(/^ReAct on .+ did not fit the model's context window \(task [\w-]+\): .*maximum context length is 1200 tokens.*--overflow fail or trim/s);
  }, 120_000);
});
