import type { EntropySource, Alternative } from './branching';
import type { Decision, PlanHarness } from '../plan/plan-harness';
import { readDecision } from '../plan/plan-harness';
import { planMessages, planOptions } from '../plan/plan-prompt';
import { voteDistribution } from './entropy';

/**
 * Entropy by sampling (EGB Alg. 2): m complete actions sampled at temperature 1, a majority vote
 * over tool names, the entropy of the vote distribution, and the sampled calls kept per tool so a
 * branch can reuse them (Alg. 1, line 25, footnote).
 */
export function samplingSource(harness: PlanHarness, samples: number): EntropySource {
  return {
    async decide(index, history) {
      const parts = await harness.parts(index, history);
      const request = { kind: 'act' as const, messages: planMessages(parts, 'act'), options: planOptions(parts), temperature: 1 };
      const decisions: Decision[] = [];
      for (let k = 0; k < samples; k++) decisions.push(readDecision((await harness.context.model.generate(request)).text));
      const { distribution, entropy, majority } = voteDistribution(decisions.map((d) => d.action.tool));
      const alternatives: Alternative[] = [...distribution].map(([tool, p]) => ({ tool, p, call: decisions.find((d) => d.action.tool === tool)!.action }));
      // SELECTONE (line 16): the first sampled call of the majority tool.
      const decision = decisions.find((d) => d.action.tool === majority)!;
      return { decision, entropy, distribution: alternatives };
    },
    async realize(alternative) {
      return { action: alternative.call!, thought: `Branch: the sampled call of ${alternative.tool}.`, invalid: false };
    },
  };
}
