import type { StrategyContext, StrategyInstance, StrategyMeta, StrategySpec } from '../strategy';
import type { ToolExperience } from './experience';
import { runReactLoop, type LoopState } from '../shared/react-loop';
import { Rng, hashSeed } from '../../rng';
import { ToolNetwork } from './tool-network';
import { guidanceView } from './guidance-view';
import { insightPrompt, recordTrial } from './experience';
import { toolexpnetMeta, toolexpnetNoEdMeta, toolexpnetNoEsMeta, toolexpnetNoTrialMeta } from './meta';

interface Variant {
  similarity: boolean;
  dependency: boolean;
  trials: boolean;
}

/** Refines the guidance of `tools` with one insight call each (section 3.2). */
async function refine(network: ToolNetwork, tools: string[], pools: Map<string, ToolExperience>, context: StrategyContext): Promise<void> {
  for (const name of tools) {
    const tool = network.tools.find((t) => t.name === name);
    if (!tool) continue;
    const reply = await context.model.generate({ kind: 'insight', messages: [{ role: 'user', content: insightPrompt(tool, network.neighbours(name), pools.get(name)) }] });
    network.guidance.set(name, reply.text.trim());
  }
}

/** Edges drawn without replacement with probability proportional to their weight (section 3.1). */
function sampleEdges(network: ToolNetwork, count: number, rng: Rng) {
  const pool = [...network.edges];
  const out = [];
  while (out.length < count && pool.length > 0) {
    const index = rng.weighted(pool.map((e) => e.weight));
    out.push(pool.splice(index, 1)[0]);
  }
  return out;
}

/**
 * ToolExpNet (sections 2 and 3): before scoring, it learns on the training split. The network
 * starts from documentation (similarity edges at Φ, dependency edges from overlapping output and
 * input types). Each training query is a trial: the actor (ReAct with the current guidance)
 * attempts it and the trace updates edges and experience pools. After each of up to 3 iterations the
 * edge weights become their error rates, edges are sampled by weight, and the tools they link get
 * their insight refined by the model. Unconfirmed dependency edges are pruned at the end.
 * Deviation, said plainly: the paper's explorer writes new contrastive queries per edge; SimLM
 * cannot invent queries, so the trials are the training split's queries and edge sampling chooses
 * which tools are refined.
 */
function toolExpNet(params: Record<string, number>, variant: Variant): StrategyInstance {
  let network: ToolNetwork | undefined;
  return {
    async learn(training) {
      const contexts: StrategyContext[] = [];
      for await (const context of training) contexts.push(context);
      if (contexts.length === 0) return;
      const first = contexts[0];
      const net = (network = await ToolNetwork.initialise(first.env.tools().filter((t) => t.name !== 'finish'), first.embedder, params.phi, variant));
      const pools = new Map<string, ToolExperience>();
      if (!variant.trials) {
        // Ablation "w/o trial": insights from documentation and neighbours only, one per tool.
        await refine(net, net.tools.map((t) => t.name), pools, first);
        return;
      }
      // Up to `iterations` rounds over the training queries: trials with the current guidance, then
      // weights from error rates, sampled edges, refined insights for the tools they link.
      const rng = new Rng(hashSeed('toolexpnet', first.taskId));
      const size = Math.ceil(contexts.length / params.iterations);
      for (let start = 0; start < contexts.length; start += size) {
        const round = contexts.slice(start, start + size);
        // Recording only: the trials below are counted under this round (the page's per-round rates).
        net.round = start / size;
        net.roundsRun = net.round + 1;
        for (const context of round) {
          const state: LoopState = { history: [], reflections: [] };
          const outcome = await runReactLoop(context, { view: guidanceView(context.env.tools(), context.env.actionStyle, net.guidance), onStep: (s) => (state.history = s.history) });
          recordTrial(net, pools, context.goal, state.history, outcome.success, variant);
        }
        net.updateWeights();
        const tools = [...new Set(sampleEdges(net, params.maxTry, rng).flatMap((e) => [e.a, e.b]))];
        await refine(net, tools, pools, round[round.length - 1]);
      }
      if (variant.dependency) net.pruneDependencies();
    },
    runTask(context) {
      return runReactLoop(context, { view: guidanceView(context.env.tools(), context.env.actionStyle, network?.guidance ?? new Map()) });
    },
    snapshot: () => network?.snapshot(),
  };
}

const spec = (meta: StrategyMeta, variant: Variant): StrategySpec => ({ ...meta, create: (params) => toolExpNet(params, variant) });

export const toolexpnetSpec = spec(toolexpnetMeta, { similarity: true, dependency: true, trials: true });
export const toolexpnetNoEsSpec = spec(toolexpnetNoEsMeta, { similarity: false, dependency: true, trials: true });
export const toolexpnetNoEdSpec = spec(toolexpnetNoEdMeta, { similarity: true, dependency: false, trials: true });
export const toolexpnetNoTrialSpec = spec(toolexpnetNoTrialMeta, { similarity: true, dependency: true, trials: false });
