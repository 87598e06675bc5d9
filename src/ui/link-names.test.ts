import { describe, expect, it } from 'vitest';
import { pageFromHash } from './page-link';
import { linkHash } from './link-names';
import { DEFAULT_STORY } from '../core/run/stories';

const base = DEFAULT_STORY.config;

describe("a link's unknown names (issue 42 item 4)", () => {
  it('reports each unknown environment, strategy and model by name, with what was used instead', () => {
    const link = pageFromHash('#envs=bogus&strategies=nope&model=sim:huge', base);
    expect(link.problems).toHaveLength(3);
    expect(link.problems[0]).toMatch(/^envs=bogus: .*\u201cbogus\u201d.*using Household .* instead/);
    expect(link.problems[1]).toMatch(/^strategies=nope: .*\u201cnope\u201d.*using ReAct, AutoTool \(ReAct\) \(the default\) instead/);
    expect(link.problems[2]).toMatch(/^model=sim:huge: SimLM has no preset \u201chuge\u201d; using sim:small .* instead/);
    expect(link.config).toMatchObject({ envs: base.envs, strategies: base.strategies, model: base.model });
  });

  it('keeps the known names of a list and drops the others; reports an unknown model kind and embedder', () => {
    const link = pageFromHash('#envs=household,nowhere&strategies=react&model=gpt:x&embedder=zzz', base);
    expect(link.config.envs).toEqual(['household']);
    expect(link.problems).toEqual([
      expect.stringMatching(/^envs=nowhere: .*using the other listed \(Household/),
      expect.stringMatching(/^model=gpt:x: /),
      expect.stringMatching(/^embedder=zzz: .*using toolwise-simcse/),
    ]);
    expect(link.config.model).toBe(base.model);
    expect(link.config.embedder).toBe(base.embedder);
  });

  it('says what a refused value kept, and a known link has no problems', () => {
    expect(pageFromHash('#tasks=NaN', base).problems).toEqual([expect.stringMatching(/^tasks=NaN: give a whole number .*; kept 60\.$/)]);
    expect(pageFromHash('#envs=household&strategies=react,reflexion&model=sim:strong&embedder=lexical', base).problems).toEqual([]);
  });

  it('reads the query form the same as the hash form, the hash winning where both set a field', () => {
    expect(linkHash('?tasks=NaN', '')).toBe('#tasks=NaN');
    expect(pageFromHash(linkHash('?tasks=NaN', ''), base).problems).toEqual(pageFromHash('#tasks=NaN', base).problems);
    expect(new URLSearchParams(linkHash('?tasks=5&seeds=2', '#tasks=7').slice(1)).toString()).toBe('seeds=2&tasks=7');
    expect(linkHash('', '#tasks=7')).toBe('#tasks=7');
  });
});
