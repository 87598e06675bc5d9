import { describe, expect, it } from 'vitest';
import { parseArgs } from 'node:util';
import { DEFAULT_STORY, STORIES } from '../core/run/stories';
import { LESSONS } from '../core/run/lessons';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../core/run/run-config';
import { SETTINGS, settingText, type Setting, type SettingValue } from '../core/run/settings';
import { cliOptions, configFromCli, flagValue, joinNegativeValues } from '../core/run/settings-cli';
import { parseSweepKey, sweepKeyInfo, sweepKeyText } from '../core/run/sweep';
import { pageFromHash, pageToHash, type PageState } from './page-link';
import { readConfigHash, configToHash } from './url-config';

/** A value of the setting other than its default, inside its bounds. */
function sample(setting: Setting): SettingValue {
  switch (setting.type) {
    case 'int':
      return setting.range!.max;
    case 'number':
      return Number(((setting.range!.min + setting.range!.max) / 2 + 0.125).toFixed(3));
    case 'choice':
      return setting.choices![setting.choices!.length - 1];
    case 'list':
      return ['household', 'academic'];
    case 'switch':
      return true;
    case 'text':
      return setting.name === 'story' ? STORIES[STORIES.length - 1].id : setting.name === 'lesson' ? LESSONS[LESSONS.length - 1].id : setting.name === 'model' ? 'openai:http://localhost:11434/v1#qwen2.5:7b-instruct' : `${setting.name}-value/1`;
  }
}

const runSettings = SETTINGS.filter((s) => s.get && s.set);
const pageSettings = SETTINGS.filter((s) => !s.set);

describe('the settings schema', () => {
  it('has one spelling per setting, none shared with another setting or an older spelling', () => {
    const names = SETTINGS.flatMap((s) => [s.name, ...(s.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    expect(SETTINGS.length).toBeGreaterThan(60);
  });

  it('round-trips every run setting through the link, alone and all together', () => {
    const all: RunConfig = { ...DEFAULT_RUN_CONFIG, params: {} };
    for (const setting of runSettings) {
      const config: RunConfig = { ...DEFAULT_RUN_CONFIG, params: {} };
      setting.set!(config, sample(setting));
      setting.set!(all, sample(setting));
      const read = readConfigHash(configToHash(config));
      expect(read.problems, setting.name).toEqual([]);
      expect(setting.get!(read.config), setting.name).toEqual(sample(setting));
      expect(read.config, setting.name).toEqual(config);
    }
    expect(readConfigHash(configToHash(all))).toEqual({ config: all, problems: [] });
  });

  it('round-trips every page setting through the link', () => {
    for (const setting of pageSettings) {
      const value = sample(setting);
      const link = pageFromHash(`#${setting.name}=${encodeURIComponent(settingText(value))}`, DEFAULT_STORY.config);
      expect(link.problems, setting.name).toEqual([]);
      const read = setting.name === 'story' ? link.story : setting.name === 'workers' ? link.workers : (link.page as unknown as Record<string, unknown>)[setting.name];
      expect(read, setting.name).toEqual(value);
    }
    // Those the page writes come back from what it writes.
    const state: PageState = { view: 'sweep', trace: 'a/b/1/c', compare: 'a/d/1/c', baseline: 'react', prices: {}, results: true, lesson: LESSONS[0].id };
    expect(pageFromHash(pageToHash(DEFAULT_STORY.config, state), DEFAULT_STORY.config).page).toEqual(state);
  });

  it('round-trips every command-line setting through its flag', () => {
    for (const setting of SETTINGS.filter((s) => s.where.cli)) {
      const value = sample(setting);
      const args = setting.type === 'switch' ? [`--${setting.name}`] : [`--${setting.name}`, settingText(value)];
      const { values } = parseArgs({ args: joinNegativeValues(args), options: cliOptions() });
      if (setting.get) expect(setting.get(configFromCli(values, DEFAULT_RUN_CONFIG)), setting.name).toEqual(value);
      else expect(flagValue(setting, values[setting.name] as string), setting.name).toEqual(value);
    }
  });

  it('reads the older command-line spellings as the same settings', () => {
    const older = parseArgs({ args: ['--env', 'slate', '--param', 'egb-logits.tau=0.2', '--dial', 'kappa=3'], options: cliOptions() }).values;
    const newer = parseArgs({ args: ['--envs', 'slate', '--egb-logits.tau', '0.2', '--sim.kappa', '3'], options: cliOptions() }).values;
    expect(configFromCli(older, DEFAULT_RUN_CONFIG)).toEqual(configFromCli(newer, DEFAULT_RUN_CONFIG));
    expect(() => configFromCli({ param: ['egb-logits.nope=1'] }, DEFAULT_RUN_CONFIG)).toThrow(/no setting "egb-logits.nope"/);
  });

  it('refuses a value out of its bounds on the command line, naming the flag', () => {
    expect(() => configFromCli({ tasks: 'NaN' }, DEFAULT_RUN_CONFIG)).toThrow('--tasks NaN: give a whole number from 1 to 100,000.');
    expect(() => configFromCli({ 'sim.tau': '0' }, DEFAULT_RUN_CONFIG)).toThrow('--sim.tau 0: give a number above 0 and at most 10.');
    expect(() => configFromCli({ 'reflexion.memory': '2.5' }, DEFAULT_RUN_CONFIG)).toThrow(/--reflexion.memory 2.5: give a whole number from 1 to 10/);
  });

  it('gives every sweepable setting the same spelling and range as a sweep key', () => {
    for (const setting of SETTINGS.filter((s) => s.where.sweep)) {
      const key = parseSweepKey(setting.name);
      expect(sweepKeyText(key)).toBe(setting.name);
      const info = sweepKeyInfo(key);
      expect([info.min, info.max, info.integer], setting.name).toEqual([setting.range!.min, setting.range!.max, setting.type === 'int']);
    }
  });
});
