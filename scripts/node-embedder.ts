import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbedderLoader } from '../src/core/run/runner';
import type { EmbedderEntry } from '../src/core/embed/embedder-catalog';
import { EMBEDDERS } from '../src/core/embed/embedder-catalog';
import { ConfigError } from '../src/core/errors';
import { loadExtractor } from '../src/core/embed/transformers-extractor';

/** The repository's `public/models/` folder, where the bundled transformers.js models live. */
export const MODELS_DIR = fileURLToPath(new URL('../public/models/', import.meta.url));

/**
 * The catalog entry of an embedder the bench may use: `lexical` or a bundled model. Hub models
 * would need the network, which the bench never uses, so they are refused with the reason.
 */
export function benchEmbedderEntry(id: string): EmbedderEntry {
  const entry = EMBEDDERS[id];
  const allowed = Object.values(EMBEDDERS).filter((e) => e.source !== 'hub').map((e) => e.id);
  if (!entry) throw new ConfigError(`Unknown embedder "${id}". The bench offers: ${allowed.join(', ')}.`);
  if (entry.source === 'hub') throw new ConfigError(`"${id}" is a hub model (${entry.model}), downloaded from the network; the bench runs offline. Use one of: ${allowed.join(', ')}.`);
  return entry;
}

/**
 * Loads a bundled embedding model in Node: a table lookup in JavaScript where its graph is one
 * (onnx-bag.ts), else transformers.js on onnxruntime-node (`cpu`); from
 * `public/models/`, never from the network. The runner's device (`wasm` or `webgpu`, the page's
 * runtimes) does not apply in Node; the embedder's label says where it ran.
 */
export const loadNodeEmbedder: EmbedderLoader = async (entry, _device, onProgress) => {
  if (entry.source === 'hub') benchEmbedderEntry(entry.id); // throws, saying why
  if (entry.source !== 'bundled' || !entry.model) throw new ConfigError(`"${entry.id}" is not a bundled model.`);
  const model = entry.model;
  const extract = await loadExtractor({ model, dtype: entry.dtype ?? 'fp32', device: 'cpu', localModelPath: MODELS_DIR, allowRemote: false, onProgress, readModelFile: async (file) => new Uint8Array(await readFile(join(MODELS_DIR, model, file))) });
  return extract.runtime ? extract : Object.assign(extract, { runtime: 'onnxruntime-node (cpu)' });
};
