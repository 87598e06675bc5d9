import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from '../../test/fixtures/source-files';
import { reachableFiles } from '../../test/fixtures/import-graph';

const core = dirname(fileURLToPath(import.meta.url));

/** A module specifier as a static import, an export-from or a dynamic `import()` names it. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

const FORBIDDEN = [
  { pattern: /^(react|react-dom|zustand|recharts|@xyflow\/react|comlink|idb-keyval)(\/|$)/, why: 'a UI or browser library' },
  { pattern: /^\.\.\/.*\b(ui|worker|backends)\//, why: 'another layer' },
  { pattern: /^\.\.\/.*\btest\/fixtures\//, why: 'a test fixture (test/fixtures/ serves tests only)' },
];
const GLOBALS = [
  { pattern: /\b(document|window|localStorage|indexedDB)\./, why: 'the DOM' },
  { pattern: /\bfetch\(/, why: 'the network (data comes in through the runner)' },
];

/**
 * The folders of src/core from the bottom up: each may import the ones before it, never one
 * after (the files at the root, such as types.ts, are the contracts everything shares).
 */
const ORDER = ['embed', 'llm', 'envs', 'key', 'strategies', 'run'];

/**
 * The catalogues the page's main thread reads, and the modules they may load: metadata only (each
 * folder's `meta.ts`, `*-meta.ts` helpers, the registry that lists them, and plain settings they
 * share), never an environment's data or a strategy's code, which run in the worker. A registry's
 * `load` (a dynamic `import()`) is called by the worker's `index.ts` alone (registries.test.ts).
 */
const CATALOGUES = ['envs/catalog.ts', 'strategies/catalog.ts'];
const META_MODULE = /(^|\/)(meta|catalog|registry)\.ts$|-meta\.ts$/;
const REGISTRY = /(^|[\\/])registry\.ts$/;
// Plain data the metas share: the plan-guided settings, and the papers' titles their metrics cite.
const META_SETTINGS = ['strategies/plan/plan-settings.ts', 'paper-titles.ts'];

function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]);
}

/** The src/core folder a file is in ('' for the root files). */
function folderOf(file: string): string {
  const parts = relative(core, file).split(sep);
  return parts.length > 1 ? parts[0] : '';
}

const files = sourceFiles(core, /\.tsx?$/).filter((file) => !file.endsWith('.test.ts'));

describe('src/core', () => {
  it('should stay free of the DOM, React and the other layers, dynamic import() included (docs/architecture.md)', () => {
    const problems = sourceFiles(core, /\.tsx?$/).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const imported = specifiers(text).flatMap((name) => FORBIDDEN.filter((rule) => rule.pattern.test(name)).map((rule) => `${relative(core, file)} imports ${name}: ${rule.why}`));
      const used = GLOBALS.filter((rule) => rule.pattern.test(text)).map((rule) => `${relative(core, file)} uses ${rule.why}`);
      return [...imported, ...used];
    });
    expect(problems).toEqual([]);
  });

  it(`should import only downward between its folders (${ORDER.join(' < ')}), so no two folders import each other`, () => {
    const problems = files.flatMap((file) => {
      const from = folderOf(file);
      return specifiers(readFileSync(file, 'utf8'))
        .filter((name) => name.startsWith('.'))
        .flatMap((name) => {
          const target = join(dirname(file), name);
          if (!target.startsWith(core)) return [];
          const to = folderOf(target.endsWith('.ts') || target.endsWith('.json') ? target : `${target}.ts`);
          const up = from !== '' && to !== '' && to !== from && ORDER.indexOf(to) > ORDER.indexOf(from);
          return up ? [`${relative(core, file)} (${from}) imports ${name} (${to})`] : [];
        });
    });
    expect(problems).toEqual([]);
  });

  it('should keep the catalogues to metadata: they load meta modules only, no environment data or strategy code', () => {
    const problems = CATALOGUES.flatMap((catalogue) =>
      reachableFiles(join(core, catalogue), (file) => REGISTRY.test(file))
        .map((file) => relative(core, file).split(sep).join('/'))
        .filter((file) => !META_MODULE.test(file) && !META_SETTINGS.includes(file))
        .map((file) => `${catalogue} loads ${file}: move what it needs into a meta.ts, or import it with \`import type\``),
    );
    expect(problems).toEqual([]);
  });

  it('should keep types.ts free of imports, so the shared contracts form no cycle with the folders that use them', () => {
    expect(specifiers(readFileSync(join(core, 'types.ts'), 'utf8'))).toEqual([]);
  });

  it('should see the import forms it checks', () => {
    expect(specifiers(`import { a } from '../ui/x';\nconst m = await import('react');\nexport * from "./y";\nimport './side-effect';`)).toEqual(['../ui/x', 'react', './y', './side-effect']);
  });
});

describe('src/', () => {
  // Issue 27 item 8: test fixtures live in test/fixtures/, out of the app's source tree.
  it('should hold no test fixture: fixtures, fakes and scripted models live in test/fixtures/', () => {
    const src = join(core, '..');
    const fixtures = sourceFiles(src)
      .map((file) => relative(src, file).split(sep).join('/'))
      .filter((file) => /(^|\/)(testing|fixtures?)\/|\.fixtures?\.ts$|(^|\/)(fake|scripted)-[^/]*\.ts$/.test(file));
    expect(fixtures).toEqual([]);
  });
});
