import { ConfigError } from '../../errors';
import { webllmWindowOf, windowMemoryOf, type WindowMemory } from './window-options';

export { webllmWindowOf, WEBLLM_DEFAULT_WINDOW } from './window-options';

/** A web-llm `ModelRecord` (an entry of `AppConfig.model_list`), the fields the page uses. */
export interface ModelRecordLike {
  model: string;
  model_id: string;
  model_lib: string;
  vram_required_MB?: number;
  low_resource_required?: boolean;
  required_features?: string[];
  /** web-llm's ModelType: 0 LLM, 1 embedding, 2 VLM. */
  model_type?: number;
  overrides?: Record<string, unknown>;
}

/** One model the picker offers. */
export interface CatalogModel {
  id: string;
  label: string;
  vramMB: number | undefined;
  needsShaderF16: boolean;
  lowResource: boolean;
  /** The context window the model runs with (`webllmWindowOf` its record), shown in the picker. */
  window: { tokens: number; source: string };
  /** GPU memory per token of window, where web-llm's records show it (`windowMemoryOf`). */
  memory?: WindowMemory;
}

/** Run configs name a WebLLM model `webllm:<web-llm model id>`. */
export const WEBLLM_PREFIX = 'webllm:';

/** The web-llm model id of a run's model id, or undefined for other models (SimLM). */
export function webllmModelOf(modelId: string): string | undefined {
  return modelId.startsWith(WEBLLM_PREFIX) ? modelId.slice(WEBLLM_PREFIX.length) : undefined;
}

/** Runs without `shader-f16` and is about 1 GB of VRAM (web-llm 0.2.86, docs/sources.md). */
export const DEFAULT_WEBLLM_MODEL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';

/** Small enough for a laptop GPU; larger prebuilt models are left out of the picker. */
export const MAX_PICKER_VRAM_MB = 4096;

const CHAT = /instruct|chat|-it\b|-it-|zephyr/i;
const NOT_GENERAL = /coder|math|embed|vision|-vl-|hermes/i;

/** f16 builds need the WebGPU `shader-f16` feature, even where the record does not list it. */
export function needsShaderF16(record: Pick<ModelRecordLike, 'model_id' | 'required_features'>): boolean {
  return (record.required_features ?? []).includes('shader-f16') || /q[04]f16/.test(record.model_id);
}

/** "Qwen2.5-0.5B-Instruct-q4f32_1-MLC" -> "Qwen2.5 0.5B Instruct (q4f32_1)". */
export function modelLabel(modelId: string): string {
  const match = /^(.*?)-(q\d+f\d+(?:_\d+)?)-MLC(?:-(\w+))?$/.exec(modelId);
  if (!match) return modelId;
  const [, name, quantization, variant] = match;
  return `${name.replace(/-/g, ' ')} (${quantization}${variant ? `, ${variant} context` : ''})`;
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

/** The small instruct chat models of a `model_list`, smallest first. */
export function chatModelCatalog(modelList: readonly ModelRecordLike[], maxVramMB = MAX_PICKER_VRAM_MB): CatalogModel[] {
  return modelList
    .filter((r) => (r.model_type ?? 0) === 0 && CHAT.test(r.model_id) && !NOT_GENERAL.test(r.model_id))
    .filter((r) => r.vram_required_MB === undefined || r.vram_required_MB <= maxVramMB)
    .map((r) => ({
      id: r.model_id,
      label: modelLabel(r.model_id),
      vramMB: r.vram_required_MB,
      needsShaderF16: needsShaderF16(r),
      lowResource: r.low_resource_required === true,
      window: webllmWindowOf(r),
      ...optional('memory', windowMemoryOf(r, modelList)),
    }))
    .sort((a, b) => (a.vramMB ?? Infinity) - (b.vramMB ?? Infinity) || a.id.localeCompare(b.id));
}

/** The default model when offered, else the smallest one the GPU can run. */
export function defaultCatalogModel(catalog: readonly CatalogModel[], shaderF16: boolean): CatalogModel | undefined {
  const runnable = catalog.filter((m) => shaderF16 || !m.needsShaderF16);
  return runnable.find((m) => m.id === DEFAULT_WEBLLM_MODEL) ?? runnable[0];
}

/** What a self-hosted model needs. */
export interface CustomModelSpec {
  id: string;
  /** The model folder (web-llm reads `<model>/resolve/main/...`), absolute or relative to `base`. */
  modelUrl: string;
  /** The compiled model library (`.wasm`), absolute or relative to `base`. */
  modelLibUrl: string;
  /** The page's origin or address, for relative URLs: the worker passes `location.origin`. */
  base?: string;
  vramMB?: number;
  needsShaderF16?: boolean;
}

function absoluteUrl(url: string, base: string | undefined, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new ConfigError(`The ${what} "${url}" is not an absolute URL. Write it in full (https://...), or give the page address to resolve it against.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ConfigError(`The ${what} "${url}" must be an http(s) URL.`);
  return parsed.href;
}

/**
 * A `model_list` entry for a self-hosted model. web-llm needs an absolute `model` URL and looks
 * files up under `resolve/main/` of it (web-llm 0.2.86, docs/sources.md).
 */
export function customModelRecord(spec: CustomModelSpec): ModelRecordLike {
  const id = spec.id.trim();
  if (!id) throw new ConfigError('A self-hosted model needs an id.');
  const model = absoluteUrl(spec.modelUrl, spec.base, 'model URL');
  const modelLib = absoluteUrl(spec.modelLibUrl, spec.base, 'model library URL');
  if (!/\.wasm$/i.test(new URL(modelLib).pathname)) throw new ConfigError(`The model library "${spec.modelLibUrl}" should be the compiled .wasm file.`);
  const f16 = spec.needsShaderF16 ?? needsShaderF16({ model_id: id });
  return {
    model,
    model_id: id,
    model_lib: modelLib,
    ...(spec.vramMB !== undefined ? { vram_required_MB: spec.vramMB } : {}),
    ...(f16 ? { required_features: ['shader-f16'] } : {}),
  };
}

/** The list with `record` added, replacing an entry of the same id. */
export function withModelRecord<T extends ModelRecordLike>(modelList: readonly T[], record: T): T[] {
  return [...modelList.filter((r) => r.model_id !== record.model_id), record];
}
