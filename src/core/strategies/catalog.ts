import type { StrategyMeta } from './strategy';
import { reactMeta } from './react/meta';
import { reflexionMeta } from './reflexion/meta';
import { baselineLlmMeta } from './baseline-llm/meta';
import { egbLogitsMeta, egbSamplingMeta } from './egb/meta';
import { withMemoryMeta } from './plan/with-memory-meta';
import { ecoactReactMeta } from './ecoact/meta';
import { toolexpnetMeta, toolexpnetNoEdMeta, toolexpnetNoEsMeta, toolexpnetNoTrialMeta } from './toolexpnet/meta';
import { autotoolReactMeta, autotoolReflexionMeta, ngramReactMeta } from './autotool/meta';

/**
 * The strategies' metadata by id, in the order of `STRATEGIES`: what the page's main thread and
 * config validation read (labels, papers, descriptions, hyperparameters, metrics, flags) without
 * bundling any strategy's code, which only the worker runs. A test checks it lists what the
 * registry lists.
 */
export const STRATEGY_CATALOG: Record<string, StrategyMeta> = {
  react: reactMeta,
  reflexion: reflexionMeta,
  'autotool-react': autotoolReactMeta,
  'autotool-reflexion': autotoolReflexionMeta,
  'ngram-react': ngramReactMeta,
  'ecoact-react': ecoactReactMeta,
  toolexpnet: toolexpnetMeta,
  'toolexpnet-no-es': toolexpnetNoEsMeta,
  'toolexpnet-no-ed': toolexpnetNoEdMeta,
  'toolexpnet-no-trial': toolexpnetNoTrialMeta,
  'baseline-llm': baselineLlmMeta,
  'egb-sampling': egbSamplingMeta,
  'egb-logits': egbLogitsMeta,
  'baseline-llm-memory': withMemoryMeta(baselineLlmMeta),
  'react-memory': withMemoryMeta(reactMeta),
  'reflexion-memory': withMemoryMeta(reflexionMeta),
  'egb-sampling-memory': withMemoryMeta(egbSamplingMeta),
  'egb-logits-memory': withMemoryMeta(egbLogitsMeta),
};

export type { HyperParameter, StrategyMeta } from './strategy';
