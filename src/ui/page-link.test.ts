import { describe, expect, it } from 'vitest';
import { pageFromHash, pageToHash, type PageState } from './page-link';
import { DEFAULT_STORY, STORIES } from '../core/run/stories';
import { DEFAULT_PRICES } from '../core/run/prices';

const page: PageState = { view: 'results', prices: DEFAULT_PRICES, results: false };

describe('the page in its link', () => {
  it('round-trips the view, the traces, the baseline, changed prices and whether results were on screen', () => {
    const state: PageState = {
      view: 'paired',
      trace: 'household/react/2/household-007',
      compare: 'household/autotool-react/2/household-007',
      baseline: 'react',
      prices: { ...DEFAULT_PRICES, 'sim:small': { input: 1.25, output: 2, note: 'mine' } },
      results: true,
    };
    const hash = pageToHash(DEFAULT_STORY.config, state);
    const back = pageFromHash(hash, DEFAULT_STORY.config);
    expect(back.config).toEqual(DEFAULT_STORY.config);
    expect(back.page).toMatchObject({ view: 'paired', trace: state.trace, compare: state.compare, baseline: 'react', results: true });
    // Only the price that differs from the defaults travels.
    expect(Object.keys(back.page.prices)).toEqual(['sim:small']);
    expect(back.page.prices['sim:small']).toMatchObject({ input: 1.25, output: 2 });
  });

  it('leaves defaults out, so a link stays short', () => {
    const hash = pageToHash(DEFAULT_STORY.config, page);
    expect(hash).not.toMatch(/view=|price\.|trace=|results=/);
  });

  it('opens a story by name with its setup, and asks for its results', () => {
    for (const story of STORIES) {
      const link = pageFromHash(`#story=${story.id}&tasks=3`, DEFAULT_STORY.config);
      expect(link.story).toBe(story.id);
      expect(link.config).toEqual(story.config);
      expect(link.page.results).toBe(true);
    }
  });

  it("carries a server model's price with its cached-input price", () => {
    const server = 'openai:http://127.0.0.1:8080/v1#qwen';
    const hash = pageToHash(DEFAULT_STORY.config, { ...page, prices: { ...DEFAULT_PRICES, [server]: { input: 0.5, output: 1.5, cachedInput: 0.25, note: 'mine' } } });
    expect(pageFromHash(hash, DEFAULT_STORY.config).page.prices[server]).toEqual({ input: 0.5, output: 1.5, cachedInput: 0.25, note: 'from the link' });
  });

  it('ignores an unknown view, story and malformed or out-of-range prices', () => {
    const link = pageFromHash('#view=nope&story=nope&price.sim:small=1&price.sim:medium=-1,2&price.sim:strong=a,b', DEFAULT_STORY.config);
    expect(link.page.view).toBe('results');
    expect(link.story).toBeUndefined();
    expect(link.page.prices).toEqual({});
    expect(link.problems).toHaveLength(5);
    expect(link.problems[0]).toMatch(/^view=nope: give results or paired or papers or sweep/);
  });

  it('refuses a bad number with a message instead of opening 60 x 3 silently (tasks=NaN), and names unknown settings', () => {
    const link = pageFromHash('#tasks=NaN&seeds=2&taks=5&workers=0', DEFAULT_STORY.config);
    expect(link.config.tasks).toBe(DEFAULT_STORY.config.tasks);
    expect(link.config.seeds).toBe(2);
    expect(link.problems).toEqual([
      'tasks=NaN: give a whole number from 1 to 100,000 (tasks per environment); kept 60.',
      'taks: no such setting (the settings are listed in docs/settings.md).',
      'workers=0: give a whole number from 1 to 16 (worker threads the run is split over); left at its default.',
    ]);
    expect(pageFromHash('#workers=3', DEFAULT_STORY.config)).toMatchObject({ workers: 3, problems: [] });
  });

  it('names the imported data a setup runs on by fingerprint, and reads back only well-formed ones', () => {
    const config = { ...DEFAULT_STORY.config, envs: ['slate'] };
    const hash = pageToHash(config, { ...page, data: { slate: '0123456789ab' } });
    expect(hash).toContain('data.slate=0123456789ab');
    expect(pageFromHash(hash, DEFAULT_STORY.config).page.data).toEqual({ slate: '0123456789ab' });
    expect(pageFromHash('#envs=slate&data.slate=%3Cscript%3E', DEFAULT_STORY.config).page.data).toBeUndefined();
    expect(pageFromHash('#envs=slate', DEFAULT_STORY.config).page.data).toBeUndefined();
  });
});
