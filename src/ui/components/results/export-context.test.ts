import { describe, expect, it } from 'vitest';
import { run } from '../../../../test/fixtures/export-run';
import { contextLine, exportContext, sweepContextLine, traceContextLine } from './export-context';
import { standaloneSvg } from '../charts/chart-export';

describe('exportContext', () => {
  it('names the model, SimLM preset, dials and encoder, and counts the tasks and seeds each environment ran', () => {
    const household = exportContext(run('sim:small', { kappa: 2, bias: 1 }), 'household');
    expect(household).toMatchObject({ model: 'sim:small', simulated: true, preset: 'small', dials: 'bias=1;kappa=2', encoder: 'lexical', tasks: 3, seeds: 2 });
    expect(exportContext(run('sim:small'), 'toolbench')).toMatchObject({ tasks: 2, seeds: 2, dials: '' });
  });

  it('leaves the preset empty for a real model, and falls back on the config without task runs', () => {
    const server = { ...run('openai:http://localhost:8080/v1#qwen'), results: [] };
    expect(exportContext(server)).toMatchObject({ simulated: false, preset: '', tasks: 60, seeds: 3 });
  });
});

describe('contextLine', () => {
  it('says "simulated model" for SimLM, with encoder and tasks × seeds', () => {
    const line = contextLine(exportContext(run('sim:strong'), 'household'));
    expect(line).toMatch(/^Simulated model: /);
    expect(line).toContain('SimLM, not a real LLM');
    expect(line).toContain('encoder lexical');
    expect(line).toContain('3 tasks × 2 seeds');
  });

  it('does not call a real model simulated', () => {
    const line = contextLine(exportContext(run('openai:http://localhost:8080/v1#qwen'), 'household'));
    expect(line).not.toMatch(/simulated/i);
    expect(line).toMatch(/^Model: /);
  });

  it('ends up in a SimLM chart file as text, with the axis titles', () => {
    const chart = '<svg xmlns="http://www.w3.org/2000/svg" class="recharts-surface" width="300" height="230"></svg>';
    const { svg } = standaloneSvg({ chart, width: 300, height: 230, caption: 'Household: LLM calls', subtitle: contextLine(exportContext(run('sim:small'), 'household')), axes: { x: 'LLM calls per task', y: 'Success rate' }, legend: [] });
    expect(svg).toMatch(/<desc>[^<]*simulated model[^<]*<\/desc>/i);
    expect(svg).toMatch(/data-role="context">.*simulated model/is);
    expect(svg).toMatch(/data-role="x-title">LLM calls per task</);
    expect(svg).toMatch(/data-role="y-title">Success rate</);
    // The y title's strip widens the file and moves the chart right.
    expect(svg).toMatch(/<g transform="translate\(16 \d+\)"><svg/);
  });
});

describe('the context of a trace chart and of a sweep chart', () => {
  it('names one task run of its run for a trace', () => {
    const line = traceContextLine(exportContext(run('sim:small'), 'household'), 'h-7', 2);
    expect(line).toMatch(/^Simulated model: .*SimLM, not a real LLM/);
    expect(line).toContain('task h-7, seed 2 (one task run of 3 tasks × 2 seeds)');
  });

  it("names the SimLM preset by its id, and the dials after it (issue 42 item 3: a trace's file says which model wrote it)", () => {
    expect(traceContextLine(exportContext(run('sim:small'), 'household'), 'h-7', 2)).toContain('SimLM, not a real LLM (preset small)');
    expect(contextLine(exportContext(run('sim:medium', { kappa: 2 }), 'household'))).toContain('(preset medium; dials kappa=2)');
  });

  it('gives a sweep the tasks × seeds of each run, as a range where the sweep changed them', () => {
    const household = exportContext(run('sim:small'), 'household');
    expect(sweepContextLine([household, household])).toContain('3 tasks × 2 seeds per value, 2 runs');
    expect(sweepContextLine([household, { ...household, tasks: 10 }, { ...household, tasks: 20 }])).toContain('3 to 20 tasks × 2 seeds per value, 3 runs');
    expect(sweepContextLine([household])).toMatch(/^Simulated model: /);
    expect(sweepContextLine([])).toBeUndefined();
  });
});
