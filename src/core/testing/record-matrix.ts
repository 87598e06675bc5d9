import type { ChatMessage, ShownOption } from '../llm/language-model';
import type { CallKind } from '../types';
import { ENVIRONMENTS } from '../envs';
import { STRATEGIES } from '../strategies';
import { createSimProvider } from '../llm/sim/sim-provider';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { runMatrix } from '../run/run-matrix';
import { DEFAULT_RUN_CONFIG } from '../run/run-config';
import { bundledDataset } from './record-sim-run';
import type { ModelProvider } from '../llm/model-provider';

/** One request a strategy made of the model, as the model received it. */
export interface RecordedRequest {
  env: string;
  strategy: string;
  kind: CallKind;
  messages: ChatMessage[];
  options?: ShownOption[];
}

/** A provider that records every request (generation and choice) before passing it on. */
function recording(inner: ModelProvider, env: string, strategy: { id: string }, out: RecordedRequest[]): ModelProvider {
  return {
    ...inner,
    forTask(binding) {
      const model = inner.forTask(binding);
      return {
        id: model.id,
        label: model.label,
        simulated: model.simulated,
        generate(request) {
          out.push({ env, strategy: strategy.id, kind: request.kind, messages: request.messages, options: request.options });
          return model.generate(request);
        },
        choiceDistribution: model.choiceDistribution
          ? (request) => {
              out.push({ env, strategy: strategy.id, kind: 'logits', messages: request.messages, options: request.options });
              return model.choiceDistribution!(request);
            }
          : undefined,
      };
    },
  };
}

/**
 * Every request of a small run of each strategy on each bundled environment it runs on (SimLM
 * small, lexical embedder, `tasks` test tasks, one seed), learning phases on `trainTasks` training tasks included (tests only).
 */
export async function recordMatrixRequests(
  options: { tasks?: number; envs?: string[]; strategies?: string[]; trainTasks?: number } = {},
): Promise<RecordedRequest[]> {
  const { tasks = 2, envs: envIds = Object.keys(ENVIRONMENTS), strategies = Object.keys(STRATEGIES), trainTasks = 3 } = options;
  const sim = await createSimProvider('small');
  const out: RecordedRequest[] = [];
  for (const envId of envIds) {
    const spec = ENVIRONMENTS[envId];
    // A few training tasks are enough to record the learners' prompts (learning reads the whole split).
    const full = bundledDataset(spec);
    const train = full.tasks.filter((task) => task.split === 'train').slice(0, trainTasks);
    const dataset = { ...full, tasks: [...full.tasks.filter((task) => task.split === 'test'), ...train] };
    const embedder = new LexicalEmbedder();
    for (const strategy of strategies.map((id) => STRATEGIES[id])) {
      if (Boolean(strategy.planGuidedOnly) !== Boolean(spec.planGuided) && (strategy.planGuidedOnly || !spec.planGuided)) continue;
      const id = { id: strategy.id };
      await runMatrix(
        { ...DEFAULT_RUN_CONFIG, envs: [envId], strategies: [strategy.id], tasks },
        { envs: ENVIRONMENTS, strategies: STRATEGIES, datasets: { [envId]: dataset }, models: recording(sim, envId, id, out), embedderFor: () => embedder },
      );
    }
  }
  return out;
}
