import type { StrategyContext, StrategyInstance, StrategyMeta, StrategySpec } from '../strategy';
import type { NetworkEdge } from './tool-network';
import { runReactLoop, type LoopState } from '../common/react-loop';
import { learningEpisode } from '../common/learning-episode';
import { Rng, hashSeed } from '../../rng';
import { FINISH_TOOL } from '../../types';
import { ToolNetwork } from './tool-network';
import { guidanceView } from './guidance-view';
import { bearsOn, predictedPath, recordAttempt, toolInsightPrompt, type ExperiencePools } from './experience';
import { toolexpnetMeta, toolexpnetNoEdMeta, toolexpnetNoEsMeta, toolexpnetNoTrialMeta } from './meta';

interface Variant {
  similarity: boolean;
  dependency: boolean;
  trials: boolean;
}

/**
 * Refines the insight of each of `tools` with one model call (section 3.2): its neighbours with
 * their current insights and its trial records. Neighbours are read before any tool of this round
 * is refined, so every insight of round t+1 is made from round t's (φ^{t+1} from φ^t).
 */
async function refine(network: ToolNetwork, tools: string[], pools: ExperiencePools, context: StrategyContext): Promise<void> {
  const prompts = tools.flatMap((name) => {
    const text = toolInsightPrompt(network, name, pools);
    return text === undefined ? [] : [{ name, text }];
  });
  for (const { name, text } of prompts) {
    // A refinement prompt over the run's window (overflow=fail) leaves the tool's insight as it was.
    const reply = await learningEpisode(context, () => context.model.generate({ kind: 'insight', messages: [{ role: 'user', content: text }] }));
    if (reply) network.guidance.set(name, reply.text.trim());
  }
}

/** Edges drawn without replacement with probability proportional to their weight (section 3.1). */
function sampleEdges(network: ToolNetwork, count: number, rng: Rng): NetworkEdge[] {
  const pool = [...network.edges];
  // The pool's weights, kept beside it (the same list, in the same order, as mapping the pool
  // afresh before each draw, without a new array of thousands of weights per draw).
  const weights = pool.map((e) => e.weight);
  const out: NetworkEdge[] = [];
  while (out.length < count && pool.length > 0) {
    const index = rng.weighted(weights);
    weights.splice(index, 1);
    out.push(pool.splice(index, 1)[0]);
  }
  return out;
}

/** Up to `count` items drawn without replacement, in their original order. */
function draw<T>(items: T[], count: number, rng: Rng): T[] {
  if (items.length <= count) return items;
  const picked = new Set<number>();
  while (picked.size < count) picked.add(rng.int(items.length));
  return items.filter((_, i) => picked.has(i));
}

/**
 * ToolExpNet (sections 2 and 3). Before scoring it learns on the training split. The network
 * starts from documentation (similarity edges where embeddings reach Φ, dependency edges where an
 * output type of one tool is an input type of another). Each of up to 3 iterations samples up to
 * max_try edges by weight (section 3.1; 100, section 5.5), has the explorer draw labelled queries
 * for each edge, lets the actor (ReAct with the current guidance) attempt them, scores each edge's
 * attempts against its labels (w = 1 - ACC), and refines the insights of the sampled edges' tools
 * (section 3.2). Dependency edges tried without an actual dependency are pruned at the end.
 * Adaptation, said plainly: the explorer does not write new queries; it draws, for each edge, the
 * training split's queries whose annotated path bears on it (a contrastive query uses one of the
 * two similar tools; a dependency query calls one and then the other), with their paths as labels.
 * Where a dataset annotates no path, the training queries are split over the iterations and each
 * is attempted once; a query's label is the actor's own path when the environment reports success
 * (none otherwise), over the edges among the tools it used.
 */
function toolExpNet(params: Record<string, number>, variant: Variant): StrategyInstance {
  let network: ToolNetwork | undefined;
  return {
    async learn(training) {
      const contexts: StrategyContext[] = [];
      for await (const context of training) contexts.push(context);
      if (contexts.length === 0) return;
      const first = contexts[0];
      const net = (network = await ToolNetwork.initialise(first.env.tools().filter((t) => t.name !== FINISH_TOOL), first.embedder, params.phi, variant));
      const pools: ExperiencePools = new Map();
      if (!variant.trials) {
        // Ablation "w/o trial": insights from documentation and neighbours only, one per tool.
        await refine(net, net.tools.map((t) => t.name), pools, first);
        return;
      }
      const rng = new Rng(hashSeed('toolexpnet', first.taskId));
      const labelled = contexts.filter((c) => (c.training?.label?.length ?? 0) > 0);
      // A query is attempted on its own context first, then on a fresh one for each later attempt.
      const attempted = new Set<StrategyContext>();
      const fresh = (c: StrategyContext) => (attempted.has(c) && c.training ? c.training.again() : (attempted.add(c), c));
      for (let round = 0; round < params.iterations; round++) {
        net.round = round;
        net.roundsRun = round + 1;
        const sampled = sampleEdges(net, params.maxTry, rng);
        // The explorer: per sampled edge, the labelled queries that bear on it.
        const plan = new Map<StrategyContext, NetworkEdge[]>();
        if (labelled.length > 0) {
          for (const edge of sampled)
            for (const c of draw(labelled.filter((q) => bearsOn(edge, q.training!.label!)), params.queriesPerEdge, rng)) plan.set(c, [...(plan.get(c) ?? []), edge]);
        } else {
          // Without labels: the training queries split over the iterations, each attempted once (as before labels).
          const size = Math.ceil(contexts.length / params.iterations);
          for (const c of contexts.slice(round * size, (round + 1) * size)) plan.set(c, []);
        }
        for (const c of contexts) {
          const edges = plan.get(c);
          if (!edges) continue;
          const context = fresh(c);
          const state: LoopState = { history: [], reflections: [] };
          const outcome = await learningEpisode(context, () => runReactLoop(context, { viewOf: (tools) => guidanceView(tools, context.env.actionStyle, net.guidance), onStep: (s) => (state.history = s.history) }));
          // An episode ended by the window (undefined) counts as a failed trial.
          const label = c.training?.label?.length ? c.training.label : outcome?.success ? predictedPath(state.history) : undefined;
          const among = labelled.length > 0 ? edges : edgesAmong(net, predictedPath(state.history));
          recordAttempt(net, pools, context.goal, state.history, label, among, variant);
        }
        net.updateWeights();
        await refine(net, [...new Set(sampled.flatMap((e) => [e.a, e.b]))], pools, first);
      }
      if (variant.dependency) net.pruneDependencies();
    },
    runTask(context) {
      return runReactLoop(context, { viewOf: (tools) => guidanceView(tools, context.env.actionStyle, network?.guidance ?? new Map()) });
    },
    snapshot: () => network?.snapshot(),
  };
}

/** The network's edges between tools of `tools` (both ends used). */
function edgesAmong(network: ToolNetwork, tools: string[]): NetworkEdge[] {
  const used = new Set(tools);
  return network.edges.filter((e) => used.has(e.a) && used.has(e.b));
}

const spec = (meta: StrategyMeta, variant: Variant): StrategySpec => ({ ...meta, create: (params) => toolExpNet(params, variant) });

export const toolexpnetSpec = spec(toolexpnetMeta, { similarity: true, dependency: true, trials: true });
export const toolexpnetNoEsSpec = spec(toolexpnetNoEsMeta, { similarity: false, dependency: true, trials: true });
export const toolexpnetNoEdSpec = spec(toolexpnetNoEdMeta, { similarity: true, dependency: false, trials: true });
export const toolexpnetNoTrialSpec = spec(toolexpnetNoTrialMeta, { similarity: true, dependency: true, trials: false });
