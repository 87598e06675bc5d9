import type { StrategyMeta, StrategySpec } from './strategy';
import { reactMeta } from './react/meta';
import { reflexionMeta } from './reflexion/meta';
import { baselineLlmMeta } from './baseline-llm/meta';
import { egbLogitsMeta, egbSamplingMeta } from './egb/meta';
import { ecoactReactMeta } from './ecoact/meta';
import { toolexpnetMeta, toolexpnetNoEdMeta, toolexpnetNoEsMeta, toolexpnetNoTrialMeta } from './toolexpnet/meta';
import { autotoolReactMeta, autotoolReflexionMeta, ngramReactMeta } from './autotool/meta';
import { withMemoryMeta } from './plan/with-memory-meta';

/**
 * One strategy: its metadata (plain data, what the page's main thread and config validation read)
 * and how to load its code (called in the worker and in Node only, by `./index.ts`).
 */
export interface StrategyEntry {
  meta: StrategyMeta;
  load(): Promise<StrategySpec>;
}

/** The with-memory variant of a plan-guided strategy (EGB paper, Table 5). */
function withMemoryEntry(base: StrategyEntry): StrategyEntry {
  return { meta: withMemoryMeta(base.meta), load: async () => (await import('./plan/with-memory')).withMemory(await base.load()) };
}

const react: StrategyEntry = { meta: reactMeta, load: async () => (await import('./react')).reactSpec };
const reflexion: StrategyEntry = { meta: reflexionMeta, load: async () => (await import('./reflexion')).reflexionSpec };
const baselineLlm: StrategyEntry = { meta: baselineLlmMeta, load: async () => (await import('./baseline-llm')).baselineLlmSpec };
const egbSampling: StrategyEntry = { meta: egbSamplingMeta, load: async () => (await import('./egb')).egbSamplingSpec };
const egbLogits: StrategyEntry = { meta: egbLogitsMeta, load: async () => (await import('./egb')).egbLogitsSpec };

/**
 * The strategies, the one list of them: a new strategy is its folder and one line here. The ids
 * (each `meta.id`) are those of the CLI, the page and the URL, in the order the page lists them.
 * ReAct and Reflexion run everywhere; the rest need a plan of substeps (`planGuidedOnly`, SLATE).
 * The `-memory` variants are those of the EGB paper's Table 5. `STRATEGY_CATALOG` (catalog.ts)
 * is their metadata by id, `STRATEGIES` (index.ts) their loaded specs by id.
 */
export const STRATEGY_REGISTRY: readonly StrategyEntry[] = [
  react,
  reflexion,
  { meta: autotoolReactMeta, load: async () => (await import('./autotool')).autotoolReactSpec },
  { meta: autotoolReflexionMeta, load: async () => (await import('./autotool')).autotoolReflexionSpec },
  { meta: ngramReactMeta, load: async () => (await import('./autotool')).ngramReactSpec },
  { meta: ecoactReactMeta, load: async () => (await import('./ecoact')).ecoactReactSpec },
  { meta: toolexpnetMeta, load: async () => (await import('./toolexpnet')).toolexpnetSpec },
  { meta: toolexpnetNoEsMeta, load: async () => (await import('./toolexpnet')).toolexpnetNoEsSpec },
  { meta: toolexpnetNoEdMeta, load: async () => (await import('./toolexpnet')).toolexpnetNoEdSpec },
  { meta: toolexpnetNoTrialMeta, load: async () => (await import('./toolexpnet')).toolexpnetNoTrialSpec },
  baselineLlm,
  egbSampling,
  egbLogits,
  withMemoryEntry(baselineLlm),
  withMemoryEntry(react),
  withMemoryEntry(reflexion),
  withMemoryEntry(egbSampling),
  withMemoryEntry(egbLogits),
];

/**
 * Every strategy's spec by id, in the registry's order, its code loaded. The worker's runner calls
 * this when a run starts; Node and tests read `STRATEGIES` (index.ts), the same awaited once.
 */
export async function loadStrategies(): Promise<Record<string, StrategySpec>> {
  return Object.fromEntries(await Promise.all(STRATEGY_REGISTRY.map(async (entry) => [entry.meta.id, await entry.load()] as const)));
}
