import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_CATALOG } from '../src/core/envs/catalog';
import { DATA_FOLDER, dataGenerators } from './data-generators';

// Issue 27 item 5: a new environment's data come from its folder's generate.ts, found through the
// registry; `npm run generate:data` needs no line of its own for it.
describe('the data generators (npm run generate:data)', () => {
  it('are found for the registered environments, in the registry\'s order, and write exactly the bundled files', async () => {
    const generators = await dataGenerators();
    expect(generators.map((g) => g.id)).toEqual(Object.keys(ENV_CATALOG));
    expect(generators.filter((g) => g.generate).length).toBeGreaterThanOrEqual(4);
    for (const { id, generate } of generators) {
      const meta = ENV_CATALOG[id];
      const wanted = [meta.dataFile, ...Object.values(meta.dataFiles ?? {})];
      if (!generate) {
        // Data from elsewhere: bundled with a note of where they come from and their licence.
        for (const path of wanted) expect(existsSync(join(DATA_FOLDER, path)), `${id}: ${path}`).toBe(true);
        expect(existsSync(join(DATA_FOLDER, dirname(meta.dataFile), 'README.md')), `${id}: where its data come from`).toBe(true);
        continue;
      }
      const { files, summary } = generate();
      expect(summary.length, id).toBeGreaterThan(0);
      expect(Object.keys(files), id).toEqual(expect.arrayContaining(wanted));
      for (const [path, text] of Object.entries(files)) expect(readFileSync(join(DATA_FOLDER, path), 'utf8') === text, `${path} differs: run npm run generate:data -- ${id}`).toBe(true);
    }
  });
});
