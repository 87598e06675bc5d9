import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Source files under `dir` whose names match `pattern`, test files excluded (for rule tests). */
export function sourceFiles(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, pattern);
    return pattern.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}
