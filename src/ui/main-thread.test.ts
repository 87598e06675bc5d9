import { describe, expect, it } from 'vitest';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reachableFiles } from '../../test/fixtures/import-graph';

const ui = dirname(fileURLToPath(import.meta.url));
const root = join(ui, '..', '..');
const path = (file: string) => relative(root, file).split(sep).join('/');

/** The registries, whose `load` only the worker calls (src/core/registries.test.ts): their `import()`s are not the page's. */
const lazy = (file: string) => /src[\\/]core[\\/](envs|strategies)[\\/]registry\.ts$/.test(file);

/** The modules of environments and strategies the page may load: the catalogues' metadata, and the snapshot kinds its graphs draw. */
const allowed = new Set([
  ...reachableFiles(join(root, 'src/core/envs/catalog.ts'), lazy).map(path),
  ...reachableFiles(join(root, 'src/core/strategies/catalog.ts'), lazy).map(path),
  'src/core/strategies/snapshots.ts',
]);

describe("the page's main thread", () => {
  it('should load environments and strategies through their catalogues only (their data and code run in the worker), and no test fixture', () => {
    const loaded = reachableFiles(join(ui, 'main.tsx'), lazy).map(path);
    const heavy = loaded.filter((file) => /^src\/core\/(envs|strategies)\//.test(file) && !allowed.has(file));
    expect(heavy).toEqual([]);
    expect(loaded).toContain('src/core/strategies/catalog.ts');
    expect(loaded.filter((file) => file.startsWith('test/'))).toEqual([]);
    expect(allowed.has('src/core/strategies/index.ts') || allowed.has('src/core/envs/index.ts')).toBe(false);
  });
});
