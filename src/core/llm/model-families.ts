import { SIM_PRESETS, type SimPreset } from './sim/presets';
import { SIM_WINDOWS, type ContextWindow } from './context-window';
import { OPENAI_PREFIX, parseOpenAiId } from './openai/openai-id';
import { serverLabel } from './openai/server-label';
import { WEBLLM_PREFIX, modelLabel, webllmModelOf } from './webllm/model-catalog';
import { WLLAMA_PREFIX, wllamaLabel } from './wllama/wllama-id';

export const SIM_PREFIX = 'sim:';
/** A GGUF file run in process by llama.cpp (node-llama-cpp): `llama:<path to .gguf>`, Node only. */
export const LLAMA_PREFIX = 'llama:';

/** The kinds of model a run can use, like STRATEGIES for strategies: each owns its id prefix. */
export interface ModelFamily {
  id: 'sim' | 'webllm' | 'wllama' | 'openai' | 'llama';
  /** Model ids of the family start with it: `sim:small`, `webllm:<model>`, `wllama:<file.gguf or URL>`, `openai:<base URL>#<model>`, `llama:<file.gguf>`. */
  prefix: string;
  /** Runs in the page only (WebGPU, or a file picked in the page). */
  pageOnly: boolean;
  /** Runs in Node only (the CLI and tests: its engine is a native addon that reads a local file). */
  nodeOnly?: boolean;
  /**
   * Many workers may each run their share of a run (a pool): true where every worker can hold its
   * own copy of the model; false for one GPU engine or one server with its own request limit.
   */
  poolable: boolean;
  /** A label for the page and the CLI, saying plainly when the model is simulated. */
  describe(modelId: string): { label: string; simulated: boolean };
}

export const MODEL_FAMILIES: Record<ModelFamily['id'], ModelFamily> = {
  sim: {
    id: 'sim',
    prefix: SIM_PREFIX,
    pageOnly: false,
    poolable: true,
    describe: (modelId) => {
      const preset = simPresetOf(modelId);
      return { label: preset ? `Simulated model: ${preset.label}` : modelId, simulated: true };
    },
  },
  webllm: {
    id: 'webllm',
    prefix: WEBLLM_PREFIX,
    pageOnly: true,
    poolable: false,
    describe: (modelId) => ({ label: `WebLLM: ${modelLabel(webllmModelOf(modelId) ?? '')}`, simulated: false }),
  },
  wllama: {
    id: 'wllama',
    prefix: WLLAMA_PREFIX,
    pageOnly: true,
    // One engine in the worker that holds the picked file; its threads are its own parallelism.
    poolable: false,
    describe: (modelId) => ({ label: wllamaLabel(modelId), simulated: false }),
  },
  openai: {
    id: 'openai',
    prefix: OPENAI_PREFIX,
    pageOnly: false,
    poolable: false,
    describe: (modelId) => {
      try {
        return { label: serverLabel(parseOpenAiId(modelId)), simulated: false };
      } catch {
        return { label: modelId, simulated: false };
      }
    },
  },
  llama: {
    id: 'llama',
    prefix: LLAMA_PREFIX,
    pageOnly: false,
    nodeOnly: true,
    poolable: false,
    describe: (modelId) => ({ label: `llama.cpp: ${modelId.slice(LLAMA_PREFIX.length).split(/[\\/]/).pop() || modelId}`, simulated: false }),
  },
};

/** The family a model id belongs to, by its prefix; undefined for an id of none. */
export function familyOf(modelId: string): ModelFamily | undefined {
  return Object.values(MODEL_FAMILIES).find((family) => modelId.startsWith(family.prefix));
}

/** The SimLM preset a `sim:` id names (own keys only: `sim:constructor` names none). */
export function simPresetOf(modelId: string): SimPreset | undefined {
  if (!modelId.startsWith(SIM_PREFIX)) return undefined;
  const name = modelId.slice(SIM_PREFIX.length);
  return Object.hasOwn(SIM_PRESETS, name) ? SIM_PRESETS[name] : undefined;
}

/** The context window of a SimLM model id's class (`SIM_WINDOWS`); undefined for any other model. */
export function simWindowOf(modelId: string): ContextWindow | undefined {
  const preset = simPresetOf(modelId);
  return preset && Object.hasOwn(SIM_WINDOWS, preset.id) ? SIM_WINDOWS[preset.id] : undefined;
}

export const isSimModel = (modelId: string) => familyOf(modelId)?.id === 'sim';

/** How a model id reads on the page: its family's label, else the id itself. */
export function describeModel(modelId: string): { label: string; simulated: boolean } {
  return familyOf(modelId)?.describe(modelId) ?? { label: modelId, simulated: false };
}
