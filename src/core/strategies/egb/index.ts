import type { StrategyContext, StrategySpec } from '../strategy';
import { egbLogitsMeta, egbSamplingMeta } from './meta';
import { PlanHarness } from '../plan/plan-harness';
import { ConfigError } from '../../errors';
import { isPlanEnvironment } from '../../plan-guided';
import { runEntropyGuidedBranching } from './branching';
import { samplingSource } from './sampling-source';
import { logitsSource } from './logits-source';

function harnessFor(context: StrategyContext, params: Record<string, number>): PlanHarness {
  if (!isPlanEnvironment(context.env)) throw new ConfigError('EGB runs on plan-guided environments (SLATE) only.');
  return new PlanHarness(context, { candidates: params.candidates, history: true });
}

/** The global budget in effect: the experiments' b, never above Alg. 1's cap B. */
const budget = (params: Record<string, number>) => ({ global: Math.min(params.b, params.B), perStep: params.Bs });

/** EGB-Sampling: Alg. 1 with entropy from m sampled actions (Alg. 2). Works with black-box models. */
export const egbSamplingSpec: StrategySpec = {
  ...egbSamplingMeta,
  create: (params) => ({
    runTask: (context) => {
      const harness = harnessFor(context, params);
      return runEntropyGuidedBranching(harness, samplingSource(harness, params.m), budget(params));
    },
  }),
};

/** EGB-Logits: Alg. 1 with entropy from the model's candidate probabilities (Alg. 3). Needs logits. */
export const egbLogitsSpec: StrategySpec = {
  ...egbLogitsMeta,
  create: (params) => ({
    runTask: (context) => {
      const harness = harnessFor(context, params);
      return runEntropyGuidedBranching(harness, logitsSource(harness, params.tau), budget(params));
    },
  }),
};
