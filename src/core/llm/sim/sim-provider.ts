import type { ModelProvider, TaskBinding } from '../model-provider';
import { ChatTokenCounter } from '../token-counter';
import { loadQwenTokenizer } from '../qwen-tokenizer';
import { ConfigError } from '../../errors';
import { SIM_PRESETS, type SimPreset } from './presets';
import { SimLM } from './sim-lm';
import { SIM_WINDOWS } from '../context-window';
import type { Embedder } from '../../embed/embedder';
import { LexicalEmbedder } from '../../embed/lexical-embedder';

/**
 * The embedder SimLM reads relevance with: the run's, except the lexical one, which a run fits on
 * the environment's data (tool descriptions, training goals) that a request does not show. SimLM
 * reads with the same lexical features unfitted (every feature weighs the same), so what it reads
 * comes from the prompt alone, and serve:sim, which sees only the request, reads the same
 * (issue 25, item 7).
 */
export function simReaderEmbedder(embedder: Embedder): Embedder {
  return embedder.id === 'lexical' ? UNFITTED_LEXICAL : embedder;
}
const UNFITTED_LEXICAL = new LexicalEmbedder();

/**
 * SimLM for every task of a run, with one preset. It gets the task's seeds, the run's embedder and
 * the task's evident key, never the environment or its expert. Token counts use the Qwen2.5 tokenizer.
 */
export async function createSimProvider(presetId: string, override?: SimPreset, options: { constrained?: boolean; window?: number } = {}): Promise<ModelProvider> {
  // Own keys only: "constructor" is not a preset.
  const preset = override ?? (Object.hasOwn(SIM_PRESETS, presetId) ? SIM_PRESETS[presetId] : undefined);
  if (!preset) throw new ConfigError(`Unknown SimLM preset "${presetId}". Known: ${Object.keys(SIM_PRESETS).join(', ')}.`);
  const counter = new ChatTokenCounter(await loadQwenTokenizer());
  const contextWindow = Object.hasOwn(SIM_WINDOWS, preset.id) ? SIM_WINDOWS[preset.id] : undefined;
  return {
    ...(contextWindow ? { contextWindow } : {}),
    id: `sim:${preset.id}`,
    label: `Simulated model: ${preset.label}`,
    simulated: true,
    forTask(binding: TaskBinding) {
      return new SimLM(preset, { seed: binding.seed, modelSeed: binding.modelSeed, embedder: simReaderEmbedder(binding.embedder), key: binding.key, constrained: options.constrained, window: options.window }, counter);
    },
  };
}
