import { describe, expect, it } from 'vitest';
import { runPooled } from './node-pool';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import { loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';

/** A run as compared: no wall times, ids or dates. */
const timeless = (result: RunResult) =>
  JSON.parse(JSON.stringify({ ...result, id: undefined, startedAt: undefined, elapsedMs: undefined, loadMs: undefined }, (name, value) => (name === 'ms' || name === 'msPerTask' ? undefined : value)));

describe('the bench on worker threads (--workers)', () => {
  it('gives the one-thread run for the same seeds: results, order, traces, snapshots and learning', async () => {
    // react and reflexion spread task by task over the threads; autotool-react carries its graph (one stream).
    const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household', 'academic'], strategies: ['react', 'autotool-react', 'reflexion'], tasks: 6, seeds: 2 };
    const one = await new InThreadRunner(loadNodeData, undefined, undefined, loadNodeEmbedder).run(config);
    const pooled = await runPooled(config, 3);
    expect(timeless(pooled)).toEqual(timeless(one));
    expect(Object.keys(pooled.traces)).toEqual(Object.keys(one.traces));
  }, 120_000);

  it('refuses a model that is not simulated', async () => {
    await expect(runPooled({ ...DEFAULT_RUN_CONFIG, model: 'openai:http://localhost:1/v1#m' }, 2)).rejects.toThrow(/simulated models only/);
  });
});
