import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from '../../test/fixtures/source-files';
import { clearModuleCaches, moduleCaches } from './caches';
import { InThreadRunner } from './run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run/run-config';
import type { RunResult } from './run/results';

const core = dirname(fileURLToPath(import.meta.url));
const DATA = fileURLToPath(new URL('../../public/data/', import.meta.url));

/** What makes a cache: a map, a weak map, or one of the memos of caches.ts and SimLM. */
const CACHE_MAKER = /\bnew (Weak)?Map\b|\b(textCache|listingMemo|weakCache|boundedCache|lastOne|recentList)\s*[<(]|\bnew OptionCache\b/;

/**
 * Module-level state that is not a cache, each with why: nothing a run returns depends on it.
 * `path: name`.
 */
const NOT_CACHES: Record<string, string> = {
  'run/yield.ts: lastYield': 'when the loop last let other work through: timing, never a result',
  'llm/qwen-tokenizer.ts: loading': 'the tokenizer, loaded once: data, not a memo (its own caches are module caches)',
};

/** `path: name` for each module-level declaration of a source that keeps state outside caches.ts. */
export function strayState(path: string, text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const declaration = /^(?:export )?(const|let) (\w+)\s*(?::\s*([^=]+))?=\s*(.*)$/.exec(line) ?? /^(let) (\w+)\s*(?::\s*([^=;]+))?;/.exec(line);
    if (!declaration) continue;
    const [, keyword, name, type = '', init = ''] = declaration;
    const key = `${path}: ${name}`;
    if (Object.hasOwn(NOT_CACHES, key)) continue;
    if (keyword === 'let') found.push(key);
    else if (CACHE_MAKER.test(init) && !/^module(Text)?Cache\(/.test(init) && !/^Readonly(Map|Set)</.test(type.trim())) found.push(key);
  }
  return found;
}

const files = sourceFiles(core, /\.tsx?$/)
  .filter((file) => !file.endsWith('.test.ts'))
  .map((file) => ({ file, path: relative(core, file).split(sep).join('/') }))
  .filter(({ path }) => path !== 'caches.ts' && path !== 'text-cache.ts');

describe('module-level caches (src/core/caches.ts)', () => {
  it('should all be made through moduleCache, named and bounded: no other module keeps a map, a memo or a variable of its own', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(({ file, path }) => strayState(path, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('should see a cache made outside moduleCache, and let a named one and a constant table pass', () => {
    expect(strayState('x.ts', 'const seen = new Map<string, number>();')).toEqual(['x.ts: seen']);
    expect(strayState('x.ts', 'const parts = textCache<string[]>(20_000);\nlet last: string | undefined;')).toEqual(['x.ts: parts', 'x.ts: last']);
    expect(strayState('x.ts', "const parts = moduleCache('x: parts', textCache<string[]>(20_000));")).toEqual([]);
    expect(strayState('x.ts', 'export const BY_NAME: ReadonlyMap<string, number> = new Map([["a", 1]]);')).toEqual([]);
  });

  it('should list every module cache with its bound', async () => {
    await import('./envs');
    await import('./strategies');
    const list = moduleCaches();
    expect(list.length).toBeGreaterThan(10);
    for (const cache of list) expect(cache.bound, cache.name).toMatch(/\d|life of its keys/);
  });
});

describe('a run and the caches', () => {
  const load = async (file: string) => JSON.parse(await readFile(join(DATA, file), 'utf8'));
  /** A run's task results without times, which differ from run to run. */
  const outcome = (result: RunResult) =>
    result.results.map((r) => Object.fromEntries(Object.entries(r).filter(([key]) => !/ms$|Ms$|seconds$|Seconds$/.test(key))));
  const config = (envs: string[], strategies: string[]): RunConfig => ({ ...DEFAULT_RUN_CONFIG, envs, strategies, tasks: 2, seeds: 1, model: 'sim:small', embedder: 'lexical' });

  it('should give the same results with every cache emptied, or warmed by another run first', async () => {
    const runner = new InThreadRunner(load);
    const setups = [config(['household', 'academic'], ['react', 'autotool-react']), { ...config(['toolbench', 'restapi'], ['react', 'ecoact-react', 'toolexpnet']), params: { toolexpnet: { iterations: 1, maxTry: 5, queriesPerEdge: 1 } } }, config(['slate'], ['react', 'egb-logits'])];
    for (const setup of setups) {
      const first = outcome(await runner.run(setup));
      clearModuleCaches();
      expect(moduleCaches().every((cache) => !cache.entries)).toBe(true);
      expect(outcome(await runner.run(setup)), 'after clearModuleCaches()').toEqual(first);
      await runner.run(setups[(setups.indexOf(setup) + 1) % setups.length]);
      expect(outcome(await runner.run(setup)), 'after another run').toEqual(first);
    }
    // Twelve small runs: about 40 s alone, several times that on a loaded machine.
  }, 300_000);
});
