import type { Dataset } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { StrategyContext, StrategyInstance } from '../strategies/strategy';
import type { RunDependencies } from './run-dependencies';
import type { LearningRecord } from './results';
import { prepareTask, type PreparedTask } from './task-context';
import { selectTasks } from './select-tasks';
import { CancelledError } from '../errors';
import { yieldToEventLoop } from './yield';
import type { PromptLayout } from '../llm/prompts/prompt-layout';
import type { MeterWindow } from '../llm/metered-model';
import type { ListingPlan } from '../strategies/common/listed-tools';

/**
 * Runs a strategy's learning phase on every task of the training split (never the test split),
 * and reports its cost apart from the scored tasks.
 */
export async function learn(
  instance: StrategyInstance,
  where: { envId: string; strategyId: string; seed: number; spec: EnvSpec; dataset: Dataset; deps: RunDependencies; report: (text: string) => void; temperature?: number; layout?: PromptLayout; window?: MeterWindow; listing?: ListingPlan },
): Promise<LearningRecord> {
  const { envId, strategyId, seed, spec, dataset, deps, report, temperature, layout, window, listing } = where;
  const tasks = selectTasks(dataset, 'train', Number.MAX_SAFE_INTEGER);
  const record: LearningRecord = { env: envId, strategy: strategyId, seed, tasks: tasks.length, llmCalls: 0, promptTokens: 0, completionTokens: 0, ms: 0 };
  const started = performance.now();
  // A strategy may hold on to contexts and use them later (ToolExpNet's iterations), so the meters
  // are read once learning is over.
  const models: PreparedTask['model'][] = [];
  async function* contexts(): AsyncGenerator<StrategyContext> {
    for (const [index, task] of tasks.entries()) {
      await yieldToEventLoop();
      if (deps.signal?.aborted) throw new CancelledError();
      const prepare = (): StrategyContext => {
        const { context, model } = prepareTask(spec, dataset, task, seed, deps.models, deps.embedderFor(envId), () => {}, deps.signal, undefined, window, temperature, layout, listing);
        models.push(model);
        return { ...context, training: { label: spec.trainingLabel?.(dataset, task), again: prepare, ...(window ? { checksWindow: true } : {}) } };
      };
      const context = prepare();
      report(`${strategyId} learning on ${task.id} (training ${index + 1}/${tasks.length})`);
      yield context;
    }
  }
  await instance.learn!(contexts());
  for (const model of models) {
    record.llmCalls += model.tally.calls;
    record.promptTokens += model.tally.promptTokens;
    record.completionTokens += model.tally.completionTokens;
    if (window) {
      record.contextOverflows = (record.contextOverflows ?? 0) + (model.tally.contextOverflows ?? 0);
      record.trimmedCalls = (record.trimmedCalls ?? 0) + (model.tally.trimmedCalls ?? 0);
    }
  }
  record.ms = performance.now() - started;
  return record;
}
