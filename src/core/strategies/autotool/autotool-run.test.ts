import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InThreadRunner } from '../../run/runner';
import { DEFAULT_RUN_CONFIG } from '../../run/run-config';
import type { RunResult } from '../../run/results';
import type { InertiaGraphSnapshot } from '../snapshots';

const load = async (file: string) => JSON.parse(await readFile(new URL(`../../../../public/data/${file}`, import.meta.url), 'utf8'));
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);

describe('AutoTool over a run', () => {
  it('should be deterministic, make inertial calls once the graph has history, and leave a graph snapshot', async () => {
    const config = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['autotool-react'], tasks: 12, seeds: 1, seed: 2 };
    const first = await new InThreadRunner(load).run(config);
    expect(withoutTimes(await new InThreadRunner(load).run(config))).toEqual(withoutTimes(first));
    const inertial = first.results.map((r) => r.metrics.inertialCalls ?? 0);
    expect(inertial.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const snapshot = first.snapshots?.['household/autotool-react/2'] as { kind: string; nodes: unknown[]; edges: { inertialCount: number }[] };
    expect(snapshot.kind).toBe('autotool-graph');
    expect(snapshot.nodes.length).toBeGreaterThan(3);
    expect(snapshot.edges.some((e) => e.inertialCount > 0)).toBe(true);
    // The replay history: one entry per task in run order, agreeing with the results; same run, same snapshot.
    const history = snapshot as unknown as InertiaGraphSnapshot;
    expect(history.tasks?.map((t) => [t.taskId, t.steps, t.inertialCalls])).toEqual(first.results.map((r) => [r.taskId, r.steps, r.metrics.inertialCalls ?? 0]));
    expect(history.nodes.every((n) => n.firstTask !== undefined && n.firstTask < 12)).toBe(true);
    expect(history.edges.every((e) => e.firstTask !== undefined && e.firstTask < 12)).toBe(true);
    expect(Math.max(...history.edges.map((e) => e.firstTask!))).toBeGreaterThan(0);
    expect((await new InThreadRunner(load).run(config)).snapshots).toEqual(first.snapshots);
    const traces = Object.values(first.traces).flat();
    expect(traces.some((e) => e.type === 'inertia' && e.kind === 'inertial')).toBe(true);
  }, 60_000);
});
