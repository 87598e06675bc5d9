import { describe, expect, it } from 'vitest';
import { CONFIG_FIELDS, field, RESULT_FIELDS } from './config-fields';
import { cliOptions, configFromCli as configFromFlags, joinNegativeValues } from './settings-cli';
import { parseSetting, settingNamed } from './settings';
import { DEFAULT_RUN_CONFIG, validateRunConfig, type RunConfig } from './run-config';
import { configFromHash, configToHash } from '../../ui/url-config';

describe('the run config property table', () => {
  it('names every field of a run config once, in the link and on the command line', () => {
    const keys: (keyof RunConfig)[] = ['envs', 'strategies', 'tasks', 'seeds', 'seed', 'model', 'embedder', 'embedDevice', 'split', 'concurrency', 'constrained', 'cache', 'cacheBlocks', 'layout', 'overflow', 'window', 'listing', 'shortlistSize', 'localDevice', 'temperature'];
    expect(CONFIG_FIELDS.map((f) => f.key)).toEqual(keys);
    expect(new Set(CONFIG_FIELDS.map((f) => f.name)).size).toBe(CONFIG_FIELDS.length);
    expect(Object.keys(cliOptions()).slice(0, CONFIG_FIELDS.length)).toEqual(CONFIG_FIELDS.map((f) => f.name));
    // Concurrency and the embedding device do not change results; the rest do.
    expect(RESULT_FIELDS.map((f) => f.key)).not.toContain('concurrency');
    expect(RESULT_FIELDS.map((f) => f.key)).not.toContain('embedDevice');
  });

  it('reads flags by the table and names the flag where a value does not fit', () => {
    const config = configFromFlags({ envs: 'slate', tasks: '12', seed: '-5', device: 'webgpu', constrained: true }, DEFAULT_RUN_CONFIG);
    expect(config).toMatchObject({ envs: ['slate'], tasks: 12, seed: -5, embedDevice: 'webgpu', constrained: true });
    expect(() => configFromFlags({ tasks: '0' }, DEFAULT_RUN_CONFIG)).toThrow('--tasks 0: give a whole number from 1 to 100,000.');
    expect(() => configFromFlags({ split: 'wrong' }, DEFAULT_RUN_CONFIG)).toThrow('--split wrong: give test or train.');
    expect(() => configFromFlags({ tasks: '1e23' }, DEFAULT_RUN_CONFIG)).toThrow(/--tasks 1e23/);
    expect(configFromFlags({ 'local-device': '500,25,0.2' }, DEFAULT_RUN_CONFIG).localDevice).toBe('500,25,0.2');
    expect(configFromFlags({ temperature: '0' }, DEFAULT_RUN_CONFIG).temperature).toBe(0);
    expect(() => configFromFlags({ temperature: '3' }, DEFAULT_RUN_CONFIG)).toThrow('--temperature 3: give a number from 0 to 2.');
    // The tool listing (issue 28 item 1): --listing full|shortlist|fit and --shortlist-size.
    expect(configFromFlags({ listing: 'fit', 'shortlist-size': '40' }, DEFAULT_RUN_CONFIG)).toMatchObject({ listing: 'fit', shortlistSize: 40 });
    expect(() => configFromFlags({ listing: 'some' }, DEFAULT_RUN_CONFIG)).toThrow('--listing some: give full or shortlist or fit.');
    expect(() => configFromFlags({ 'shortlist-size': '0' }, DEFAULT_RUN_CONFIG)).toThrow('--shortlist-size 0: give a whole number from 1 to 1,000.');
  });

  it('drives the link: every field round-trips, and malformed text keeps the default', () => {
    const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household', 'academic'], tasks: 7, seed: -3, embedDevice: 'webgpu', split: 'train', concurrency: 8, constrained: true, layout: 'cache', localDevice: '500,25,0.2', temperature: 0.7, params: { react: { candidates: 12 } }, dials: { kappa: 3 } };
    expect(configFromHash(configToHash(config))).toEqual(config);
    expect(configFromHash('#tasks=1e23&split=sideways&device=gpu')).toMatchObject({ tasks: DEFAULT_RUN_CONFIG.tasks, split: 'test', embedDevice: 'wasm' });
    expect(parseSetting(settingNamed('tasks')!, '12.5').ok).toBe(false);
    // The tool listing round-trips; full, the default, is left out of the link.
    const listed: RunConfig = { ...DEFAULT_RUN_CONFIG, listing: 'shortlist', shortlistSize: 25 };
    expect(configToHash(listed)).toMatch(/listing=shortlist&shortlist-size=25/);
    expect(configFromHash(configToHash(listed))).toEqual(listed);
    expect(configToHash({ ...DEFAULT_RUN_CONFIG, listing: 'full' })).not.toMatch(/listing/);
    expect(configFromHash('#listing=all').listing).toBeUndefined();
  });

  it('drives validation: the ranges are the table\'s', () => {
    const known = { envs: ['household'], strategies: ['react', 'reflexion'] };
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, seeds: field('seeds').max + 1 }, known)).toThrow('seeds must be a whole number from 1 to 1,000 (seeds), not 1001.');
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, concurrency: 0 }, known)).toThrow(/concurrency must be a whole number from 1 to 256/);
    // Every bounded or chosen run field is checked through the settings schema, with its one spelling and label.
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, temperature: 3 }, known)).toThrow('temperature must be a number from 0 to 2 (sampling temperature), not 3.');
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, split: 'dev' as 'test' }, known)).toThrow('split must be test or train (split), not "dev".');
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, cache: 'lru' as 'none' }, known)).toThrow(/^cache must be none or /);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, window: 100 }, known)).toThrow(/^window must be a whole number from 256/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, tasks: undefined as unknown as number }, known)).toThrow(/^tasks must be a whole number from 1 to 100,000 \(tasks per environment\), not undefined/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, listing: 'top' as 'fit' }, known)).toThrow('listing must be full or shortlist or fit (tool listing), not "top".');
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, shortlistSize: 2.5 }, known)).toThrow(/^shortlist-size must be a whole number from 1 to 1,000 \(shortlist size\)/);
    expect(() => validateRunConfig({ ...DEFAULT_RUN_CONFIG, cache: undefined, window: undefined, temperature: undefined }, known)).not.toThrow();
  });
});

describe('negative numbers on the command line', () => {
  it('reach the field check instead of Node\'s "ambiguous" message', () => {
    expect(joinNegativeValues(['--tasks', '-1', '--seed', '-5', '--envs', 'slate', '-h'])).toEqual(['--tasks=-1', '--seed=-5', '--envs', 'slate', '-h']);
    expect(() => configFromFlags({ tasks: '-1' }, DEFAULT_RUN_CONFIG)).toThrow('--tasks -1: give a whole number from 1 to 100,000.');
  });
});
