import type { EntropySource, Alternative } from './branching';
import type { Decision, PlanHarness } from '../plan/plan-harness';
import type { ExecutedStep } from '../../plan-guided';
import { NO_TOOL } from '../../plan-guided';
import { ConfigError } from '../../errors';
import { readDecision } from '../plan/plan-harness';
import { planMessages, planOptions } from '../plan/plan-prompt';
import { entropy } from './entropy';

/**
 * Entropy from logits (EGB Alg. 3): the model's probability over the enumerated candidates from
 * logits-only forward passes, its entropy, candidates with p >= tau kept for branching, and
 * parameters generated only for the tool that is executed (lines 28-31).
 */
export function logitsSource(harness: PlanHarness, tau: number): EntropySource {
  const { model } = harness.context;
  const choose = model.choiceDistribution?.bind(model);
  if (!choose) throw new ConfigError(`EGB-Logits needs a model that exposes logits; ${model.label} does not. Use EGB-Sampling with it.`);

  /** GENERATEPARAMS (line 30): one generation call for the chosen tool; "no tool" needs none. */
  async function generateParams(tool: string, index: number, history: ExecutedStep[]): Promise<Decision> {
    if (tool === NO_TOOL) return { action: { tool: NO_TOOL, args: {} }, thought: 'The most likely choice is that no tool is needed.', invalid: false };
    const parts = await harness.parts(index, history);
    const only = { ...parts, candidates: parts.candidates.filter((c) => c.name === tool), paramsOnly: true };
    if (only.candidates.length === 0) only.candidates = harness.env.tools().filter((c) => c.name === tool);
    const options = planOptions(only);
    const reply = await model.generate({ kind: 'act', messages: planMessages(only, 'act', options), options });
    const decision = readDecision(reply.text);
    // The tool is fixed; only the arguments come from the reply.
    return { ...decision, action: { tool, args: decision.invalid ? {} : decision.action.args } };
  }

  return {
    async decide(index, history) {
      const parts = await harness.parts(index, history);
      const options = planOptions(parts);
      const { probabilities } = await choose({ messages: planMessages(parts, 'choose-index', options), options });
      const best = probabilities.indexOf(Math.max(...probabilities));
      const distribution: Alternative[] = options
        .map((option, i) => ({ tool: option.name, p: probabilities[i] }))
        .filter((alt, i) => alt.p >= tau || i === best); // line 27
      const decision = await generateParams(options[best].name, index, history);
      return { decision, entropy: entropy(probabilities), distribution };
    },
    realize: (alternative, index, history) => generateParams(alternative.tool, index, history),
  };
}
