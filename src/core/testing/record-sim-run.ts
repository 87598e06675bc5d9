import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dataset, Task } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { ChatMessage, LanguageModel, ShownOption } from '../llm/language-model';
import type { ModelProvider } from '../llm/model-provider';
import type { SimPreset } from '../llm/sim/presets';
import { createSimProvider } from '../llm/sim/sim-provider';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { prepareTask } from '../run/task-context';
import { STRATEGIES, withDefaults } from '../strategies';

const DATA = fileURLToPath(new URL('../../../public/data/', import.meta.url));

/** A bundled dataset read from `public/data/` in Node (tests only). */
export function bundledDataset(spec: EnvSpec): Dataset {
  const read = (file: string) => JSON.parse(readFileSync(DATA + file, 'utf8'));
  if (spec.dataFiles) return spec.parse(Object.fromEntries(Object.entries(spec.dataFiles).map(([name, file]) => [name, read(file)])));
  return spec.parse(read(spec.dataFile));
}

/** One model call as the model saw and answered it. */
export interface RecordedCall {
  kind: string;
  messages: ChatMessage[];
  options?: ShownOption[];
  reply: string;
}

/** Wraps a provider so every generate call is recorded; `rewrite` may change a request's messages first (paraphrase tests). */
export function recordingProvider(inner: ModelProvider, calls: RecordedCall[], rewrite?: (messages: ChatMessage[]) => ChatMessage[]): ModelProvider {
  return {
    ...inner,
    forTask(binding) {
      const model = inner.forTask(binding);
      const recorded: LanguageModel = {
        id: model.id,
        label: model.label,
        simulated: model.simulated,
        choiceDistribution: model.choiceDistribution?.bind(model),
        async generate(request) {
          const messages = rewrite ? rewrite(request.messages) : request.messages;
          const result = await model.generate({ ...request, messages });
          calls.push({ kind: request.kind, messages, options: request.options, reply: result.text });
          return result;
        },
      };
      return recorded;
    },
  };
}

/** Runs one strategy on one task with SimLM and returns every model call, in order. */
export async function recordSimRun(
  spec: EnvSpec,
  dataset: Dataset,
  task: Task,
  options: { strategy?: string; seed?: number; preset?: string; override?: SimPreset; rewrite?: (messages: ChatMessage[]) => ChatMessage[] } = {},
): Promise<RecordedCall[]> {
  const calls: RecordedCall[] = [];
  const provider = recordingProvider(await createSimProvider(options.preset ?? 'small', options.override), calls, options.rewrite);
  const embedder = new LexicalEmbedder();
  const { context } = prepareTask(spec, dataset, task, options.seed ?? 1, provider, embedder, () => {});
  const strategy = STRATEGIES[options.strategy ?? 'react'];
  await strategy.create(withDefaults(strategy)).runTask(context);
  return calls;
}
