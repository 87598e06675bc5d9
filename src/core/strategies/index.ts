import type { StrategySpec } from './strategy';
import { reactSpec } from './react';
import { reflexionSpec } from './reflexion';
import { baselineLlmSpec } from './baseline-llm';
import { egbLogitsSpec, egbSamplingSpec } from './egb';
import { withMemory } from './plan/with-memory';
import { ecoactReactSpec } from './ecoact';
import { toolexpnetNoEdSpec, toolexpnetNoEsSpec, toolexpnetNoTrialSpec, toolexpnetSpec } from './toolexpnet';
import { autotoolReactSpec, autotoolReflexionSpec, ngramReactSpec } from './autotool';

/**
 * The strategies by id: the ids of the CLI, the page and the URL. ReAct and Reflexion run
 * everywhere; the rest need a plan of substeps (`planGuidedOnly`, SLATE). The `-memory` variants are
 * those of the EGB paper's Table 5. The worker, Node and tests use these; the page's main thread
 * and config validation read `STRATEGY_CATALOG` (catalog.ts), their metadata alone.
 */
export const STRATEGIES: Record<string, StrategySpec> = {
  react: reactSpec,
  reflexion: reflexionSpec,
  'autotool-react': autotoolReactSpec,
  'autotool-reflexion': autotoolReflexionSpec,
  'ngram-react': ngramReactSpec,
  'ecoact-react': ecoactReactSpec,
  toolexpnet: toolexpnetSpec,
  'toolexpnet-no-es': toolexpnetNoEsSpec,
  'toolexpnet-no-ed': toolexpnetNoEdSpec,
  'toolexpnet-no-trial': toolexpnetNoTrialSpec,
  'baseline-llm': baselineLlmSpec,
  'egb-sampling': egbSamplingSpec,
  'egb-logits': egbLogitsSpec,
  'baseline-llm-memory': withMemory(baselineLlmSpec),
  'react-memory': withMemory(reactSpec),
  'reflexion-memory': withMemory(reflexionSpec),
  'egb-sampling-memory': withMemory(egbSamplingSpec),
  'egb-logits-memory': withMemory(egbLogitsSpec),
};

export type { StrategySpec, StrategyMeta, StrategyInstance, StrategyContext, TaskOutcome, HyperParameter } from './strategy';
export { withDefaults } from './strategy';
