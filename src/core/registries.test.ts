import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from '../../test/fixtures/source-files';
import { reachableFiles } from '../../test/fixtures/import-graph';
import { ENV_REGISTRY } from './envs/registry';
import { STRATEGY_REGISTRY } from './strategies/registry';
import { ENV_CATALOG } from './envs/catalog';
import { STRATEGY_CATALOG } from './strategies/catalog';
import { ENVIRONMENTS } from './envs';
import { STRATEGIES } from './strategies';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const REGISTRIES = ['core/envs/registry', 'core/strategies/registry'];

/** The source files (tests aside) that import a registry, by path under src/. */
function registryImporters(): string[] {
  const path = (file: string) => relative(src, file).split(sep).join('/');
  return sourceFiles(src, /\.tsx?$/)
    .filter((file) => !file.endsWith('.test.ts'))
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"](\.[^'"]*)['"]/g)].some((match) => REGISTRIES.includes(path(join(dirname(file), match[1].replace(/\.ts$/, ''))))),
    )
    .map(path)
    .sort();
}

describe('the registries (one list per kind: envs/registry.ts, strategies/registry.ts)', () => {
  for (const [kind, registry, catalog, loaded] of [
    ['environment', ENV_REGISTRY, ENV_CATALOG, ENVIRONMENTS],
    ['strategy', STRATEGY_REGISTRY, STRATEGY_CATALOG, STRATEGIES],
  ] as const) {
    it(`should give each ${kind} a kebab-case id of its own`, () => {
      const ids = registry.map((entry) => entry.meta.id);
      for (const id of ids) expect(id, id).toMatch(ID);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it(`should be what the ${kind} catalogue and the loaded specs list, in its order`, () => {
      const ids = registry.map((entry) => entry.meta.id);
      expect(Object.keys(catalog)).toEqual(ids);
      expect(Object.keys(loaded)).toEqual(ids);
    });

    it(`should load for each ${kind} the spec of its own metadata: the metadata plus code`, () => {
      for (const entry of registry) {
        const spec = loaded[entry.meta.id] as unknown as Record<string, unknown>;
        const meta = Object.fromEntries(Object.entries(spec).filter(([key]) => Object.hasOwn(entry.meta, key)));
        expect(meta, entry.meta.id).toEqual(entry.meta);
        // What the spec adds is code: functions, or objects of them (an advisor).
        const added = Object.entries(spec).filter(([key]) => !Object.hasOwn(entry.meta, key));
        for (const [key, value] of added) expect(typeof value === 'function' || Object.values(value as object).some((v) => typeof v === 'function'), `${entry.meta.id}.${key}`).toBe(true);
      }
    });
  }

  it("should keep the index.ts files' top-level await out of the worker, whose bundle it would hang: the worker loads through the registries", () => {
    const loaded = reachableFiles(join(src, 'worker', 'runner-worker.ts')).map((file) => relative(src, file).split(sep).join('/'));
    expect(loaded).toContain('core/strategies/registry.ts');
    expect(loaded.filter((file) => file === 'core/strategies/index.ts' || file === 'core/envs/index.ts')).toEqual([]);
  });

  it("should be read by the catalogues, the runner and Node's index.ts only: the page's main thread never calls `load`", () => {
    expect(registryImporters()).toEqual(['core/envs/catalog.ts', 'core/envs/index.ts', 'core/run/runner.ts', 'core/strategies/catalog.ts', 'core/strategies/index.ts']);
  });
});
