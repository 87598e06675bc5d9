import { describe, expect, it } from 'vitest';
import { runMatrix } from './run-matrix';
import { buttonRunDeps } from '../../../test/fixtures/button-run';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import type { RunResult } from './results';
import { putTogether, snapshotKind, takeApart, type RunApart } from './stored-run';
import { shippable } from './shipped';

// autotool-react builds a graph per stream (a snapshot); react builds none.
const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['buttons'], strategies: ['react', 'autotool-react'], tasks: 4, seeds: 2 };

/** Everything a store was given, read back. */
const readAll = (apart: RunApart) => [new Map(apart.traces), new Map(apart.snapshots)] as const;

describe('a run kept apart in a store', () => {
  it('sends a summary without traces or snapshots, listing their keys and the snapshots’ kinds in run order', async () => {
    const run = await runMatrix(config, buttonRunDeps());
    expect(Object.keys(run.snapshots ?? {})).toEqual(['buttons/autotool-react/1', 'buttons/autotool-react/2']);
    const { summary, traces, snapshots } = takeApart(run);
    expect(summary.traces).toEqual({});
    expect(summary.snapshots).toEqual({});
    expect(summary.traceKeys).toEqual(Object.keys(run.traces));
    expect(summary.storedSnapshots).toEqual([
      { key: 'buttons/autotool-react/1', kind: 'autotool-graph' },
      { key: 'buttons/autotool-react/2', kind: 'autotool-graph' },
    ]);
    expect(traces.map(([key]) => key)).toEqual(Object.keys(run.traces));
    expect(snapshots).toEqual(Object.entries(run.snapshots!));
    // The summary is small: it carries none of the snapshots' contents.
    expect(JSON.stringify(summary)).not.toContain('paramEdges');
  });

  it('puts the same run back together, keys in the same order, from what was stored', async () => {
    const run = await runMatrix(config, buttonRunDeps());
    const apart = takeApart(run);
    const whole = putTogether(apart.summary, ...readAll(apart));
    expect(JSON.stringify(whole)).toBe(JSON.stringify(run));
  });

  it('leaves out what the store no longer has', async () => {
    const run = await runMatrix(config, buttonRunDeps());
    const apart = takeApart(run);
    const [traces, snapshots] = readAll(apart);
    snapshots.delete('buttons/autotool-react/1');
    traces.delete(apart.summary.traceKeys![0]);
    const whole = putTogether(apart.summary, traces, snapshots);
    expect(Object.keys(whole.snapshots!)).toEqual(['buttons/autotool-react/2']);
    expect(Object.keys(whole.traces)).toEqual(apart.summary.traceKeys!.slice(1));
    expect(whole).not.toHaveProperty('storedSnapshots');
    expect(whole).not.toHaveProperty('traceKeys');
  });

  it('gives a run without snapshots (an older one) no snapshot index', () => {
    const old = { id: 'old', traces: {}, results: [] } as unknown as RunResult;
    const { summary } = takeApart(old);
    expect(summary).not.toHaveProperty('storedSnapshots');
    expect(summary).not.toHaveProperty('snapshots');
    expect(putTogether(summary, new Map(), new Map())).toEqual(old);
  });

  it('reads a snapshot’s kind as data', () => {
    expect(snapshotKind({ kind: 'toolexpnet-network' })).toBe('toolexpnet-network');
    expect(snapshotKind({ kind: 3 })).toBeUndefined();
    expect(snapshotKind([{ kind: 'x' }])).toBeUndefined();
    expect(snapshotKind(null)).toBeUndefined();
  });

  it('ships only a run whose snapshots are inline', async () => {
    const run = await runMatrix(config, buttonRunDeps());
    expect(shippable(run).snapshots).toEqual(run.snapshots);
    expect(() => shippable(takeApart(run).summary)).toThrow(/stored apart/);
  });
});
