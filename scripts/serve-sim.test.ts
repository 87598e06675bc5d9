import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from './sim-server';
import { loadNodeData } from './node-data';
import { InThreadRunner, createModelResolver } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import { ENVIRONMENTS } from '../src/core/envs';
import { requestJson } from '../src/core/llm/openai/http-client';
import { chatResponseSchema } from '../src/core/llm/openai/wire';
import { listServerModels } from '../src/core/llm/openai/openai-provider';

// Real HTTP on 127.0.0.1: the openai: model family against serve:sim.
const quick = { backoffMs: 1, timeoutMs: 20_000 };
const runner = (http = quick) => new InThreadRunner(loadNodeData, createModelResolver({ http }), ENVIRONMENTS);
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);
const outcome = (result: RunResult) => result.results.map((r) => ({ task: `${r.strategy}/${r.seed}/${r.taskId}`, success: r.success, progress: r.progress, steps: r.steps, llmCalls: r.llmCalls, logitPasses: r.logitPasses, metrics: r.metrics }));

let server: SimServer;
beforeAll(async () => {
  server = await startSimServer({ modelSeed: 1 });
}, 120_000);
afterAll(() => server.close());

const config = (model: string, extra: Partial<RunConfig> = {}): RunConfig => ({ ...DEFAULT_RUN_CONFIG, model, seed: 1, tasks: 3, ...extra });

describe('serve:sim', () => {
  it('should list its models and answer a chat completion with usage', async () => {
    expect(await listServerModels(server.url)).toEqual(['sim-small', 'sim-medium', 'sim-strong']);
    const reply = await requestJson(`${server.url}/chat/completions`, { model: 'sim-small', messages: [{ role: 'user', content: 'Hello' }], n: 2, seed: 3 }, chatResponseSchema);
    expect(reply.choices).toHaveLength(2);
    expect(reply.usage?.prompt_tokens).toBeGreaterThan(0);
  });

  it('should say what is wrong with a bad request', async () => {
    await expect(requestJson(`${server.url}/chat/completions`, { model: 'gpt-9', messages: [{ role: 'user', content: 'Hi' }] }, chatResponseSchema)).rejects.toThrow(/HTTP 404: The model "gpt-9" does not exist/);
    await expect(requestJson(`${server.url}/chat/completions`, { model: 'sim-small', messages: [] }, chatResponseSchema)).rejects.toThrow(/HTTP 400: Invalid request: messages/);
  });

  it('should answer 400 with the reason when it knows the task but cannot replay the prompt', async () => {
    // A bundled SLATE query, stated as a plan prompt without the line that says which substep is asked about.
    const cases = (await loadNodeData('slate/cases.json')) as { query: string }[];
    const messages = [{ role: 'system', content: `You carry out a plan.\nUser query: ${cases[0].query}\nCandidate tools for the current substep:\n[0] no_tool_required: no tool.` }, { role: 'user', content: 'What now?' }];
    await expect(requestJson(`${server.url}/chat/completions`, { model: 'sim-small', messages }, chatResponseSchema)).rejects.toThrow(/HTTP 400: SimLM cannot rebuild its key from this request: .*Current substep/);
    // The same prompt asking about a substep the plan has is answered.
    const asked = [...messages, { role: 'user', content: 'Current substep 1.1: do the first thing (part of: start)' }];
    const reply = await requestJson(`${server.url}/chat/completions`, { model: 'sim-small', messages: asked }, chatResponseSchema);
    expect(reply.choices).toHaveLength(1);
  });
});

describe('a run through openai: against serve:sim', () => {
  it('should give the same results as sim: in-process, tokens included, at concurrency 1 and 8', async () => {
    const base = { envs: ['household', 'academic'], strategies: ['react', 'reflexion', 'autotool-react', 'ecoact-react'] };
    const local = await runner().run(config('sim:small', base));
    const remote = await runner().run(config(`openai:${server.url}#sim-small`, base));
    expect(remote.status).toBe('done');
    // serve:sim says it is SimLM (system_fingerprint), so the run is labelled simulated.
    expect(remote.model).toMatchObject({ simulated: true, label: expect.stringMatching(/sim-small at 127\.0\.0\.1:\d+ \(SimLM, simulated\)/) });
    expect(withoutTimes(remote)).toEqual(withoutTimes(local));
    const parallel = await runner().run(config(`openai:${server.url}#sim-small`, { ...base, concurrency: 8 }));
    expect(withoutTimes(parallel)).toEqual(withoutTimes(local));
  }, 120_000);

  it('should run EGB-Logits through logprobs and EGB-Sampling through n, with the same outcomes as in-process', async () => {
    const slate = { envs: ['slate'], strategies: ['egb-logits', 'egb-sampling', 'baseline-llm'], tasks: 3 };
    const local = await runner().run(config('sim:small', slate));
    const remote = await runner().run(config(`openai:${server.url}#sim-small`, slate));
    expect(remote.status).toBe('done');
    expect(outcome(remote)).toEqual(outcome(local));
    expect(remote.results.some((r) => r.logitPasses > 0)).toBe(true);
  }, 120_000);

  it('should honour constrained actions through response_format as in-process, with no malformed replies', async () => {
    const base = { envs: ['household', 'academic'], strategies: ['react', 'ecoact-react'], tasks: 8 };
    const free = await runner().run(config('sim:small', base));
    const local = await runner().run(config('sim:small', { ...base, constrained: true }));
    const remote = await runner().run(config(`openai:${server.url}#sim-small`, { ...base, constrained: true }));
    // The same decisions; only the completions differ, a JSON object being longer than its Think/Action text.
    expect(outcome(remote)).toEqual(outcome(local));
    expect(remote.results.map((r) => r.promptTokens)).toEqual(local.results.map((r) => r.promptTokens));
    const invalid = (result: RunResult) => result.results.reduce((sum, r) => sum + r.invalidSteps, 0);
    expect(invalid(free)).toBeGreaterThan(0);
    expect(invalid(local)).toBe(0);
  }, 120_000);

  it('should refuse EGB-Logits where the server returns no logprobs, naming EGB-Sampling', async () => {
    const plain = await startSimServer({ logprobs: false });
    try {
      await expect(runner().run(config(`openai:${plain.url}#sim-small`, { envs: ['slate'], strategies: ['egb-logits'], tasks: 1 }))).rejects.toThrow(/returned no logprobs.*EGB-Sampling/);
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('faults', () => {
  const base = { envs: ['academic'], strategies: ['react'], tasks: 3 };
  let expected: unknown;
  beforeAll(async () => {
    expected = withoutTimes(await runner().run(config(`openai:${server.url}#sim-small`, base)));
  }, 60_000);

  for (const [name, faults] of [
    ['429s', { failRate: 0.3, status: 429 }],
    ['500s', { failRate: 0.3, status: 500 }],
    ['dropped connections', { dropRate: 0.3 }],
    ['bodies that are not JSON', { malformedRate: 0.3 }],
  ] as const) {
    it(`should retry ${name} and end with the same results`, async () => {
      const faulty = await startSimServer({ faults: { ...faults, seed: 7 } });
      try {
        const result = await runner({ ...quick, retries: 8 } as typeof quick).run(config(`openai:${faulty.url}#sim-small`, base));
        expect(result.status).toBe('done');
        expect(withoutTimes(result)).toEqual(expected);
        expect(faulty.requests).toBeGreaterThan(result.results.reduce((sum, r) => sum + r.llmCalls, 0));
      } finally {
        await faulty.close();
      }
    }, 60_000);
  }

  it('should end the run with a clear error and keep what finished when the server goes down', async () => {
    const doomed = await startSimServer();
    let finished = 0;
    const result = await runner({ ...quick, retries: 2 } as typeof quick).run(config(`openai:${doomed.url}#sim-small`, { ...base, tasks: 6 }), (event) => {
      if (event.kind === 'task-result' && ++finished === 2) void doomed.close();
    });
    expect(result.status).toBe('error');
    expect(result.error).toMatch(/Could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions .*Is the server running/);
    expect(result.results.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('should not retry a request the server refuses, and say why', async () => {
    const before = server.requests;
    const result = await runner().run(config(`openai:${server.url}#no-such-model`, base));
    expect(result.status).toBe('error');
    expect(result.error).toMatch(/HTTP 404: The model "no-such-model" does not exist.*Check the base URL/);
    expect(server.requests - before).toBe(1);
  });
});
