import type { ModelProvider, TaskBinding } from '../model-provider';
import { ChatTokenCounter } from '../token-counter';
import { loadQwenTokenizer } from '../qwen-tokenizer';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { ConfigError } from '../../errors';
import { SIM_PRESETS } from './presets';
import { SimLM } from './sim-lm';
import { toolDocLine } from '../prompts/tool-listing';

/** SimLM for every task of a run, with one preset. Token counts use the Qwen2.5 tokenizer. */
export async function createSimProvider(presetId: string): Promise<ModelProvider> {
  const preset = SIM_PRESETS[presetId];
  if (!preset) throw new ConfigError(`Unknown SimLM preset "${presetId}". Known: ${Object.keys(SIM_PRESETS).join(', ')}.`);
  const counter = new ChatTokenCounter(await loadQwenTokenizer());
  // SimLM's relevance scores use a lexical embedder fitted on each environment's tool docs.
  const embedders = new Map<string, LexicalEmbedder>();
  return {
    id: `sim:${preset.id}`,
    label: `Simulated model: ${preset.label}`,
    simulated: true,
    forTask(binding: TaskBinding) {
      const tools = binding.env.tools();
      let embedder = embedders.get(binding.env.id);
      if (!embedder) {
        embedder = new LexicalEmbedder(tools.map((tool) => toolDocLine(tool, binding.env.actionStyle)));
        embedders.set(binding.env.id, embedder);
      }
      return new SimLM(preset, { expert: binding.expert, tools, style: binding.env.actionStyle, goal: binding.goal, seed: binding.seed }, counter, embedder);
    },
  };
}
