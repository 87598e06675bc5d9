import type { RunConfig } from './run-config';
import type { RunResult } from './results';
import { aggregate } from './aggregate';
import { snapshotKey, traceKey } from './results';

/**
 * One run from the parts that shards ran (`RunDependencies.shard`), in the canonical order one
 * runner gives: environment, seed, strategy, then task. Every part must come from the same config;
 * the merged run equals the one-runner run for the same seeds, times aside (a test says so).
 */
export function mergeShards(config: RunConfig, parts: RunResult[], id = parts[0]?.id ?? 'run'): RunResult {
  if (parts.length === 0) throw new Error('mergeShards needs at least one part.');
  const taskOrder = Object.assign({}, ...parts.map((part) => part.shard?.taskOrder ?? {})) as Record<string, string[]>;
  const streamIndex = new Map<string, number>();
  config.envs.forEach((env, e) =>
    Array.from({ length: config.seeds }, (_, s) => config.strategies.forEach((strategy, k) => streamIndex.set(snapshotKey({ env, strategy, seed: config.seed + s }), (e * config.seeds + s) * config.strategies.length + k))),
  );
  const position = new Map(Object.entries(taskOrder).flatMap(([env, ids]) => ids.map((taskId, i) => [`${env}\u0000${taskId}`, i] as const)));
  const rank = (r: { env: string; strategy: string; seed: number; taskId?: string }) => [streamIndex.get(snapshotKey(r)) ?? Infinity, r.taskId === undefined ? 0 : (position.get(`${r.env}\u0000${r.taskId}`) ?? Infinity)];
  const byRank = <T extends { env: string; strategy: string; seed: number; taskId?: string }>(a: T, b: T) => {
    const [sa, pa] = rank(a);
    const [sb, pb] = rank(b);
    return sa - sb || pa - pb;
  };
  const results = parts.flatMap((part) => part.results).sort(byRank);
  const learning = parts.flatMap((part) => part.learning).sort(byRank);
  // Objects keyed in the same order as a one-runner run writes them.
  const traces = Object.fromEntries(results.flatMap((r) => parts.flatMap((part) => (Object.hasOwn(part.traces, traceKey(r)) ? [[traceKey(r), part.traces[traceKey(r)]] as const] : []))));
  // Parts whose traces went to a store apart list their keys instead (the page's pool).
  const stored = new Set(parts.flatMap((part) => part.traceKeys ?? []));
  const traceKeys = results.map(traceKey).filter((key) => stored.has(key));
  const snapshotKeys = [...new Set(results.map(snapshotKey))];
  const snapshots = Object.fromEntries(snapshotKeys.flatMap((key) => parts.flatMap((part) => (part.snapshots && Object.hasOwn(part.snapshots, key) ? [[key, part.snapshots[key]] as const] : []))));
  // Likewise snapshots stored apart: their keys and kinds, in the same order.
  const apart = new Map(parts.flatMap((part) => (part.storedSnapshots ?? []).map((stored) => [stored.key, stored] as const)));
  const storedSnapshots = snapshotKeys.flatMap((key) => apart.get(key) ?? []);
  const failed = parts.find((part) => part.status === 'error');
  const cancelled = parts.find((part) => part.status === 'cancelled');
  const omitted = parts.reduce((sum, part) => sum + (part.tracesOmitted ?? 0), 0);
  const first = parts[0];
  const { shard: _shard, error: _error, traceKeys: _keys, storedSnapshots: _stored, ...base } = first;
  return {
    ...base,
    id,
    config,
    status: failed ? 'error' : cancelled ? 'cancelled' : 'done',
    ...(failed?.error ? { error: failed.error } : {}),
    startedAt: parts.map((part) => part.startedAt).sort()[0],
    elapsedMs: Math.max(...parts.map((part) => part.elapsedMs)),
    ...(first.loadMs !== undefined ? { loadMs: Math.max(...parts.map((part) => part.loadMs ?? 0)) } : {}),
    results,
    rows: aggregate(results),
    learning,
    traces,
    ...(stored.size > 0 ? { traceKeys } : {}),
    snapshots,
    ...(parts.some((part) => part.storedSnapshots) ? { storedSnapshots } : {}),
    ...(omitted > 0 ? { tracesOmitted: omitted } : {}),
  };
}
