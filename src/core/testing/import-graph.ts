import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Statements that load a module when the file runs: imports and export-froms that are not
 * `import type` / `export type` (the compiler erases those), and side-effect imports. Written for
 * this code base's style, where each such statement starts a line and ends with `;`.
 */
const STATIC = /^(?:import|export)(\s+type\b)?[^;]*?\bfrom\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The specifiers of the modules a source text loads when it runs, dynamic `import()` included. */
export function valueImports(text: string): string[] {
  const found = [...text.matchAll(STATIC)].flatMap((match) => (match[1] ? [] : [match[2] ?? match[3]]));
  return [...found, ...[...text.matchAll(DYNAMIC)].map((match) => match[1])];
}

/** The file a relative specifier names from `file`; undefined for a package. */
function resolve(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(file), specifier.replace(/\?.*$/, ''));
  return EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path) && statSync(path).isFile());
}

/** Every source file `entry` loads when it runs, itself included, following relative value imports. */
export function reachableFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if (target) visit(target);
    }
  };
  visit(entry);
  return [...seen];
}
