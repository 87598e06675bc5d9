import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './testing/source-files';

const core = dirname(fileURLToPath(import.meta.url));

const FORBIDDEN = [
  { pattern: /from\s+['"](react|react-dom|zustand|recharts|@xyflow\/react|comlink|idb-keyval)['"/]/, why: 'a UI or browser library' },
  { pattern: /from\s+['"]\.\.\/.*\b(ui|worker|backends)\//, why: 'another layer' },
  { pattern: /\b(document|window|localStorage|indexedDB)\./, why: 'the DOM' },
  { pattern: /\bfetch\(/, why: 'the network (data comes in through the runner)' },
];

describe('src/core', () => {
  it('should stay free of the DOM, React and the other layers (DESIGN section 1)', () => {
    const problems = sourceFiles(core, /\.tsx?$/).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return FORBIDDEN.filter((rule) => rule.pattern.test(text)).map((rule) => `${relative(core, file)} uses ${rule.why}`);
    });
    expect(problems).toEqual([]);
  });
});
