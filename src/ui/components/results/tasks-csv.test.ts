import { describe, expect, it } from 'vitest';
import type { TaskResult } from '../../../core/run/results';
import { summaryCsv, tasksCsv } from './tasks-csv';
import { run } from '../../../../test/fixtures/export-run';

const result = (patch: Partial<TaskResult>): TaskResult => ({
  env: 'household', strategy: 'react', taskId: 't1', taskKind: 'pick', seed: 1, success: true, progress: 1,
  steps: 4, invalidSteps: 0, failedCalls: 1, llmCalls: 4, promptTokens: 1200, completionTokens: 80,
  callsByKind: { act: 4 }, logitPasses: 0, metrics: {}, ms: 12.3456789, ...patch,
});

describe('tasksCsv', () => {
  it('should write a header and one line per task run', () => {
    const lines = tasksCsv([result({}), result({ strategy: 'reflexion', success: false, progress: 0.5 })]).trimEnd().split('\n');
    expect(lines[0]).toBe('env,strategy,seed,taskId,taskKind,success,progress,steps,invalidSteps,failedCalls,llmCalls,promptTokens,completionTokens,logitPasses,ms');
    expect(lines[1]).toBe('household,react,1,t1,pick,true,1,4,0,1,4,1200,80,0,12.3457');
    expect(lines[2]).toContain('reflexion,1,t1,pick,false,0.5');
  });

  it('should add environment metrics as columns, empty where a row lacks one', () => {
    const lines = tasksCsv([result({ metrics: { toolMatch: 0.75 } }), result({})]).trimEnd().split('\n');
    expect(lines[0].endsWith(',metric.toolMatch')).toBe(true);
    expect(lines[1].endsWith(',0.75')).toBe(true);
    expect(lines[2].endsWith(',')).toBe(true);
  });

  it('should quote commas and quotes, and defuse formula-like text', () => {
    const line = tasksCsv([result({ taskId: 'a,"b"', taskKind: '=SUM(A1)' })]).split('\n')[1];
    expect(line).toContain('"a,""b"""');
    expect(line).toContain("'=SUM(A1)");
    // A tab or carriage return in front also makes a spreadsheet read a formula.
    expect(tasksCsv([result({ taskKind: '\t=1+1' })]).split('\n')[1]).toContain("'\t=1+1");
    expect(tasksCsv([result({ taskKind: '\r=1+1' })])).toContain(`"'\r=1+1"`);
  });
});

describe('summaryCsv', () => {
  it('writes each mean with its 95% interval, and environment metrics with theirs', async () => {
    const { aggregate } = await import('../../../core/run/aggregate');
    const rows = aggregate([result({ metrics: { toolMatch: 1 } }), result({ taskId: 't2', success: false, progress: 0.5, metrics: { toolMatch: 0 } })]);
    const [header, line] = summaryCsv(rows).trimEnd().split('\n');
    const columns = header.split(',');
    const values = line.split(',');
    const at = (name: string) => values[columns.indexOf(name)];
    expect(columns.slice(0, 6)).toEqual(['env', 'strategy', 'runs', 'success', 'success_low', 'success_high']);
    expect(at('runs')).toBe('2');
    expect(at('success')).toBe('0.5');
    expect(Number(at('success_low'))).toBeLessThan(0.5);
    expect(Number(at('success_high'))).toBeGreaterThan(0.5);
    expect(columns).toContain('metric.toolMatch_high');
  });
});

describe('CSV context columns (issue 29)', () => {
  it('start every task line with model, simulated, preset, dials, encoder, tasks and seeds', async () => {
    const source = run('sim:small', { kappa: 2 });
    const [header, first, ...rest] = tasksCsv(source.results, source).trimEnd().split('\n');
    expect(header.split(',').slice(0, 9)).toEqual(['model', 'simulated', 'preset', 'dials', 'encoder', 'tasks', 'seeds', 'env', 'strategy']);
    expect(first.startsWith('sim:small,true,small,kappa=2,lexical,3,2,household,react')).toBe(true);
    expect(rest.at(-1)!.startsWith('sim:small,true,small,kappa=2,lexical,2,2,toolbench,')).toBe(true);
  });

  it('start every summary line with them too', async () => {
    const { aggregate } = await import('../../../core/run/aggregate');
    const source = run('sim:strong');
    const [header, line] = summaryCsv(aggregate(source.results), source).trimEnd().split('\n');
    expect(header.startsWith('model,simulated,preset,dials,encoder,tasks,seeds,env,strategy,runs')).toBe(true);
    expect(line.startsWith('sim:strong,true,strong,,lexical,')).toBe(true);
  });
});

describe('the cost columns of both CSVs (issue 42 item 7)', () => {
  const price = { input: 0.3, output: 0.6, cachedInput: 0.15, note: 'test' };
  it('gives each task run its dollars at the prices used, and the prices', () => {
    const [header, line] = tasksCsv([result({ metrics: { toolMatch: 0.5 } })], undefined, price).trimEnd().split('\n');
    const columns = header.split(',');
    const values = line.split(',');
    expect(columns).toEqual(expect.arrayContaining(['cost_usd', 'price_input_usd_per_mtok', 'price_output_usd_per_mtok', 'price_cached_input_usd_per_mtok']));
    // 1,200 input tokens at $0.30 and 80 output tokens at $0.60 per million.
    expect(Number(values[columns.indexOf('cost_usd')])).toBeCloseTo((1200 * 0.3 + 80 * 0.6) / 1e6, 9);
    expect(values[columns.indexOf('price_output_usd_per_mtok')]).toBe('0.6');
    expect(values[columns.indexOf('metric.toolMatch')]).toBe('0.5');
  });

  it("gives each summary row its mean cost per task at the prices used", () => {
    const row = { env: 'household', strategy: 'react', tasks: 2, success: 1, progress: 1, llmCalls: 4, promptTokens: 1000, completionTokens: 100, steps: 4, invalidSteps: 0, failedCalls: 0, logitPasses: 0, ms: 1, metrics: {} };
    const [header, line] = summaryCsv([row as never], undefined, price).trimEnd().split('\n');
    const columns = header.split(',');
    expect(Number(line.split(',')[columns.indexOf('cost_usd')])).toBeCloseTo((1000 * 0.3 + 100 * 0.6) / 1e6, 9);
  });
});
