/**
 * Each registered environment's data generator: its folder's `generate.ts` (`generateData`), found
 * by the environment's id in the registry's order (ENV_CATALOG), so a new environment's data need no
 * script of their own and no line in package.json. An environment without one bundles data from
 * elsewhere (RestBench's Spotify set).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENV_CATALOG } from '../src/core/envs/catalog';
import type { GeneratedData } from '../src/core/envs/env-spec';

/** Where an environment's generator is: `src/core/envs/<id>/generate.ts`. */
export function generatorFile(id: string): string {
  return fileURLToPath(new URL(`../src/core/envs/${id}/generate.ts`, import.meta.url));
}

/** The registered environments, each with its generator where it has one. */
export async function dataGenerators(): Promise<{ id: string; generate?: () => GeneratedData }[]> {
  return Promise.all(
    Object.keys(ENV_CATALOG).map(async (id) => {
      const file = generatorFile(id);
      if (!existsSync(file)) return { id };
      const module = (await import(file)) as { generateData?: () => GeneratedData };
      if (typeof module.generateData !== 'function') throw new Error(`${file} must export generateData() (see GeneratedData in src/core/envs/env-spec.ts).`);
      return { id, generate: module.generateData };
    }),
  );
}

/** The folder the bundled data are written to and read from. */
export const DATA_FOLDER = fileURLToPath(new URL('../public/data/', import.meta.url));
