import { describe, expect, it } from 'vitest';
import { STORIES } from '../../../core/run/stories';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { STRATEGY_CATALOG } from '../../../core/strategies/catalog';
import { BASE_COLUMNS, isShown, shownByDefault } from './table-columns';

describe('the means table columns', () => {
  it('names, for each story, only columns its run reports', () => {
    for (const story of STORIES) {
      const named = story.columns;
      expect(named.length, `${story.id} names its columns`).toBeGreaterThan(0);
      const declared = new Set([
        ...story.config.envs.flatMap((env) => Object.keys(ENV_CATALOG[env]?.metrics ?? {})),
        ...story.config.strategies.flatMap((strategy) => Object.keys(STRATEGY_CATALOG[strategy]?.metrics ?? {})),
      ]);
      for (const column of named) expect(BASE_COLUMNS.includes(column) || declared.has(column), `${story.id}: ${column}`).toBe(true);
    }
  });

  it('reads a story\'s columns from its record: every column it names shows while it is on screen, no other declared metric does', () => {
    for (const story of STORIES) {
      for (const column of story.columns) expect(shownByDefault(column, story.id), `${story.id}: ${column}`).toBe(true);
      const declared = [
        ...story.config.envs.flatMap((env) => Object.keys(ENV_CATALOG[env]?.metrics ?? {})),
        ...story.config.strategies.flatMap((strategy) => Object.keys(STRATEGY_CATALOG[strategy]?.metrics ?? {})),
      ];
      for (const column of declared) expect(shownByDefault(column, story.id), `${story.id}: ${column}`).toBe(BASE_COLUMNS.includes(column) || story.columns.includes(column));
    }
  });

  it('shows outcome and cost always, a story its named columns only, and a setup of ones own its declared metrics', () => {
    for (const column of ['success', 'llmCalls', 'promptTokens', 'costUsd']) expect(shownByDefault(column, 'toolexpnet-experience')).toBe(true);
    expect(shownByDefault('correctPath', 'toolexpnet-experience')).toBe(true);
    expect(shownByDefault('deltaSL', 'toolexpnet-experience')).toBe(false);
    expect(shownByDefault('deltaSL', undefined)).toBe(true);
    expect(shownByDefault('completionTokens', undefined)).toBe(false);
    expect(shownByDefault('msPerTask', undefined)).toBe(false);
    expect(shownByDefault('fills', undefined)).toBe(false);
    expect(isShown('completionTokens', undefined, { completionTokens: true })).toBe(true);
    expect(isShown('costUsd', 'autotool-calls', { costUsd: false })).toBe(false);
  });
});
