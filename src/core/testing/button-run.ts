import type { RunDependencies } from '../run/run-dependencies';
import type { ModelProvider } from '../llm/model-provider';
import { buttonDataset, buttonSpec } from './button-env';
import { STRATEGIES } from '../strategies';
import { SIM_PRESETS } from '../llm/sim/presets';
import { SimLM } from '../llm/sim/sim-lm';
import { ChatTokenCounter } from '../llm/token-counter';
import { LexicalEmbedder } from '../embed/lexical-embedder';

/** Words as tokens: fast, and enough for tests that compare runs with each other. */
const counter = new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length });

/** SimLM's small preset over the word counter. */
export const simSmallWords: ModelProvider = {
  id: 'sim:small',
  label: 'Simulated small',
  simulated: true,
  forTask: ({ advisor, seed, modelSeed, embedder }) => new SimLM(SIM_PRESETS.small, { advisor, seed, modelSeed, embedder }, counter),
};

/** What runMatrix needs to run the button environment (12 tasks) with SimLM small and the lexical embedder. */
export function buttonRunDeps(extra: Partial<RunDependencies> = {}): RunDependencies {
  return {
    envs: { buttons: buttonSpec },
    strategies: STRATEGIES,
    datasets: { buttons: buttonDataset(12) },
    models: simSmallWords,
    embedderFor: () => new LexicalEmbedder(),
    ...extra,
  };
}
