import { describe, expect, it } from 'vitest';
import { runMatrix } from './run-matrix';
import { buttonRunDeps } from '../../../test/fixtures/button-run';
import { mergeShards } from './shards';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import type { RunResult } from './results';
import { putTogether, takeApart } from './stored-run';


// react and reflexion run task by task (jobs spread over shards); autotool-react carries its graph (one job per stream).
const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['buttons'], strategies: ['react', 'autotool-react', 'reflexion'], tasks: 5, seeds: 2 };

const deps = buttonRunDeps;

/** A run as compared: no wall times, no ids or dates. */
const timeless = (result: RunResult) =>
  JSON.parse(
    JSON.stringify({ ...result, id: undefined, startedAt: undefined, elapsedMs: undefined }, (name, value) => (name === 'ms' || name === 'msPerTask' ? undefined : value)),
  );

describe('a run shared by shards (a pool of workers)', () => {
  it('gives, merged, exactly the one-runner run: results, order, traces, snapshots and learning', async () => {
    const whole = await runMatrix(config, deps());
    for (const count of [2, 3, 7]) {
      const parts = await Promise.all(Array.from({ length: count }, (_, index) => runMatrix(config, deps({ shard: { index, count } }))));
      // Each part ran only its jobs; together they ran every task run once.
      expect(parts.reduce((sum, part) => sum + part.results.length, 0)).toBe(whole.results.length);
      const merged = mergeShards(config, parts, whole.id);
      expect(timeless(merged)).toEqual(timeless(whole));
      expect(JSON.stringify(Object.keys(merged.traces))).toBe(JSON.stringify(Object.keys(whole.traces)));
    }
  });

  it('gives the same run when parts claim jobs from one counter as they go (a part that finished early takes on more)', async () => {
    const whole = await runMatrix(config, deps());
    let next = 0;
    const claimed: number[][] = [[], [], []];
    // Part 0 takes the first job, then asks for its next only once the other two have ended, so
    // the split follows who asked, not the clock (a timed wait made this flaky on a loaded machine).
    let firstTaken!: () => void;
    const first = new Promise<void>((resolve) => (firstTaken = resolve));
    let othersEnded!: () => void;
    const others = new Promise<void>((resolve) => (othersEnded = resolve));
    const runs = [0, 1, 2].map((index) =>
      runMatrix(
        config,
        deps({
          shard: {
            index,
            count: 3,
            claim: async () => {
              await (index === 0 ? (claimed[0].length > 0 ? others : undefined) : first);
              const job = next++;
              claimed[index].push(job);
              if (index === 0) firstTaken();
              return job;
            },
          },
        }),
      ),
    );
    void Promise.all(runs.slice(1)).then(() => othersEnded());
    const parts = await Promise.all(runs);
    expect(parts.reduce((sum, part) => sum + part.results.length, 0)).toBe(whole.results.length);
    // Part 0 ran job 0 (a whole AutoTool stream of 5 tasks) and was then handed the end; the others
    // ran all the rest, not every third job each.
    expect(claimed[0]).toEqual([0, next - 1]);
    expect(parts[0].results).toHaveLength(5);
    expect(claimed[1].length + claimed[2].length).toBe(next - 2);
    expect(timeless(mergeShards(config, parts, whole.id))).toEqual(timeless(whole));
  });

  it('runs one task of every strategy that keeps nothing on one part, so its prompts are read once per worker', async () => {
    for (const count of [2, 3, 7]) {
      const parts = await Promise.all(Array.from({ length: count }, (_, index) => runMatrix(config, deps({ shard: { index, count } }))));
      for (const part of parts) {
        const ran = (strategy: string) => part.results.filter((r) => r.strategy === strategy).map((r) => `${r.seed}/${r.taskId}`);
        expect(ran('reflexion')).toEqual(ran('react'));
      }
    }
  });

  it('keeps the same traces under a cap, and ends cancelled or failed when a part did', async () => {
    const whole = await runMatrix(config, deps({ maxTraces: 9 }));
    const parts = await Promise.all([0, 1].map((index) => runMatrix(config, deps({ maxTraces: 9, shard: { index, count: 2 } }))));
    const merged = mergeShards(config, parts);
    expect(Object.keys(merged.traces)).toEqual(Object.keys(whole.traces));
    expect(merged.tracesOmitted).toBe(whole.tracesOmitted);
    expect(mergeShards(config, [parts[0], { ...parts[1], status: 'cancelled' }]).status).toBe('cancelled');
    expect(mergeShards(config, [{ ...parts[0], status: 'error', error: 'down' }, parts[1]])).toMatchObject({ status: 'error', error: 'down' });
  });

  it('merges parts whose traces and snapshots were stored apart (the page’s pool) into the one-runner run’s index', async () => {
    const whole = await runMatrix(config, deps());
    const parts = await Promise.all([0, 1, 2].map((index) => runMatrix(config, deps({ shard: { index, count: 3 } }))));
    const aparts = parts.map(takeApart);
    const merged = mergeShards(config, aparts.map((apart) => apart.summary), whole.id);
    expect(merged.snapshots).toEqual({});
    expect(merged.storedSnapshots).toEqual(takeApart(whole).summary.storedSnapshots);
    expect(merged.traceKeys).toEqual(Object.keys(whole.traces));
    // Read back from the store, it is the one-runner run.
    const traces = new Map(aparts.flatMap((apart) => apart.traces));
    const snapshots = new Map(aparts.flatMap((apart) => apart.snapshots));
    expect(timeless(putTogether(merged, traces, snapshots))).toEqual(timeless(whole));
    expect(JSON.stringify(Object.keys(putTogether(merged, traces, snapshots).snapshots!))).toBe(JSON.stringify(Object.keys(whole.snapshots!)));
  });
});
