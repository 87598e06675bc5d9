import { describe, expect, it } from 'vitest';
import { runMatrix } from './run-matrix';
import { buttonRunDeps, simSmallWords } from '../../../test/fixtures/button-run';
import type { ModelProvider } from '../llm/model-provider';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import type { RunEvent } from './run-events';
import { EndpointError } from '../errors';


const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['buttons'], strategies: ['react', 'reflexion'], tasks: 4, seeds: 2 };

const deps = buttonRunDeps;

const withoutTimes = (result: Awaited<ReturnType<typeof runMatrix>>) => ({
  results: result.results.map(({ ms: _ms, ...rest }) => rest),
  rows: result.rows.map(({ msPerTask: _ms, ...rest }) => rest),
});

describe('runMatrix', () => {
  it('should run strategies x tasks x seeds on the test split and aggregate per strategy', async () => {
    const result = await runMatrix(config, deps());
    expect(result.status).toBe('done');
    expect(result.results).toHaveLength(2 * 4 * 2);
    expect(result.results.every((r) => r.taskId !== 'buttons-0' && r.taskId !== 'buttons-3')).toBe(true);
    expect(result.rows.map((r) => [r.env, r.strategy, r.tasks])).toEqual([
      ['buttons', 'react', 8],
      ['buttons', 'reflexion', 8],
    ]);
    const react = result.results.filter((r) => r.strategy === 'react');
    expect(result.rows[0].llmCalls).toBeCloseTo(react.reduce((s, r) => s + r.llmCalls, 0) / react.length);
    expect(Object.keys(result.traces)).toHaveLength(16);
  });

  it('should give the same results for the same seed, and other results for another seed', async () => {
    const first = withoutTimes(await runMatrix(config, deps()));
    expect(withoutTimes(await runMatrix(config, deps()))).toEqual(first);
    expect(withoutTimes(await runMatrix({ ...config, seed: 99 }, deps()))).not.toEqual(first);
  });

  it('should give the same results, in the same order, at any concurrency', async () => {
    // autotool-react carries its graph from task to task (one job); react's tasks run as jobs of their own.
    const mixed = { ...config, strategies: ['react', 'autotool-react', 'reflexion'] };
    const one = await runMatrix(mixed, deps());
    const many = await runMatrix({ ...mixed, concurrency: 5 }, deps());
    expect(withoutTimes(many)).toEqual(withoutTimes(one));
    expect(many.snapshots).toEqual(one.snapshots);
  });

  it('should keep at most maxTraces traces, the first task runs of each strategy, whatever the concurrency', async () => {
    const all = await runMatrix(config, deps());
    const capped = await runMatrix({ ...config, concurrency: 4 }, deps({ maxTraces: 6 }));
    // 2 strategies share 6: the first 3 task runs of each in canonical order (seed 1's four tasks come first).
    const keys = Object.keys(capped.traces).sort();
    const first = (strategy: string) => all.results.filter((r) => r.strategy === strategy && r.seed === config.seed).slice(0, 3).map((r) => `${r.env}/${r.strategy}/${r.seed}/${r.taskId}`);
    expect(keys).toEqual([...first('react'), ...first('reflexion')].sort());
    const timeless = (events: unknown) => JSON.stringify(events, (name, value) => (name === 'ms' ? undefined : value));
    expect(keys.every((key) => timeless(capped.traces[key]) === timeless(all.traces[key]))).toBe(true);
    expect(capped.tracesOmitted).toBe(16 - 6);
    expect(withoutTimes(capped)).toEqual(withoutTimes(all));
  });

  it('should hand each kept trace to onTrace as its task ends, keeping none of them, with the same traces and results', async () => {
    const all = await runMatrix(config, deps({ maxTraces: 6 }));
    const handed: [string, unknown][] = [];
    const seen: string[] = [];
    const streamed = await runMatrix(config, {
      ...deps({ maxTraces: 6 }),
      onTrace: (key, events) => handed.push([key, events]),
      // A task's result comes after its trace was handed over.
      onEvent: (event) => event.kind === 'task-result' && seen.push(`${event.key}:${handed.some(([key]) => key === event.key)}`),
    });
    expect(Object.keys(streamed.traces)).toEqual([]);
    const timeless = (events: unknown) => JSON.stringify(events, (name, value) => (name === 'ms' ? undefined : value));
    expect(handed.map(([key]) => key)).toEqual(Object.keys(all.traces));
    expect(handed.every(([key, events]) => timeless(events) === timeless(all.traces[key]))).toBe(true);
    expect(seen.filter((line) => line.endsWith(':true'))).toHaveLength(6);
    expect(streamed.tracesOmitted).toBe(all.tracesOmitted);
    expect(withoutTimes(streamed)).toEqual(withoutTimes(all));
  });

  it('should end with the results it has when the model server stays down', async () => {
    let calls = 0;
    const failing: ModelProvider = {
      ...simSmallWords,
      forTask(binding) {
        const model = simSmallWords.forTask(binding);
        return {
          ...model,
          id: model.id,
          label: model.label,
          simulated: model.simulated,
          generate: (request) => (++calls > 12 ? Promise.reject(new EndpointError('Could not reach http://127.0.0.1:9/v1 (connection refused).')) : model.generate(request)),
        };
      },
    };
    const result = await runMatrix(config, deps({ models: failing }));
    expect(result.status).toBe('error');
    expect(result.error).toMatch(/Could not reach/);
    expect(result.results.length).toBeGreaterThan(0);
    expect(result.results.length).toBeLessThan(16);
  });

  it('should give every strategy the same tasks in the same order', async () => {
    const result = await runMatrix(config, deps());
    const order = (strategy: string) => result.results.filter((r) => r.strategy === strategy).map((r) => `${r.seed}/${r.taskId}`);
    expect(order('react')).toEqual(order('reflexion'));
  });

  it('should stream trace events, task results and progress', async () => {
    const events: RunEvent[] = [];
    await runMatrix({ ...config, seeds: 1, tasks: 2 }, deps({ onEvent: (event) => events.push(event) }));
    expect(events.filter((e) => e.kind === 'task-result')).toHaveLength(4);
    expect(events.filter((e) => e.kind === 'trace').length).toBeGreaterThan(8);
    expect(events.filter((e) => e.kind === 'progress').at(-1)).toMatchObject({ progress: { done: 4, total: 4 } });
  });

  it('should stop when cancelled and return what finished', async () => {
    const controller = new AbortController();
    let finished = 0;
    const result = await runMatrix(
      config,
      deps({
        signal: controller.signal,
        onEvent: (event) => {
          if (event.kind === 'task-result' && ++finished === 3) controller.abort();
        },
      }),
    );
    expect(result.status).toBe('cancelled');
    expect(result.results).toHaveLength(3);
  });

  it('should reject an unknown strategy before any work starts', async () => {
    await expect(runMatrix({ ...config, strategies: ['nope'] }, deps())).rejects.toThrow(/Unknown strategy "nope"/);
    await expect(runMatrix({ ...config, tasks: 0 }, deps())).rejects.toThrow(/whole number from 1 to/);
  });
});
