import type { StrategyContext, StrategySpec } from '../strategy';
import type { MemoryItem } from './plan-prompt';
import { ConfigError } from '../../errors';
import { NO_TOOL, isPlanEnvironment } from '../../plan-guided';
import { cosine } from '../../embed/cosine';

/** A remembered step with the embedding of its substep text. */
interface StoredItem extends MemoryItem {
  vector: Float32Array;
}

/**
 * The with-memory variant of a plan-guided strategy (EGB paper, Table 5): it first runs the plain
 * strategy on the training split and keeps the executed substeps whose calls the simulator
 * matched; on each test substep the `k` most similar remembered steps appear in the prompt, and
 * their tools join the candidates.
 */
export function withMemory(base: StrategySpec): StrategySpec {
  return {
    ...base,
    id: `${base.id}-memory`,
    label: `${base.label} with memory`,
    paper: `${base.paper}; memory of training-split traces (EGB Table 5)`,
    description: `${base.description} Remembers matched steps from the training split and shows the most similar ones.`,
    planGuidedOnly: true,
    // Its memory is learned first and read in task order, as the run's other learners are.
    independentTasks: false,
    params: [...base.params, { key: 'memoryK', label: 'Remembered steps shown', default: 3, min: 1, max: 10, step: 1, source: 'our choice; EGB Table 5 retrieves traces as memory' }],
    create(params) {
      const inner = base.create(params);
      const stored: StoredItem[] = [];
      return {
        async learn(training) {
          for await (const context of training) {
            if (!isPlanEnvironment(context.env)) throw new ConfigError(`${base.label} with memory runs on plan-guided environments (SLATE) only.`);
            await inner.runTask(context);
            const substeps = context.env.substeps();
            const kept = context.env.trajectory().filter((e) => e.ok && e.action.tool !== NO_TOOL);
            const texts = kept.map((e) => substeps.find((s) => s.step === e.step)?.description ?? '');
            const vectors = await context.embedder.embed(texts);
            kept.forEach((e, i) => stored.push({ substep: texts[i], tool: e.action.tool, args: e.action.args, vector: vectors[i] }));
          }
        },
        runTask(context: StrategyContext) {
          const recall = async (substep: string) => {
            const [query] = await context.embedder.embed([substep]);
            return stored
              .map((item) => ({ item, score: cosine(query, item.vector) }))
              .filter(({ score }) => score > 0.2)
              .sort((a, b) => b.score - a.score)
              .slice(0, params.memoryK)
              .map(({ item: { substep: text, tool, args } }) => ({ substep: text, tool, args }));
          };
          return inner.runTask({ ...context, recall });
        },
      };
    },
  };
}
