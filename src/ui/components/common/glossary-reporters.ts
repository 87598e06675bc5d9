import { envLabel, strategyLabel } from './labels';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { STRATEGY_CATALOG } from '../../../core/strategies/catalog';

/**
 * The run's own measures that only some runs carry, with the setting that brings them (its link
 * key): the glossary said "every run" of them, and a reader then looked for a column that a run
 * without the setting does not have.
 */
const ONLY_WHEN: Record<string, string> = {
  cachedPromptTokens: 'runs with a cache model (cache), or on a server that counts cached tokens',
  uncachedPromptTokens: 'runs with a cache model (cache), or on a server that counts cached tokens',
  costUsdUncached: 'runs with a cache model (cache), or on a server that counts cached tokens',
  contextOverflows: 'runs that check the context window (overflow)',
  trimmedCalls: 'runs that check the context window (overflow)',
  localSeconds: 'runs that name a local device (local-device)',
  shortlisted: 'runs that list a shortlist of tools (listing shortlist or fit)',
};

/**
 * Who reports a metric, in the page's words: environments and strategies by their names (not their
 * ids), and the run's own measures as "every run" or the runs whose setting brings them.
 */
export function reporterWords(metric: string, reportedBy: readonly string[]): string {
  return reportedBy
    .map((by) => {
      if (by === 'every run') return ONLY_WHEN[metric] ?? by;
      if (Object.hasOwn(ENV_CATALOG, by)) return envLabel(by);
      if (Object.hasOwn(STRATEGY_CATALOG, by)) return strategyLabel(by);
      return by;
    })
    .join(', ');
}
