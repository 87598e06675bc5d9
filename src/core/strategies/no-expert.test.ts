import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from '../../../test/fixtures/source-files';

const here = dirname(fileURLToPath(import.meta.url));
const core = resolve(here, '..');

/** Every module a file imports, resolved to a path relative to src/core (packages stay as written). */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers.map((s) => (s.startsWith('.') ? relative(core, resolve(dirname(file), s)) : s));
}

/** Why a strategy module may not import a path, or undefined when it may. */
export function forbiddenForStrategies(path: string): string | undefined {
  if (/expert/i.test(path)) return 'strategies never see an expert';
  if (path.startsWith('envs') || path.includes('test/fixtures/')) return 'strategies see environments only through the Environment contract';
  if (path.startsWith('run')) return 'strategies do not reach into the runner';
  return undefined;
}

describe('strategy modules', () => {
  it('should import no expert and nothing from the environments', () => {
    const files = sourceFiles(here);
    expect(files.length).toBeGreaterThan(3);
    const problems = files.flatMap((file) =>
      importsOf(file)
        .map((path) => ({ path, why: forbiddenForStrategies(path) }))
        .filter((item) => item.why)
        .map((item) => `${relative(core, file)} imports ${item.path}: ${item.why}`),
    );
    expect(problems).toEqual([]);
  });

  it('should flag a module that imports an expert', () => {
    expect(forbiddenForStrategies('envs/household/household-expert')).toBeDefined();
    expect(forbiddenForStrategies('llm/sim/sim-lm')).toBeUndefined();
  });
});
