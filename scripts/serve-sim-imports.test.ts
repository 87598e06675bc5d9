import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from './sim-server';
import { loadNodeData } from './node-data';
import { InThreadRunner, createModelResolver } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import type { RunResult } from '../src/core/run/results';
import { ENVIRONMENTS } from '../src/core/envs';

// serve:sim on imported data: the server rebuilds each request's key from the prompt (the goal names
// the task in the data it serves, the transcript's calls are replayed), so both give the same runs.
let server: SimServer;
beforeAll(async () => {
  server = await startSimServer({ modelSeed: 1 });
}, 120_000);
afterAll(() => server.close());

const runner = () => new InThreadRunner(loadNodeData, createModelResolver({ http: { backoffMs: 1, timeoutMs: 20_000 } }), ENVIRONMENTS);
const withoutTimes = (result: RunResult) => result.results.map(({ ms: _ms, ...rest }) => rest);

/** Data written apart from the bundled files: a RestBench query set and a SLATE case set of their own. */
async function imports() {
  const queries = (await loadNodeData('restapi/spotify.json')) as { query: string; solution: string[] }[];
  const spec = await loadNodeData('restapi/spotify_oas.json');
  const cases = (await loadNodeData('slate/cases.json')) as { id: string; query: string }[];
  const tools = await loadNodeData('slate/tools.json');
  return {
    // The last queries first, reworded: other training goals, other words than the bundled set's.
    restapi: { queries: queries.slice().reverse().slice(0, 24).map((q) => ({ ...q, query: `Please, for a friend: ${q.query.toLowerCase()}` })), spec },
    slate: { cases: cases.slice().reverse().slice(0, 30).map((c) => ({ ...c, id: `own-${c.id}`, query: `Hello! ${c.query}` })), tools },
  };
}

async function both(envId: 'restapi' | 'slate', file: unknown, extra: Partial<RunConfig>) {
  const config = (model: string): RunConfig => ({ ...DEFAULT_RUN_CONFIG, envs: [envId], model, seed: 1, tasks: 4, ...extra });
  const local = runner();
  local.importDataset(envId, file);
  const remote = runner();
  remote.importDataset(envId, file);
  // The server knows the answers of the data it serves: the same import.
  server.importData(envId, file);
  return { local: await local.run(config('sim:small')), remote: await remote.run(config(`openai:${server.url}#sim-small`)) };
}

describe('serve:sim equals in-process SimLM on imported data', () => {
  it('on a RestBench import, lexical embedder', async () => {
    const { restapi } = await imports();
    const { local, remote } = await both('restapi', restapi, { strategies: ['react', 'reflexion'] });
    expect(remote.status).toBe('done');
    expect(local.data).toEqual({ restapi: { source: 'imported', tasks: expect.any(Number) } });
    expect(withoutTimes(remote)).toEqual(withoutTimes(local));
  }, 180_000);

  it('on a SLATE import, lexical embedder', async () => {
    const { slate } = await imports();
    const { local, remote } = await both('slate', slate, { strategies: ['react', 'egb-sampling'], tasks: 3 });
    expect(remote.status).toBe('done');
    // A server bills n samples' prompt once where in-process counts each (EGB Table 4), so EGB-Sampling is compared by its outcomes.
    const outcome = (result: RunResult) => result.results.map((r) => ({ task: `${r.strategy}/${r.taskId}`, success: r.success, progress: r.progress, steps: r.steps, llmCalls: r.llmCalls, metrics: r.metrics }));
    expect(outcome(remote)).toEqual(outcome(local));
    expect(withoutTimes(remote).filter((r) => r.strategy === 'react')).toEqual(withoutTimes(local).filter((r) => r.strategy === 'react'));
  }, 180_000);
});
