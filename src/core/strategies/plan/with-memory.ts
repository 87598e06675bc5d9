import type { StrategyContext, StrategySpec } from '../strategy';
import type { MemoryItem } from './plan-prompt';
import { ConfigError } from '../../errors';
import { NO_TOOL, isPlanEnvironment } from '../../plan-guided';
import { cosines } from '../../embed/cosine';
import { withMemoryMeta } from './with-memory-meta';
import { learningEpisode } from '../common/learning-episode';

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
    ...withMemoryMeta(base),
    create(params) {
      const inner = base.create(params);
      const stored: StoredItem[] = [];
      // Recall is a pure function of the substep text while the memory holds still (retries,
      // branches and samples ask again for the same substep); learning clears it.
      const recalled = new Map<string, MemoryItem[]>();
      return {
        async learn(training) {
          recalled.clear();
          for await (const context of training) {
            if (!isPlanEnvironment(context.env)) throw new ConfigError(`${base.label} with memory runs on plan-guided environments (SLATE) only.`);
            await learningEpisode(context, () => inner.runTask(context));
            const substeps = context.env.substeps();
            const kept = context.env.trajectory().filter((e) => e.ok && e.action.tool !== NO_TOOL);
            const texts = kept.map((e) => substeps.find((s) => s.step === e.step)?.description ?? '');
            const vectors = await context.embedder.embed(texts);
            kept.forEach((e, i) => stored.push({ substep: texts[i], tool: e.action.tool, args: e.action.args, vector: vectors[i] }));
          }
        },
        runTask(context: StrategyContext) {
          const recall = async (substep: string) => {
            const known = recalled.get(substep);
            if (known) return known.map((item) => ({ ...item }));
            const [query] = await context.embedder.embed([substep]);
            const scores = cosines(
              query,
              stored.map((item) => item.vector),
            );
            const found = stored
              .map((item, i) => ({ item, score: scores[i] }))
              .filter(({ score }) => score > 0.2)
              .sort((a, b) => b.score - a.score)
              .slice(0, params.memoryK)
              .map(({ item: { substep: text, tool, args } }) => ({ substep: text, tool, args }));
            recalled.set(substep, found);
            return found.map((item) => ({ ...item }));
          };
          return inner.runTask({ ...context, recall });
        },
      };
    },
  };
}
