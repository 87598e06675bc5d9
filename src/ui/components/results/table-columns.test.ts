import { describe, expect, it } from 'vitest';
import { STORIES } from '../../../core/run/stories';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { STRATEGY_CATALOG } from '../../../core/strategies/catalog';
import { BASE_COLUMNS, isShown, shownByDefault, STORY_COLUMNS } from './table-columns';

describe('the means table columns', () => {
  it('names, for each story, only columns its run reports', () => {
    for (const story of STORIES) {
      const named = STORY_COLUMNS[story.id] ?? [];
      const declared = new Set([
        ...story.config.envs.flatMap((env) => Object.keys(ENV_CATALOG[env]?.metrics ?? {})),
        ...story.config.strategies.flatMap((strategy) => Object.keys(STRATEGY_CATALOG[strategy]?.metrics ?? {})),
      ]);
      for (const column of named) expect(BASE_COLUMNS.includes(column) || declared.has(column), `${story.id}: ${column}`).toBe(true);
    }
    expect(Object.keys(STORY_COLUMNS).every((id) => STORIES.some((story) => story.id === id))).toBe(true);
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
