import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import { overflowWhere } from './run-matrix';
import type { RunResult, TaskResult } from './results';
import type { TraceEvent } from '../trace';

const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
const runner = new InThreadRunner(loadData);
// The strategies whose ReAct-style prompt lists every tool: on SLATE, 1,000 of them (about 57K tokens).
const listers = ['autotool-react', 'ngram-react'];
const slate: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['slate'], strategies: [...listers, 'react'], tasks: 2, model: 'sim:small' };

/** A result without its wall time, which is the only thing allowed to differ between identical runs. */
const timeless = ({ ms: _ms, ...rest }: TaskResult) => rest;
/** The tools the first system prompt of a task run lists (lines starting "- "). */
function listedTools(result: RunResult, r: TaskResult): number {
  const start = result.traces[`${r.env}/${r.strategy}/${r.seed}/${r.taskId}`].find((e): e is Extract<TraceEvent, { type: 'task-start' }> => e.type === 'task-start')!;
  return start.instruction.split('\n').filter((line) => line.startsWith('- ')).length;
}

describe('the tool listing where the full one does not fit the window (issue 28 item 1)', () => {
  it('on SLATE under sim:small with overflow=fail: full overflows every task of the listing strategies, fit none, and each row says it listed the shortlist', async () => {
    const full = await runner.run({ ...slate, overflow: 'fail' });
    for (const id of listers) expect(full.rows.find((row) => row.strategy === id)!.contextOverflows, id).toBe(1);
    // A full-listing run says nothing of listings.
    expect(full.results.every((r) => r.listing === undefined)).toBe(true);
    expect(full.rows.every((row) => row.shortlisted === undefined)).toBe(true);

    const fit = await runner.run({ ...slate, overflow: 'fail', listing: 'fit' });
    for (const id of listers) {
      const row = fit.rows.find((r) => r.strategy === id)!;
      expect(row.contextOverflows, id).toBe(0);
      expect(row.shortlisted, id).toBe(1);
      expect(row.intervals?.shortlisted, id).toBeDefined();
      for (const r of fit.results.filter((x) => x.strategy === id)) {
        expect(r.listing).toBe('shortlist');
        // The shortlist's 100 tools (and finish where the library has one; SLATE's has not).
        expect(listedTools(fit, r)).toBe(100);
      }
    }
    // ReAct decides substep by substep on SLATE over its own candidates: its listing is not touched.
    const react = fit.results.filter((r) => r.strategy === 'react');
    expect(react.every((r) => r.listing === undefined)).toBe(true);
    expect(react.map(timeless)).toEqual(full.results.filter((r) => r.strategy === 'react').map(timeless));
  }, 300_000);

  it('shortlist-size sets the shortlist; shortlist lists it whatever the window', async () => {
    const result = await runner.run({ ...slate, strategies: ['autotool-react'], tasks: 1, listing: 'shortlist', shortlistSize: 12 });
    expect(result.results[0].listing).toBe('shortlist');
    expect(listedTools(result, result.results[0])).toBe(12);
  }, 120_000);

  it('fit lists every tool where it fits (household under sim:small): the results are those of the full listing, said so', async () => {
    const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react', 'autotool-react'], tasks: 3, shortlistSize: 3 };
    const full = await runner.run(config);
    const fit = await runner.run({ ...config, listing: 'fit' });
    expect(fit.results.every((r) => r.listing === 'full')).toBe(true);
    expect(fit.rows.every((row) => row.shortlisted === 0)).toBe(true);
    expect(fit.results.map(({ listing: _listing, ...r }) => timeless(r as TaskResult))).toEqual(full.results.map(timeless));
    // listing=full is the run without the setting, byte for byte (bar wall time).
    const named = await runner.run({ ...config, listing: 'full' });
    expect(named.results.map(timeless)).toEqual(full.results.map(timeless));
    expect(JSON.stringify(named.rows.map(({ msPerTask: _ms, intervals: _i, ...row }) => row))).toBe(JSON.stringify(full.rows.map(({ msPerTask: _ms, intervals: _i, ...row }) => row)));
  }, 120_000);

  it('the message of a run stopped by an over-long prompt points to the shortlist', () => {
    expect(overflowWhere('AutoTool (ReAct)', 'SLATE', 't1', 'too long')).toMatch(/--listing fit/);
  });
});
