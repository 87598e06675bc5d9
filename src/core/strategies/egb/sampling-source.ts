import type { EntropySource, Alternative } from './branching';
import type { PlanHarness } from '../plan/plan-harness';
import { readDecision } from '../plan/plan-harness';
import { planMessages, planOptions } from '../plan/plan-prompt';
import type { GenerateRequest } from '../../llm/language-model';
import { voteDistribution } from './entropy';

/** Lines 3-4: m samples, from one call when the model can batch them (WebLLM's n), else m calls. */
async function sampleTexts(harness: PlanHarness, request: GenerateRequest, samples: number): Promise<string[]> {
  const { model } = harness.context;
  if (model.generateSamples) return (await model.generateSamples(request, samples)).texts;
  const texts: string[] = [];
  for (let k = 0; k < samples; k++) texts.push((await model.generate(request)).text);
  return texts;
}

/**
 * Entropy by sampling (EGB Alg. 2): m complete actions sampled at temperature 1, a majority vote
 * over tool names, the entropy of the vote distribution, and the sampled calls kept per tool so a
 * branch can reuse them (Alg. 1, line 25, footnote).
 */
export function samplingSource(harness: PlanHarness, samples: number): EntropySource {
  return {
    async decide(index, history) {
      const parts = await harness.parts(index, history);
      const options = planOptions(parts);
      const request = { kind: 'act' as const, messages: planMessages(parts, 'act', options), options, temperature: 1 };
      const decisions = (await sampleTexts(harness, request, samples)).map((text) => readDecision(text));
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
