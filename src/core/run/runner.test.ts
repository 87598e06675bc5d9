import { describe, expect, it } from 'vitest';
import { InThreadRunner } from './runner';
import { buttonDataset, buttonSpec } from '../../../test/fixtures/button-env';

describe('InThreadRunner datasets', () => {
  it('should keep an import that lands while the bundled files are still loading', async () => {
    let release: () => void = () => {};
    const slow = () => new Promise<unknown>((resolve) => (release = () => resolve(buttonDataset(6))));
    const runner = new InThreadRunner(slow, undefined, { buttons: buttonSpec });
    const loading = runner.dataset('buttons');
    const imported = runner.importDataset('buttons', buttonDataset(9));
    release();
    expect(await loading).toBe(imported);
    expect(await runner.dataset('buttons')).toBe(imported);
  });

  it('should record which data a run used', async () => {
    const runner = new InThreadRunner(async () => buttonDataset(6), undefined, { buttons: buttonSpec });
    const config = { envs: ['buttons'], strategies: ['react'], tasks: 1, seeds: 1, seed: 1, model: 'sim:small', embedder: 'lexical', embedDevice: 'wasm' as const, split: 'test' as const, params: {} };
    expect((await runner.run(config)).data).toEqual({ buttons: { source: 'bundled', tasks: 6 } });
    runner.importDataset('buttons', buttonDataset(9));
    expect((await runner.run(config)).data).toEqual({ buttons: { source: 'imported', tasks: 9 } });
  });

  it('should refuse a bad config before loading anything', async () => {
    let loads = 0;
    const runner = new InThreadRunner(async () => (loads++, buttonDataset(6)), undefined, { buttons: buttonSpec });
    await expect(runner.run({ envs: ['constructor'], strategies: ['react'], tasks: 1, seeds: 1, seed: 1, model: 'sim:small', embedder: 'lexical', embedDevice: 'wasm', split: 'test', params: {} })).rejects.toThrow(/Unknown environment "constructor"/);
    expect(loads).toBe(0);
  });

  it('should run SimLM with the config\'s dials and say so in the model label', async () => {
    const runner = new InThreadRunner(async () => buttonDataset(6), undefined, { buttons: buttonSpec });
    const config = { envs: ['buttons'], strategies: ['react'], tasks: 2, seeds: 1, seed: 1, model: 'sim:small', embedder: 'lexical', embedDevice: 'wasm' as const, split: 'test' as const, params: {} };
    expect((await runner.run(config)).model.label).toBe('Simulated model: Small (7B-class open model)');
    expect((await runner.run({ ...config, dials: { kappa: 3, historyUse: 0.9 } })).model.label).toBe('Simulated model: Small (7B-class open model), kappa=3, historyUse=0.9');
    await expect(runner.run({ ...config, dials: { tau: 0 } })).rejects.toThrow(/tau = 0 is out of range/);
  });
});

describe('InThreadRunner imports', () => {
  it('refuses a file nested past the bound, naming the item and the path, before parsing it', () => {
    const runner = new InThreadRunner(async () => buttonDataset(), undefined, { button: buttonSpec });
    let deep: unknown = 'x';
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    let thrown: unknown;
    try {
      runner.importDataset('button', { tasks: [{ id: 'b-1', deep }] });
    } catch (error) {
      thrown = error;
    }
    const problems = (thrown as { problems?: { caseId: string; path: string }[] }).problems;
    expect(problems?.[0].caseId).toBe('b-1');
    expect(problems?.[0].path).toMatch(/^tasks\[0\]\.deep\.a\.a/);
  });
});
