import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository stands alone: no code comment, doc or page points to the design notes, papers or
 * data that sat beside it while it was written (docs/contributing.md). What the code relies on is in
 * docs/; papers are cited by title and arXiv id.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

/** Names of the outside notes and folders, however they are written. */
const OUTSIDE_NAMES = [/\bDESIGN(\.md\b| section\b| \d)/, /REFERENCE-NOTES/, /\bSTYLE\.md\b/, /\bshared\/(papers|DESIGN|REFERENCE-NOTES|STYLE|data|dev-sets|hooks)\b/];
/** A relative path into a `shared/` folder: this repository has none (strategies' common code is in `common/`). */
const RELATIVE_SHARED = /(?:\.\.\/)+shared\/[\w./-]*/g;

/** Each pointer out of the repository in `text`. */
export function outsidePointers(text: string): string[] {
  const found: string[] = [];
  for (const name of OUTSIDE_NAMES) {
    const match = name.exec(text);
    if (match) found.push(match[0]);
  }
  for (const match of text.matchAll(RELATIVE_SHARED)) found.push(match[0]);
  return found;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

const TEXT = /\.(ts|tsx|js|mjs|md|html|css)$/;

describe('the repository stands alone', () => {
  it('finds a pointer to the outside notes, a relative shared/ path included, and leaves the in-repository common/ folder alone', () => {
    expect(outsidePointers('// the prompts (DESIGN 4.2)')).toEqual(['DESIGN 4']);
    expect(outsidePointers('see ../shared/papers/autotool.txt')).toHaveLength(2);
    expect(outsidePointers('(REFERENCE-NOTES: web-llm)')).toEqual(['REFERENCE-NOTES']);
    expect(outsidePointers("import { runReactLoop } from '../common/react-loop';")).toEqual([]);
    expect(outsidePointers("import { runReactLoop } from '../shared/react-loop';")).toEqual(['../shared/react-loop']);
    expect(outsidePointers('AutoTool (arXiv 2511.14650), section 4.4')).toEqual([]);
  });

  it('has no file in src/, test/, docs/, scripts/, e2e/, public/ texts or the README that points outside it', () => {
    const files = [
      ...['src', 'test', 'docs', 'scripts', 'e2e'].flatMap((dir) => filesUnder(join(root, dir), TEXT)),
      ...filesUnder(join(root, 'public'), /\.(md|html)$/),
      join(root, 'README.md'),
      join(root, 'index.html'),
    ].filter((file) => file !== SELF && existsSync(file));
    const offending = files.flatMap((file) => outsidePointers(readFileSync(file, 'utf8')).map((pointer) => `${relative(root, file).split(sep).join('/')}: ${pointer}`));
    expect(offending).toEqual([]);
  });
});
