import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const core = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const FORBIDDEN = [
  { pattern: /from\s+['"](react|react-dom|zustand|recharts|@xyflow\/react|comlink|idb-keyval)['"/]/, why: 'a UI or browser library' },
  { pattern: /from\s+['"]\.\.\/.*\b(ui|worker|backends)\//, why: 'another layer' },
  { pattern: /\b(document|window|localStorage|indexedDB)\./, why: 'the DOM' },
  { pattern: /\bfetch\(/, why: 'the network (data comes in through the runner)' },
];

describe('src/core', () => {
  it('should stay free of the DOM, React and the other layers (DESIGN section 1)', () => {
    const problems = sourceFiles(core).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return FORBIDDEN.filter((rule) => rule.pattern.test(text)).map((rule) => `${relative(core, file)} uses ${rule.why}`);
    });
    expect(problems).toEqual([]);
  });
});
