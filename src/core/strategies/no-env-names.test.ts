import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from '../../../test/fixtures/source-files';
import { bundledDataset } from '../../../test/fixtures/record-sim-run';
import { ENVIRONMENTS } from '../envs';

const here = dirname(fileURLToPath(import.meta.url));
const core = resolve(here, '..');

/** The texts of a source's string literals ('...', "..." and `...`), comments left out. */
function stringLiterals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The names a string literal may not hold: every environment's id and the name of every tool its bundled tasks show. */
function environmentNames(): Set<string> {
  const names = new Set<string>();
  for (const [id, spec] of Object.entries(ENVIRONMENTS)) {
    names.add(id);
    const dataset = bundledDataset(spec);
    const env = spec.create(dataset);
    for (const task of dataset.tasks.slice(0, 30)) {
      env.reset(task, 1);
      for (const tool of env.tools()) names.add(tool.name);
    }
  }
  return names;
}

/** `file: name` for each name a literal of the text holds as a whole word. */
function namesIn(file: string, text: string, names: Set<string>): string[] {
  const found = new Set<string>();
  for (const literal of stringLiterals(text)) {
    for (const word of literal.split(/[^A-Za-z0-9_.\-/]+/)) if (names.has(word)) found.add(`${file}: ${word}`);
  }
  return [...found];
}

describe('strategy modules', () => {
  const names = environmentNames();

  it('should name no environment and no tool of one in their code: a strategy reads what the Environment contract gives it', () => {
    expect(names.size).toBeGreaterThan(100);
    const files = sourceFiles(here).filter((file) => !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    const problems = files.flatMap((file) => namesIn(relative(core, file), readFileSync(file, 'utf8'), names));
    expect(problems).toEqual([]);
  });

  it('should flag a tool or environment named in a string, not in a comment', () => {
    expect(namesIn('x.ts', `const skip = new Set(['inventory', 'look']);`, names)).toEqual(['x.ts: inventory', 'x.ts: look']);
    expect(namesIn('x.ts', `if (env.id === "household") return;`, names)).toEqual(['x.ts: household']);
    expect(namesIn('x.ts', `// the household's inventory\n/* check_valid_actions */ const a = 1;`, names)).toEqual([]);
  });
});
